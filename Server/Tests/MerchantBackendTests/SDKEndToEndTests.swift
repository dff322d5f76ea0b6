import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend
import Testing

@testable import MerchantBackend

/// The SDK's `MerchantBackendConfiguration` → this backend → the Payment Sandbox, over loopback,
/// for every endpoint the SDK calls.
@Suite(.timeLimit(.minutes(2))) struct SDKEndToEndTests {
    static func configuration(_ harness: BackendHarness) -> SwedbankPaySDK.MerchantBackendConfiguration {
        SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: harness.backendURL + "/")!, callbackScheme: "testapp",
            headers: BackendHarness.appHeaders, requestTimeout: 10)
    }

    static func order(
        _ configuration: SwedbankPaySDK.MerchantBackendConfiguration, v3: Bool = true,
        instrument: SwedbankPaySDK.Instrument? = nil, payerReference: String? = nil
    ) -> SwedbankPaySDK.PaymentOrder {
        SwedbankPaySDK.PaymentOrder(
            isV3: v3, currency: "SEK", amount: 1_500, vatAmount: 375, description: "Test Purchase",
            language: .Swedish, instrument: instrument, generatePaymentToken: payerReference != nil,
            urls: SwedbankPaySDK.PaymentOrderUrls(
                configuration: configuration, language: .Swedish, identifier: "payment-1", appName: "Test App"),
            payer: payerReference.map { SwedbankPaySDK.PaymentOrderPayer(payerReference: $0) })
    }

    @Test func checkinThenAV3OrderThenExpandAndAbort() async throws {
        try await BackendHarness.run { harness in
            let configuration = Self.configuration(harness)
            let checkin = try await configuration.postConsumers(
                consumer: SwedbankPaySDK.Consumer(language: .English, shippingAddressRestrictedToCountryCodes: ["SE"]),
                userData: nil)
            #expect(checkin.viewConsumerIdentification.absoluteString.hasPrefix(harness.sandboxURL + "/"))

            let info = try await configuration.postPaymentorders(
                paymentOrder: Self.order(configuration), userData: nil, consumerProfileRef: nil, options: .isV3)
            let paymentId = try #require(info.paymentId)
            #expect(paymentId.hasPrefix("/psp/paymentorders/"))
            #expect(info.isV3)
            #expect(info.viewPaymentLink.absoluteString.hasPrefix(harness.sandboxURL + "/checkout/client/"))
            #expect(
                info.paymentUrl?.absoluteString
                    == "\(harness.backendURL)/sdk-callback/ios-universal-link?scheme=testapp&language=sv-SE&id=payment-1&app=Test%20App"
            )
            // The backend set the payee and its own reference and callback before Swedbank Pay saw the order.
            let stored = try #require(try await harness.backend.services.store.find(pspID: paymentId))
            #expect(stored.userID == BackendHarness.user)
            #expect(stored.status == "Initialized")
            let atPSP = try await harness.client.answer(
                .GET, harness.sandboxURL + paymentId + "?$expand=payeeInfo,urls",
                headers: ["Authorization": "Bearer \(BackendHarness.merchantToken)"])
            let pspOrder = try #require(atPSP.json["paymentOrder"] as? [String: Any])
            let payee = try #require((pspOrder["payeeInfo"] as? [String: Any]))
            #expect(payee["payeeId"] as? String == BackendHarness.payeeID)
            #expect(payee["payeeReference"] as? String == stored.payeeReference)
            let urls = try #require(pspOrder["urls"] as? [String: Any])
            #expect(urls["callbackUrl"] as? String == "\(harness.backendURL)/swedbankpay/callback")

            let expanded: SwedbankPaySDK.JSONObject = try await configuration.expandOperation(
                paymentId: paymentId, expand: [.payeeInfo], endpoint: "expand")
            #expect(
                expanded["paymentOrder"]?.objectValue?["payeeInfo"]?.objectValue?["payeeId"]
                    == .string(BackendHarness.payeeID))

            try await configuration.abortPayment(paymentInfo: info, userData: nil)
            let status = try await harness.send(.GET, "/paymentorders/\(stored.id)")
            #expect(status.json["status"] as? String == "Aborted")
            // By Swedbank Pay's id too, as one percent-encoded segment.
            let encoded = try #require(paymentId.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let byPSPID = try await harness.send(.GET, "/paymentorders/\(encoded)")
            #expect(byPSPID.status == 200)
            #expect(byPSPID.json["id"] as? String == stored.id)
        }
    }

    @Test func v3InstrumentModeSwitchesThroughPatch() async throws {
        try await BackendHarness.run { harness in
            let configuration = Self.configuration(harness)
            let info = try await configuration.postPaymentorders(
                paymentOrder: Self.order(configuration, instrument: .creditCard), userData: nil,
                consumerProfileRef: nil, options: .isV3)
            #expect(info.instrument == .creditCard)
            let updated = try await configuration.updatePaymentOrder(
                paymentOrder: nil, options: .isV3, userData: nil, viewPaymentOrderInfo: info,
                updateInfo: SwedbankPaySDK.Instrument.swish)
            #expect(updated.instrument == .swish)
            let atPSP = try await harness.client.answer(
                .GET, harness.sandboxURL + (info.paymentId ?? ""),
                headers: ["Authorization": "Bearer \(BackendHarness.merchantToken)"])
            #expect((atPSP.json["paymentOrder"] as? [String: Any])?["instrument"] as? String == "Swish")
        }
    }

    @Test func v2InstrumentModeSwitchesThroughTheBackendsLink() async throws {
        try await BackendHarness.run { harness in
            let configuration = Self.configuration(harness)
            let info = try await configuration.postPaymentorders(
                paymentOrder: Self.order(configuration, v3: false, instrument: .creditCard), userData: nil,
                consumerProfileRef: nil, options: [])
            let link = try #require(info.userInfo as? URL)
            #expect(link.absoluteString.hasPrefix(harness.backendURL + "/paymentorders/"))
            #expect(link.absoluteString.hasSuffix("/setInstrument"))
            let updated = try await configuration.updatePaymentOrder(
                paymentOrder: nil, options: [], userData: nil, viewPaymentOrderInfo: info,
                updateInfo: SwedbankPaySDK.Instrument.swish)
            #expect(updated.instrument == .swish)
            #expect(updated.viewPaymentLink.absoluteString.hasPrefix(harness.sandboxURL + "/paymentmenu/"))
        }
    }

    @Test func payerTokensAreListedAndDeleted() async throws {
        try await BackendHarness.run { harness in
            let configuration = Self.configuration(harness)
            let info = try await configuration.postPaymentorders(
                paymentOrder: Self.order(configuration, payerReference: "payer-1"), userData: nil,
                consumerProfileRef: nil, options: .isV3)
            let guid = try #require(info.paymentId?.split(separator: "/").last)
            let paid = try await harness.client.answer(
                .POST, harness.sandboxURL + "/sandbox/paymentorders/\(guid)/pay", json: #"{"instrument":"CreditCard"}"#)
            #expect(paid.status == 200)

            let listed = try await SwedbankPaySDK.MerchantBackend.getPayerOwnedPaymentTokens(
                configuration: configuration, payerReference: "payer-1")
            let tokens = listed.payerOwnedPaymentTokens.paymentTokens ?? []
            #expect(tokens.count == 1)
            // The app's reference, not the Swedbank Pay reference the backend bound it to.
            #expect(listed.payerOwnedPaymentTokens.payerReference == "payer-1")
            #expect(listed.payerOwnedPaymentTokens.id == "/payers/payer-1/paymentTokens")
            let token = try #require(tokens.first)
            #expect(token.instrument == .creditCard)
            #expect(
                token.deleteURL?.absoluteString
                    == "\(harness.backendURL)/payers/payer-1/paymentTokens/\(token.paymentToken)")
            try await SwedbankPaySDK.MerchantBackend.deletePayerOwnerPaymentToken(
                configuration: configuration, paymentToken: token, comment: "Removed by the payer")
            let after = try await SwedbankPaySDK.MerchantBackend.getPayerOwnedPaymentTokens(
                configuration: configuration, payerReference: "payer-1")
            #expect(after.payerOwnedPaymentTokens.paymentTokens?.isEmpty == true)

            // Another user's payer-1 is another payer, without this one's tokens.
            var headers = BackendHarness.appHeaders
            headers["x-payex-sample-access-token"] = "someone-else"
            let foreign = try await harness.send(.GET, "/payers/payer-1/paymentTokens", headers: headers)
            #expect(foreign.status == 200)
            #expect(
                foreign.body
                    == #"{"payerOwnedPaymentTokens":{"id":"/payers/payer-1/paymentTokens","payerReference":"payer-1","paymentTokens":[]}}"#
            )
        }
    }

    @Test func aPaidOrderIsRecordedFromTheVerifiedCallback() async throws {
        try await BackendHarness.run { harness in
            let created = try await harness.createOrder()
            #expect(created.status == 201)
            let paymentId = try #require((created.json["paymentOrder"] as? [String: Any])?["id"] as? String)
            let stored = try #require(try await harness.backend.services.store.find(pspID: paymentId))
            // A forged callback changes nothing: the backend asks Swedbank Pay, which says Initialized.
            let forged = try await harness.send(
                .POST, "/swedbankpay/callback", json: #"{"paymentOrder":{"id":"\#(paymentId)"}}"#, headers: [:])
            #expect(forged.status == 200)
            #expect(forged.body == "{}")
            await harness.backend.callbackVerifier.idle()
            #expect(try await harness.backend.services.store.find(id: stored.id)?.status == "Initialized")

            let guid = paymentId.split(separator: "/").last!
            _ = try await harness.client.answer(
                .POST, harness.sandboxURL + "/sandbox/paymentorders/\(guid)/pay", json: "{}")
            // The sandbox posts the callback by itself; wait for the backend to record it.
            let recorded = await harness.database.statusChanges.first(
                where: { $0.orderID == stored.id && $0.status == "Paid" }, within: 10)
            #expect(recorded != nil)
            let view = try await harness.send(.GET, "/paymentorders/\(stored.id)")
            #expect(view.json["status"] as? String == "Paid")
            #expect(view.json["paymentOrder"] as? String == paymentId)
            #expect(view.json["statusCheckedWithSwedbankPay"] as? Bool == false)
        }
    }
}
