import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend
import SwedbankPaySDKTesting
import Testing

/// Drives the 5.0.x app code of `App/` (the parts without UIKit) and checks what it shows.
@MainActor
@Suite struct AppCodeTests {
    static func parse(_ json: String, status: Int) -> SwedbankPaySDK.Problem {
        SwedbankPaySDK.Problem.parse(status: status, contentType: "application/problem+json", body: Data(json.utf8))
    }

    @Test func theErrorScreenReadsEachProblemSpaceWithItsOwnTypes() {
        let input = PaymentErrorFormatter.message(
            for: SwedbankPaySDK.MerchantBackendError.problem(
                Self.parse(
                    #"{"type":"https://api.payex.com/psp/errordetail/inputerror","status":400,"title":"Error in input data","#
                        + #""detail":"Invalid currency","problems":[{"name":"paymentorder.currency","description":"required"}]}"#,
                    status: 400)))
        #expect(input.title == "Error in input data")
        #expect(input.message == "Invalid currency")
        #expect(!input.canRetry)
        #expect(input.analyticsFields["kind"] as? String == "inputError")
        #expect(input.analyticsFields["fields"] as? [String] == ["paymentorder.currency"])
        #expect(input.analyticsFields["status"] as? Int == 400)
        #expect(input.analyticsFields["title"] as? String == "Error in input data")

        let system = PaymentErrorFormatter.message(
            for: Self.parse(
                #"{"type":"https://api.payex.com/psp/errordetail/systemerror","status":500,"instance":"i-1"}"#,
                status: 500))
        #expect(system.title == "systemError")
        #expect(system.canRetry)
        #expect(system.analyticsFields["instance"] as? String == "i-1")

        // The live API's 403 configurationerror: an unknown client problem, as in 5.0.3.
        let configuration = Self.parse(
            #"{"type":"https://api.payex.com/psp/errordetail/configurationerror","status":403,"detail":"No contract"}"#,
            status: 403)
        let shown = PaymentErrorFormatter.message(for: configuration)
        #expect(shown.message == "No contract")
        #expect(shown.analyticsFields["kind"] as? String == "unknown")
        #expect(shown.analyticsFields["type"] as? String == "https://api.payex.com/psp/errordetail/configurationerror")
        #expect(configuration.swedbankPayType == .configurationError)

        let gateway = PaymentErrorFormatter.message(
            for: Self.parse(
                #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway","status":502,"gatewayStatus":503,"body":"down"}"#,
                status: 502))
        #expect(gateway.message == "down")
        #expect(gateway.analyticsFields["gateway"] as? String == "502/503")
        #expect(
            PaymentFailureReporter.advice(for: SwedbankPaySDK.ServerProblem.SwedbankPayProblem.configurationError)
                == "contact support")
    }

    @Test func theCoordinatorOffersTheFourInstrumentKindsAndKeepsTheRetry() async {
        let base = "https://pay.example.com/psp/paymentsessions/app"
        let http = StubHTTPClient()
        http.on(
            "GET", base,
            reply: .json(
                SessionDelegateUsageTests.model(
                    methods: #"""
                        {"paymentMethod": "Swish", "prefills": [{"rank": 1, "msisdn": "+46739000001"}], "operations": []},
                        {"paymentMethod": "CreditCard", "prefills": [{"rank": 1, "paymentToken": "tok-1", "cardBrand": "Visa",
                          "maskedPan": "492500******0004", "expiryDate": "2035-12-31T00:00:00Z"}], "operations": []},
                        {"paymentMethod": "ApplePay", "cardBrands": ["Visa"], "merchantCapabilities": ["supports3DS"], "operations": []},
                        {"paymentMethod": "Trustly", "operations": []}
                        """#,
                    operations: #"{"rel": "customize-payment", "href": "\#(base)/customize", "method": "PATCH"}"#)))
        let session = SwedbankPaySDK.SwedbankPayPaymentSession(
            environment: SwedbankPaySDK.PaymentSessionEnvironment(
                httpClient: http, appLauncher: SessionDelegateUsageTests.NoApps(),
                walletAuthorizer: SwedbankPaySDK.SimulatedWallet()))
        let coordinator = NativePaymentCoordinator(paymentSession: session)
        let changes = Arrivals()
        var states: [NativePaymentCoordinator.State] = []
        coordinator.onChange = {
            states.append($0)
            changes.arrive()
        }
        coordinator.start(sessionURL: URL(string: base)!)
        #expect(await changes.wait(for: 2))
        let expected = [
            PaymentChoice(title: "Swish", instrument: .swish(msisdn: nil)),
            PaymentChoice(title: "Swish +46739000001", instrument: .swish(msisdn: "+46739000001")),
            PaymentChoice(
                title: "Visa 492500******0004 12/35",
                instrument: .creditCard(
                    prefill: SwedbankPaySDK.CreditCardMethodPrefillModel(
                        rank: 1, paymentToken: "tok-1", cardBrand: "Visa", maskedPan: "492500******0004",
                        expiryDate: Date(timeIntervalSince1970: 2_082_672_000)))),
            PaymentChoice(title: "New card", instrument: .newCreditCard(enabledPaymentDetailsConsentCheckbox: true)),
            PaymentChoice(title: "Apple Pay", instrument: .applePay(merchantIdentifier: "merchant.com.example.shop")),
        ]
        #expect(states == [.loading, .choosing(expected)])
        #expect(session.newCreditCardAvailable)

        coordinator.sdkProblemOccurred(
            problem: .paymentSessionAPIRequestFailed(
                error: SwedbankPaySDK.PaymentSessionAPIError.invalidURL("x"), retry: nil))
        #expect(coordinator.pendingRetry == nil)
        if case .failed(let text) = coordinator.state {
            #expect(text.hasPrefix("request failed: "))
        } else {
            Issue.record("not failed: \(coordinator.state)")
        }
    }

    @Test func theSavedCardsModelUpdatesItselfFromTheHelpersCompletions() async throws {
        let backend = "https://backend.example.com/swedbank-pay-mobile/"
        let http = StubHTTPClient()
        http.on(
            "GET", backend + "payers/payer-1/paymentTokens", times: 1,
            reply: .json(
                #"""
                {"payerOwnedPaymentTokens": {"id": "/p", "payerReference": "payer-1",
                  "paymentTokens": [{"paymentToken": "5678", "instrument": "CreditCard",
                                     "mobileSDK": {"delete": "paymentTokens/5678"}}]}}
                """#))
        http.on("PATCH", backend + "payers/payer-1/paymentTokens/5678", reply: .json("{}"))
        http.on(
            "GET", backend + "payers/payer-1/paymentTokens",
            reply: .problem(
                #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/unauthorized","status":401,"detail":"Expired"}"#,
                status: 401))
        let configuration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: backend)!, callbackScheme: "com.example.shop", headers: ["x-api-key": "k"],
            httpClient: http)
        let model = SavedCardsModel(configuration: configuration, payerReference: "payer-1")
        let changes = Arrivals()
        model.onChange = { changes.arrive() }

        model.load()
        #expect(await changes.wait(for: 1))
        #expect(model.cards.map(\.paymentToken) == ["5678"])
        #expect(model.errorText == nil)

        model.delete(try #require(model.cards.first))
        #expect(await changes.wait(for: 2))
        #expect(
            http.requests.map { "\($0.method) \($0.url.absoluteString)" } == [
                "GET \(backend)payers/payer-1/paymentTokens",
                "PATCH \(backend)payers/payer-1/paymentTokens/5678",
                "GET \(backend)payers/payer-1/paymentTokens",
            ])
        #expect(model.errorText == "Expired")
        #expect(model.cards.map(\.paymentToken) == ["5678"])
    }

    @Test func theCheckoutModelDecodesItsOwnPayerTypeAndKeepsItsLanguage() async throws {
        let backend = "https://backend.example.com/swedbank-pay-mobile/"
        let http = StubHTTPClient()
        http.on(
            "POST", backend + "expand", times: 1,
            reply: .json(#"{"paymentOrder": {"payer": {"email": "leia@example.com"}}}"#))
        http.on("POST", backend + "expand", reply: .json(#"{"paymentOrder": {}}"#))
        let configuration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: backend)!, callbackScheme: "com.example.shop", headers: ["x-api-key": "k"],
            httpClient: http)
        let model = CheckoutModel()
        let changes = Arrivals()
        model.onChange = { changes.arrive() }

        model.fetchPayer(configuration: configuration, paymentOrderId: "/psp/paymentorders/1")
        #expect(await changes.wait(for: 1))
        #expect(model.lastEmail == "leia@example.com")

        let info = SwedbankPaySDK.ViewPaymentOrderInfo(
            paymentId: "/psp/paymentorders/1", isV3: true, webViewBaseURL: nil,
            viewPaymentLink: URL(string: "https://ecom.example.com/checkout.js")!,
            completeUrl: URL(string: "https://shop.example.com/complete")!, cancelUrl: nil, paymentUrl: nil,
            termsOfServiceUrl: nil)
        _ = model.confirmPayer(configuration: configuration, info: info)
        #expect(await changes.wait(for: 2))
        #expect(model.payerChecks == 1)
        #expect(model.lastError == nil)
        #expect(http.requests.count == 2)

        #expect(model.languageName == "Svenska")
        model.language = .Norwegian
        #expect(model.languageName == "Norsk")
        let order = model.order(amount: 500)
        #expect(order.language == .Norwegian)
        #expect(order.culture == .Norwegian)
    }
}
