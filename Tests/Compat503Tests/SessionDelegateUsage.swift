import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

// A native payment screen written as for 5.0.3: a plain class (no @MainActor written) conforming
// to SwedbankPaySDKPaymentSessionDelegate with all eight methods. (5.0.3's 3-D Secure method takes
// a UIViewController; SwedbankPaySDK.PlatformViewController is UIViewController where UIKit
// exists.)

class NativeCheckoutScreen: SwedbankPaySDKPaymentSessionDelegate {
    let paymentSession: SwedbankPaySDK.SwedbankPayPaymentSession
    var log: [String] = []
    /// One arrival per delegate call (the test's, not part of the 5.0.3 pattern).
    let calls = Arrivals()
    var swishNumbers: [String] = []
    var savedCards: [String] = []

    init(paymentSession: SwedbankPaySDK.SwedbankPayPaymentSession) {
        self.paymentSession = paymentSession
        paymentSession.delegate = self
    }

    func paymentSessionComplete() { log.append("complete") }
    func paymentSessionCanceled() { log.append("canceled") }

    func paymentSessionFetched(availableInstruments: [SwedbankPaySDK.AvailableInstrument]) {
        for instrument in availableInstruments {
            switch instrument {
            case .swish(let prefills):
                swishNumbers += prefills?.map { $0.msisdn } ?? []
            case .creditCard(let prefills):
                savedCards += prefills?.map { $0.maskedPan } ?? []
            case .applePay, .webBased:
                break
            }
        }
        log.append("fetched \(availableInstruments.map(\.paymentMethod))")
        calls.arrive()
    }

    func sessionProblemOccurred(problem: SwedbankPaySDK.ProblemDetails) {
        log.append("sessionProblem \(problem.type)")
    }

    func sdkProblemOccurred(problem: SwedbankPaySDK.PaymentSessionProblem) {
        log.append("sdkProblem")
    }

    func showSwedbankPaySDKController(viewController: SwedbankPaySDKController) { log.append("showController") }
    func show3DSecureViewController(viewController: SwedbankPaySDK.PlatformViewController) { log.append("show3DS") }
    func dismiss3DSecureViewController() { log.append("dismiss3DS") }
}

@MainActor
@Suite struct SessionDelegateUsageTests {
    static let base = "https://pay.example.com/psp/paymentsessions/t1"

    final class NoApps: SwedbankPaySDK.AppLauncher {
        func open(_ url: URL) async -> Bool { false }
        func openAppLink(_ url: URL) async -> Bool { false }
    }

    static func model(methods: String, operations: String) -> String {
        """
        {"paymentSession": {"culture": "sv-SE", "instrumentModePaymentMethod": null,
          "settings": {"enabledPaymentMethods": ["Swish", "CreditCard"]},
          "urls": {"completeUrl": "https://shop.example.com/complete", "cancelUrl": "https://shop.example.com/cancel",
                   "paymentUrl": "https://shop.example.com/payment", "hostUrls": ["https://shop.example.com"]},
          "methods": [\(methods)]},
         "operations": [\(operations)]}
        """
    }

    @Test func theFetchedInstrumentsReachThe503Delegate() async throws {
        let http = StubHTTPClient()
        http.on(
            "GET", Self.base,
            reply: .json(
                Self.model(
                    methods: "",
                    operations:
                        #"{"rel": "prepare-payment", "href": "\#(Self.base)/prepare", "method": "POST", "next": true}"#
                )))
        http.on(
            "POST", Self.base + "/prepare",
            reply: .json(
                Self.model(
                    methods: #"""
                        {"paymentMethod": "Swish", "prefills": [{"rank": 1, "msisdn": "+46739000001"}],
                         "operations": [{"rel": "start-payment-attempt", "href": "\#(Self.base)/methods/Swish/attempts", "method": "POST"}]},
                        {"paymentMethod": "CreditCard", "prefills": [{"rank": 1, "paymentToken": "tok-1", "cardBrand": "Visa",
                          "maskedPan": "492500******0004", "expiryDate": "2035-12-31T00:00:00Z"}],
                         "operations": [{"rel": "expand-method", "href": "\#(Self.base)/methods/CreditCard/expand", "method": "POST"}]}
                        """#,
                    operations: #"{"rel": "abort-payment", "href": "\#(Self.base)/abort", "method": "POST"}"#)))
        let environment = SwedbankPaySDK.PaymentSessionEnvironment(
            httpClient: http, appLauncher: NoApps(), walletAuthorizer: SwedbankPaySDK.SimulatedWallet())
        let screen = NativeCheckoutScreen(
            paymentSession: SwedbankPaySDK.SwedbankPayPaymentSession(environment: environment))

        screen.paymentSession.fetchPaymentSession(sessionURL: URL(string: Self.base)!)
        #expect(await screen.calls.wait())
        #expect(screen.log == [#"fetched ["Swish", "CreditCard"]"#])
        #expect(screen.swishNumbers == ["+46739000001"])
        #expect(screen.savedCards == ["492500******0004"])
        // 5.0.3's orderInfo: the session's own URLs once fetched, and settable by the app.
        #expect(screen.paymentSession.orderInfo?.completeUrl.absoluteString == "https://shop.example.com/complete")
        let manual = SwedbankPaySDK.ViewPaymentOrderInfo(
            isV3: true, webViewBaseURL: nil, viewPaymentLink: URL(string: "https://shop.example.com/view")!,
            completeUrl: URL(string: "https://shop.example.com/done")!, cancelUrl: nil, paymentUrl: nil,
            termsOfServiceUrl: nil)
        screen.paymentSession.orderInfo = manual
        #expect(screen.paymentSession.orderInfo == manual)
        #expect(
            http.requests.map { "\($0.method) \($0.url.absoluteString)" }.prefix(2) == [
                "GET \(Self.base)", "POST \(Self.base)/prepare",
            ])
    }
}
