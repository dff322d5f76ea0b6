import Foundation

@testable import SwedbankPaySDK

/// The web payment's navigation policy: ``SDKProperties/navigation(_:behaviour:)`` whatever the
/// URL, frame, window and redirect behaviour. Input: flag byte, URL.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNavigationPolicy(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count >= 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let flags = bytes[0]
    guard let url = URL(string: String(decoding: bytes[1...], as: UTF8.self)) else { return 0 }
    let behaviours: [SwedbankPaySDKController.WebRedirectBehavior] = [.Default, .AlwaysUseWebView, .AlwaysUseBrowser]
    let request = SwedbankPaySDK.WebNavigationRequest(
        url: url, isMainFrame: flags & 1 == 0, isNewWindow: flags & 2 != 0)
    if let broken = SDKProperties.navigation(request, behaviour: behaviours[Int(flags >> 2) % 3]) { fatalError(broken) }
    return 0
}
