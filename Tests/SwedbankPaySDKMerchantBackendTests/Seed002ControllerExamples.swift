import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend
import SwedbankPaySDKTesting
import Testing

// The controller code of seed 002 ("iOS") and seed 003 ("Process Diagrams"), as real Swift. The
// seed's delegate spells one method `paymentcancelled()`; the protocol's name (and the seed's own
// table) is `paymentCanceled()`. `present` and `dismiss` are UIKit's; here a stand-in records them.

/// The app's screen in the seed: it presents the controller and is its delegate.
@MainActor
final class SeedCheckoutScreen: SwedbankPaySDKDelegate {
    var log: [String] = [] {
        didSet { Arrivals.anything.arrive() }
    }
    let webViewHost: any SwedbankPaySDK.WebViewHost

    init(webViewHost: any SwedbankPaySDK.WebViewHost) {
        self.webViewHost = webViewHost
    }

    func present(_ controller: SwedbankPaySDK.PlatformViewController, animated: Bool, completion: (() -> Void)?) {
        log.append("present")
    }

    func dismiss(animated: Bool, completion: (() -> Void)?) {
        log.append("dismiss")
    }

    /// Seed 002, "To start a payment": always Digital Payments (v3).
    func pay(_ payment: SwedbankPaySDK.PaymentOrder) -> SwedbankPaySDKController {
        SwedbankPaySDKController.defaultWebViewHost = webViewHost
        let paymentController = SwedbankPaySDKController()
        paymentController.delegate = self
        paymentController.startPayment(paymentOrder: payment)

        present(paymentController, animated: true, completion: nil)
        return paymentController
    }

    /// Seed 002, "To start a payment with consumer-checkin".
    func payWithCheckin(_ payment: SwedbankPaySDK.PaymentOrder, consumer: SwedbankPaySDK.Consumer)
        -> SwedbankPaySDKController
    {
        SwedbankPaySDKController.defaultWebViewHost = webViewHost
        let paymentController = SwedbankPaySDKController()
        paymentController.delegate = self
        paymentController.startPayment(
            withCheckin: true,
            consumer: consumer,
            paymentOrder: payment,
            userData: nil
        )

        present(paymentController, animated: true, completion: nil)
        // There are, of course, many other ways of displaying a view controller
        return paymentController
    }

    func paymentComplete() {
        dismiss(animated: true, completion: nil)
        // Check payment status from your backend
        // Notify user
        log.append("paymentComplete")
    }

    func paymentCanceled() {
        dismiss(animated: true, completion: nil)
        // Notify user
        log.append("paymentCanceled")
    }

    func paymentFailed(error: Error) {
        dismiss(animated: true, completion: nil)
        // Notify user
        log.append("paymentFailed(\(error))")
    }
}

@MainActor
@Suite(.serialized) struct Seed002ControllerExamples {
    @Test func aV3PaymentThroughTheMerchantBackendCompletes() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created))
        let host = ScriptedWebViewHost()
        let screen = SeedCheckoutScreen(webViewHost: host)

        // Make it the default for all SDKControllers
        SwedbankPaySDKController.defaultConfiguration = harness.configuration
        let paymentController = screen.pay(harness.order)
        SwedbankPaySDKController.defaultConfiguration = nil

        await host.htmlLoads.wait()
        let webView = try #require(host.last)
        #expect(
            harness.requestLines == [
                "GET https://backend.example.com/swedbank-pay-mobile/",
                "POST https://backend.example.com/swedbank-pay-mobile/paymentorders",
            ])
        #expect(webView.loadedHTML.first?.baseURL == URL(string: MerchantBackendHarness.backend))
        #expect(webView.loadedHTML.first?.html.contains("payex.hostedView.checkout(parameters)") == true)
        #expect(
            paymentController.currentPaymentOrder?.paymentId
                == "/psp/paymentorders/5adc265f-f87f-4313-577e-08d3dca1a26c")

        let completeUrl = try #require(paymentController.currentPaymentOrder?.completeUrl)
        #expect(await webView.offer(completeUrl.absoluteString) == .cancel)
        #expect(screen.log == ["present", "dismiss", "paymentComplete"])
    }

    @Test func theCheckinExampleStartsWithTheConsumerSession() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on(
            "POST", MerchantBackendHarness.consumersURL,
            reply: .json(
                #"{"operations":[{"rel":"view-consumer-identification","href":"https://ecom.example.com/consumer.js?token=c"}]}"#
            ))
        let host = ScriptedWebViewHost()
        let screen = SeedCheckoutScreen(webViewHost: host)
        let consumer = SwedbankPaySDK.Consumer(
            language: .Swedish,
            shippingAddressRestrictedToCountryCodes: ["NO", "SE", "DK"]
        )

        SwedbankPaySDKController.defaultConfiguration = harness.configuration
        let paymentController = screen.payWithCheckin(harness.order, consumer: consumer)
        SwedbankPaySDKController.defaultConfiguration = nil

        await host.htmlLoads.wait()
        #expect(
            harness.requestLines == [
                "GET https://backend.example.com/swedbank-pay-mobile/",
                "POST https://backend.example.com/swedbank-pay-mobile/consumers",
            ])
        #expect(
            try harness.body(ofRequest: 1)
                == json(
                    #"{"operation":"initiate-consumer-session","language":"sv-SE","shippingAddressRestrictedToCountryCodes":["NO","SE","DK"]}"#
                ))
        #expect(host.last?.loadedHTML.first?.html.contains("payex.hostedView.consumer(parameters).open()") == true)
        #expect(screen.log == ["present"])
        #expect(paymentController.currentPaymentOrder == nil)
    }

    /// Seed 002's sequence diagram creates the controller with its arguments (seed 003: "its
    /// designated initializer takes all the required arguments").
    @Test func theInitializerWithArgumentsStartsAtOnce() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on(
            "POST", MerchantBackendHarness.paymentordersURL, reply: .response(status: 500, headers: [:], body: Data()))
        let host = ScriptedWebViewHost()
        let screen = SeedCheckoutScreen(webViewHost: host)
        SwedbankPaySDKController.defaultWebViewHost = host

        let swedbankPaySdkController = SwedbankPaySDKController(
            configuration: harness.configuration, consumer: nil, paymentOrder: harness.order)
        swedbankPaySdkController.delegate = screen
        await Arrivals.settle { !screen.log.isEmpty }
        #expect(harness.requestLines.last == "POST https://backend.example.com/swedbank-pay-mobile/paymentorders")
        #expect(screen.log.count == 2)
        #expect(screen.log.last?.hasPrefix("paymentFailed(problem(") == true)
    }
}
