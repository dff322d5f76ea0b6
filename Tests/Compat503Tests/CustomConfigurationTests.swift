import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The 5.0.3-style `AppBackendConfiguration` driven by the SDK's own controller (over a scripted
/// web view): each requirement the controller uses is the class's own method, called with the
/// app's arguments, and its results reach the payment.
@MainActor
@Suite struct CustomConfigurationTests {
    final class Launcher: SwedbankPaySDK.AppLauncher {
        func open(_ url: URL) async -> Bool { true }
        func openAppLink(_ url: URL) async -> Bool { false }
    }

    final class Screen: SwedbankPaySDKDelegate {
        var log: [String] = [] {
            didSet { calls.arrive() }
        }
        /// One arrival per delegate call (the test's, not part of the 5.0.3 pattern).
        let calls = Arrivals()
        func paymentComplete() { log.append("paymentComplete") }
        func paymentCanceled() { log.append("paymentCanceled") }
        func paymentFailed(error: Error) { log.append("paymentFailed \(error)") }
    }

    static let order = SwedbankPaySDK.PaymentOrder(
        currency: "SEK", amount: 1500, vatAmount: 375, description: "Test Purchase",
        urls: SwedbankPaySDK.PaymentOrderUrls(
            hostUrls: [URL(string: "https://shop.example.com/")!],
            completeUrl: URL(string: "https://shop.example.com/complete")!))

    /// Returns once `condition` holds, checking again after each thing the scripted web view
    /// records; gives up after five seconds without one.
    static func waitUntil(_ condition: () -> Bool) async throws {
        await Arrivals.settle(until: condition)
    }

    @Test func theControllerCreatesUpdatesAndAbortsThroughTheAppsClass() async throws {
        let configuration = AppBackendConfiguration()
        let host = ScriptedWebViewHost()
        let screen = Screen()
        let controller = SwedbankPaySDKController(
            configuration: configuration, webViewHost: host, appLauncher: Launcher())
        controller.delegate = screen
        controller.startPayment(paymentOrder: Self.order, userData: "customer-7")
        await host.htmlLoads.wait()

        let page = try #require(host.last?.loadedHTML.first)
        #expect(page.baseURL.absoluteString == "https://shop.example.com/")
        #expect(page.html.contains(#""https://ecom.example.com/checkout.js?token=p""#))
        #expect(configuration.calls == ["postPaymentorders Test Purchase customer-7 - v3=true"])
        #expect(
            controller.currentPaymentOrder?.viewPaymentLink.absoluteString
                == "https://ecom.example.com/checkout.js?token=p")

        controller.updatePaymentOrder(updateInfo: SwedbankPaySDK.Instrument.creditCard)
        try await Self.waitUntil { controller.currentPaymentOrder?.instrument != nil }
        #expect(controller.currentPaymentOrder?.instrument == .creditCard)
        #expect(configuration.calls.last == "updatePaymentOrder CreditCard")

        controller.abortPayment()
        #expect(await screen.calls.wait())
        #expect(configuration.calls.last == "abortPayment https://ecom.example.com/checkout.js?token=p")
        #expect(screen.log == ["paymentCanceled"])
        #expect(configuration.calls.count == 3)
    }

    @Test func theCallbackSchemeAndTheGenericExpandAreTheAppsOwn() throws {
        struct Paid: Decodable { var paid: Bool }
        let configuration = AppBackendConfiguration()
        let paymentUrl = URL(string: "https://shop.example.com/payment?id=1")!
        #expect(
            configuration.url(
                URL(string: "com.example.app://shop.example.com/payment?id=1&x=2")!, matchesPaymentUrl: paymentUrl))
        #expect(
            !configuration.url(URL(string: "other.app://shop.example.com/payment?id=1")!, matchesPaymentUrl: paymentUrl)
        )

        var paid: Bool?
        let request = configuration.expandOperation(
            paymentId: "/psp/paymentorders/1", expand: [.paid], endpoint: "expand"
        ) { (result: Result<Paid, Error>) in
            paid = try? result.get().paid
        }
        #expect(request == nil)
        #expect(paid == true)
        #expect(configuration.calls == [#"expandOperation /psp/paymentorders/1 ["paid"] expand"#])
    }
}

#if !(canImport(UIKit) && canImport(WebKit))
    extension CustomConfigurationTests {
        /// Where WebKit exists the action is a `WKNavigationAction`, which tests cannot make.
        @Test func theRedirectDecisionIsTheAppsOwn() {
            let configuration = AppBackendConfiguration()
            let action = SwedbankPaySDK.NavigationAction(
                request: URLRequest(url: URL(string: "https://bank.example.com/3ds")!), isMainFrame: true)
            var policy: SwedbankPaySDK.PaymentMenuRedirectPolicy?
            configuration.decidePolicyForPaymentMenuRedirect(navigationAction: action) { policy = $0 }
            #expect(policy == .openInBrowser)
            #expect(configuration.calls == ["decidePolicy"])
        }
    }
#endif
