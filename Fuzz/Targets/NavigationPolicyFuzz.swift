import Foundation

@testable import SwedbankPaySDK

/// The web payment's navigation policy: whatever the URL and flags, only http(s) pages and the
/// engine's own schemes (about, data, blob, javascript — never a new window) may load in the web
/// view, and the payment's own URLs are recognised only as themselves. Input: flag byte, URL.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNavigationPolicy(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count >= 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let flags = bytes[0]
    guard let url = URL(string: String(decoding: bytes[1...], as: UTF8.self)) else { return 0 }
    let info = SwedbankPaySDK.ViewPaymentOrderInfo(
        isV3: true, webViewBaseURL: URL(string: "https://shop.example.com/"),
        viewPaymentLink: URL(string: "https://pay.example.com/checkout/1")!,
        completeUrl: URL(string: "https://shop.example.com/complete")!,
        cancelUrl: URL(string: "https://shop.example.com/cancel")!,
        paymentUrl: URL(
            string: "https://shop.example.com/sdk-callback/ios-universal-link?scheme=com.example.app&id=1")!,
        termsOfServiceUrl: URL(string: "https://shop.example.com/terms")!)
    let behaviours: [SwedbankPaySDKController.WebRedirectBehavior] = [.Default, .AlwaysUseWebView, .AlwaysUseBrowser]
    let matcher = SwedbankPaySDK.PaymentURLMatcher(callbackScheme: "com.example.app")
    let policy = SwedbankPaySDK.NavigationPolicy(
        info: info, webRedirectBehavior: behaviours[Int(flags >> 2) % 3],
        matchesPaymentUrl: { matcher.url($0, matches: $1) })
    let request = SwedbankPaySDK.WebNavigationRequest(
        url: url, isMainFrame: flags & 1 == 0, isNewWindow: flags & 2 != 0)
    let scheme = url.scheme?.lowercased() ?? ""
    switch policy.decide(request) {
    case .allow:
        precondition(
            ["http", "https"].contains(scheme)
                || (SwedbankPaySDK.NavigationPolicy.engineSchemes.contains(scheme) && !request.isNewWindow),
            "allowed \(url) in the web view")
    case .thirdPartyPage(let page, _):
        precondition(
            ["http", "https"].contains(page.scheme?.lowercased() ?? ""), "third-party page \(page) is not http(s)")
    case .launchApp(let app):
        precondition(!["http", "https", ""].contains(app.scheme?.lowercased() ?? ""), "launching \(app) as an app")
    case .complete:
        precondition(
            SwedbankPaySDK.NavigationPolicy.normalized(url) == "https://shop.example.com/complete",
            "completed on \(url)")
        precondition(request.isMainFrame && !request.isNewWindow, "completed from a frame or popup")
    case .cancelPayment:
        precondition(
            SwedbankPaySDK.NavigationPolicy.normalized(url) == "https://shop.example.com/cancel", "cancelled on \(url)")
        precondition(request.isMainFrame && !request.isNewWindow, "cancelled from a frame or popup")
    case .reloadPaymentMenu:
        precondition(request.isMainFrame && !request.isNewWindow, "reloaded from a frame or popup")
    case .deny, .termsOfService, .openInBrowser:
        break
    }
    return 0
}
