import Foundation
import Testing

@testable import SwedbankPaySDK

@Suite struct NavigationPolicyTests {
    typealias Outcome = SwedbankPaySDK.NavigationOutcome

    private static let paymentUrl = "https://merchant.example/sdk-callback/ios-universal-link?scheme=testcallback&id=1"

    private func policy(
        _ behavior: SwedbankPaySDKController.WebRedirectBehavior = .Default,
        info: SwedbankPaySDK.ViewPaymentOrderInfo? = WebPaymentFixtures.v3Info
    ) -> SwedbankPaySDK.NavigationPolicy {
        SwedbankPaySDK.NavigationPolicy(
            info: info,
            webRedirectBehavior: behavior,
            matchesPaymentUrl: SwedbankPaySDK.PaymentURLMatcher(callbackScheme: "testcallback").url(_:matches:)
        )
    }

    private func request(
        _ url: String, mainFrame: Bool = true, newWindow: Bool = false, method: String = "GET"
    ) -> SwedbankPaySDK.WebNavigationRequest {
        SwedbankPaySDK.WebNavigationRequest(
            url: URL(string: url)!, method: method, isMainFrame: mainFrame, isNewWindow: newWindow)
    }

    @Test(
        "the payment's own URLs are intercepted from the top-level document only",
        arguments: [
            ("https://merchant.example/complete", Outcome.complete),
            ("https://merchant.example/cancel", .cancelPayment),
            (paymentUrl, .reloadPaymentMenu),
            (paymentUrl + "&fallback=true", .reloadPaymentMenu),
            (
                "testcallback://merchant.example/sdk-callback/ios-universal-link?scheme=testcallback&id=1",
                .reloadPaymentMenu
            ),
            ("https://merchant.example/tos", .termsOfService(URL(string: "https://merchant.example/tos")!)),
        ])
    func paymentProcessURLs(url: String, expected: Outcome) {
        for behavior in [SwedbankPaySDKController.WebRedirectBehavior.Default, .AlwaysUseBrowser] {
            #expect(policy(behavior).decide(request(url)) == expected, "\(url)")
            // A frame never ends, cancels or reloads the payment (an embedded page could).
            #expect(policy(behavior).decide(request(url, mainFrame: false)) == .deny, "\(url) in a frame")
            // A popup may show the terms of service, and nothing else of the payment's.
            let popup = policy(behavior).decide(request(url, newWindow: true))
            if case .termsOfService = expected {
                #expect(popup == expected)
            } else {
                #expect(popup == .deny, "\(url) in a popup")
            }
        }
    }

    @Test func anEmptyPathIsTheRootPath() {
        var info = WebPaymentFixtures.v3Info
        info.completeUrl = URL(string: "https://done.example")!
        #expect(policy(info: info).decide(request("https://done.example/")) == .complete)
        #expect(policy(info: info).decide(request("https://done.example")) == .complete)
        #expect(policy(info: info).decide(request("https://done.example/?x=1")) != .complete)
    }

    @Test func aPOSTToTheCompleteUrlStillCompletes() {
        #expect(policy().decide(request("https://merchant.example/complete", method: "POST")) == .complete)
    }

    @Test func nearMissesOfThePaymentUrlAreThirdPartyPages() {
        let changed = "https://merchant.example/sdk-callback/ios-universal-link?scheme=testcallback&id=2"
        #expect(
            policy().decide(request(changed)) == .thirdPartyPage(URL(string: changed)!, placement: .askConfiguration))
        let otherScheme = "otherapp://merchant.example/sdk-callback/ios-universal-link?scheme=testcallback&id=1"
        #expect(policy().decide(request(otherScheme)) == .launchApp(URL(string: otherScheme)!))
    }

    @Test(
        "third-party pages open where webRedirectBehavior says",
        arguments: [
            (SwedbankPaySDKController.WebRedirectBehavior.Default, SwedbankPaySDK.ThirdPartyPlacement.askConfiguration),
            (.AlwaysUseWebView, .webView),
            (.AlwaysUseBrowser, .browser),
        ])
    func thirdPartyPages(
        behavior: SwedbankPaySDKController.WebRedirectBehavior, placement: SwedbankPaySDK.ThirdPartyPlacement
    ) {
        let url = "https://acs.bank.example/challenge"
        #expect(policy(behavior).decide(request(url)) == .thirdPartyPage(URL(string: url)!, placement: placement))
        // Frames stay where they are, whatever the behaviour: the hosted view lives in one.
        #expect(policy(behavior).decide(request(url, mainFrame: false)) == .allow)
        // Popups never replace the menu.
        #expect(policy(behavior).decide(request(url, newWindow: true)) == .openInBrowser(URL(string: url)!))
    }

    @Test(
        "other schemes go to another app, from any frame",
        arguments: [
            "swish://paymentrequest?token=abc", "bankid:///?autostarttoken=x", "intent://pay#Intent;end", "tel:123",
        ])
    func customSchemes(url: String) {
        #expect(policy().decide(request(url)) == .launchApp(URL(string: url)!))
        #expect(policy().decide(request(url, mainFrame: false)) == .launchApp(URL(string: url)!))
        #expect(policy(.AlwaysUseWebView).decide(request(url, newWindow: true)) == .launchApp(URL(string: url)!))
    }

    @Test func engineSchemesStayInThePageButNeverOpenWindows() {
        for url in [
            "about:blank", "about:srcdoc", "data:text/html,hi", "blob:https://psp.example/1", "javascript:void(0)",
        ] {
            #expect(policy().decide(request(url)) == .allow, "\(url)")
            #expect(policy().decide(request(url, mainFrame: false)) == .allow, "\(url)")
            #expect(policy().decide(request(url, newWindow: true)) == .deny, "\(url)")
        }
    }

    @Test func withoutAPaymentOrderNothingIsIntercepted() {
        // Checkin: the payment's URLs are not known yet.
        #expect(
            policy(info: nil).decide(request("https://merchant.example/complete"))
                == .thirdPartyPage(URL(string: "https://merchant.example/complete")!, placement: .askConfiguration))
        #expect(policy(info: nil).decide(request("https://psp.example/frame", mainFrame: false)) == .allow)
    }

    @Test func anOrderWithoutOptionalURLsInterceptsOnlyItsCompleteUrl() {
        var info = WebPaymentFixtures.v2Info
        info.cancelUrl = nil
        info.paymentUrl = nil
        #expect(policy(info: info).decide(request("https://merchant.example/complete")) == .complete)
        #expect(
            policy(info: info).decide(request("https://merchant.example/cancel"))
                == .thirdPartyPage(URL(string: "https://merchant.example/cancel")!, placement: .askConfiguration))
    }
}
