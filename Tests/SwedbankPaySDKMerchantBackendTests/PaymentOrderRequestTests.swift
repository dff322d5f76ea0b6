import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDKMerchantBackend

@Suite struct PaymentOrderRequestTests {
    @Test func createsAV3PaymentOrderWithTheExactBodyAndHeaders() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created, status: 201))
        let key = try #require(SwedbankPaySDK.IdempotencyKey("key-1"))
        let info = try await SwedbankPaySDK.IdempotencyKey.withCurrent(key) {
            try await harness.configuration.postPaymentorders(
                paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        }

        let request = harness.http.requests[1]
        #expect(
            request.headers.map { "\($0.name): \($0.value)" } == [
                "Accept: application/json, application/problem+json",
                "Content-Type: application/json",
                "User-Agent: SwedbankPaySDK-Swift/\(SwedbankPaySDK.VersionReporter.currentVersion) (compatible; SwedbankPaySDK-iOS/5.0.3)",
                "x-payex-sample-access-token: token-1",
                "x-payex-sample-apikey: key",
                "Idempotency-Key: key-1",
            ])
        let expected = try json(
            #"""
            {"paymentorder": {
              "operation": "Purchase",
              "productName": "Checkout3",
              "currency": "SEK",
              "amount": 1500,
              "vatAmount": 375,
              "description": "Test Purchase",
              "userAgent": "SwedbankPaySDK-Swift/0.1.0 (compatible; SwedbankPaySDK-iOS/5.0.3)",
              "language": "sv-SE",
              "instrument": "Swish",
              "generateRecurrenceToken": false,
              "generateUnscheduledToken": false,
              "generatePaymentToken": false,
              "disableStoredPaymentDetails": false,
              "urls": {
                "hostUrls": ["https://backend.example.com/swedbank-pay-mobile/"],
                "completeUrl": "https://backend.example.com/swedbank-pay-mobile/complete",
                "cancelUrl": "https://backend.example.com/swedbank-pay-mobile/cancel",
                "paymentUrl": "https://backend.example.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=com.example.app&language=sv-SE&id=order-1&app=Example%20App"
              },
              "payeeInfo": {"payeeId": "", "payeeReference": ""},
              "disablePaymentMenu": false
            }}
            """#)
        #expect(try harness.body(ofRequest: 1) == expected)

        #expect(info.paymentId == "/psp/paymentorders/5adc265f-f87f-4313-577e-08d3dca1a26c")
        #expect(info.isV3)
        #expect(info.webViewBaseURL?.absoluteString == "https://backend.example.com/swedbank-pay-mobile/")
        #expect(
            info.viewPaymentLink.absoluteString
                == "https://ecom.externalintegration.payex.com/checkout/client/px.checkout.client.js?token=abc&culture=sv-SE"
        )
        #expect(info.completeUrl == harness.order.urls.completeUrl)
        #expect(info.cancelUrl == harness.order.urls.cancelUrl)
        #expect(info.paymentUrl == harness.order.urls.paymentUrl)
        #expect(info.instrument == .swish)
        #expect(info.availableInstruments == [.creditCard, .swish, .invoiceSE])
        #expect(info.operations?.map(\.rel) == ["view-checkout", "set-instrument", "abort"])
        #expect(info.userInfo == nil)
    }

    @Test func aRequestedInstrumentOutsideTheAvailableOnesIsDropped() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created))
        var order = harness.order
        order.instrument = .vipps
        let info = try await harness.configuration.postPaymentorders(
            paymentOrder: order, userData: nil, consumerProfileRef: nil, options: .isV3)
        #expect(info.instrument == nil)
    }

    @Test func aV2OrderUsesTheViewPaymentOrderLinkAndTheSetInstrumentLink() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on(
            "POST", MerchantBackendHarness.paymentordersURL,
            reply: .json(
                #"""
                {"paymentOrder": {"id": "/psp/paymentorders/2", "instrument": "CreditCard", "availableInstruments": ["CreditCard", "Swish"]},
                 "operations": [{"rel": "view-paymentorder", "href": "https://ecom.example.com/menu.js?token=t"}],
                 "mobileSDK": {"setInstrument": "/swedbank-pay-mobile/paymentorders/2/setInstrument"}}
                """#))
        let info = try await harness.configuration.postPaymentorders(
            paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: [])
        #expect(!info.isV3)
        #expect(info.viewPaymentLink.absoluteString == "https://ecom.example.com/menu.js?token=t")
        #expect(info.instrument == .creditCard)
        #expect(info.availableInstruments == [.creditCard, .swish])
        #expect(
            info.userInfo as? URL
                == URL(string: "https://backend.example.com/swedbank-pay-mobile/paymentorders/2/setInstrument"))
        #expect(try harness.body(ofRequest: 1).objectValue?["paymentorder"]?.objectValue?["productName"] == nil)
    }

    @Test func aMissingViewOperationIsReported() async {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(#"{"operations": []}"#))
        let error = await merchantBackendError {
            _ = try await harness.configuration.postPaymentorders(
                paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        }
        #expect(error == .missingRequiredOperation("view-checkout"))
    }

    @Test func aResponseWithoutOperationsIsUnexpectedContent() async {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(#"{"paymentOrder": {}}"#))
        let error = await merchantBackendError {
            _ = try await harness.configuration.postPaymentorders(
                paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        }
        #expect(
            error
                == .problem(
                    .server(
                        .unexpectedContent(
                            status: 200, contentType: "application/json", body: Data(#"{"paymentOrder": {}}"#.utf8)))))
    }

    @Test func aNilPaymentOrderIsATypedError() async {
        let harness = MerchantBackendHarness()
        let error = await invalidArgument {
            _ = try await harness.configuration.postPaymentorders(
                paymentOrder: nil, userData: nil, consumerProfileRef: nil, options: .isV3)
        }
        #expect(error == SwedbankPaySDK.MerchantBackendInvalidArgument("postPaymentorders needs a payment order"))
        #expect(harness.http.requests.isEmpty)
    }

    @Test func theCheckinReferenceJoinsThePayerTheAppGave() {
        var order = MerchantBackendHarness().order
        order.payer = SwedbankPaySDK.PaymentOrderPayer(payerReference: "payer-7")
        let prepared = SwedbankPaySDK.MerchantBackendConfiguration.prepare(
            order, consumerProfileRef: "cpr", options: [.useCheckin])
        #expect(
            prepared.payer == SwedbankPaySDK.PaymentOrderPayer(consumerProfileRef: "cpr", payerReference: "payer-7"))
        #expect(!prepared.isV3)
    }

    @Test func aV3CheckinWithoutAPayerAsksForConsumerInfo() {
        let order = MerchantBackendHarness().order
        let prepared = SwedbankPaySDK.MerchantBackendConfiguration.prepare(
            order, consumerProfileRef: nil, options: [.isV3, .useCheckin])
        #expect(prepared.payer == SwedbankPaySDK.PaymentOrderPayer(requireConsumerInfo: true))
        #expect(prepared.productName == "Checkout3")
        let unchanged = SwedbankPaySDK.MerchantBackendConfiguration.prepare(
            order, consumerProfileRef: nil, options: [.isV3])
        #expect(unchanged.payer == nil)
    }

    @Test func postConsumersSendsTheConsumerItselfAndReturnsTheCheckinLink() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on(
            "POST", MerchantBackendHarness.consumersURL,
            reply: .json(
                #"""
                {"operations": [{"method": "GET", "rel": "view-consumer-identification",
                  "href": "https://ecom.externalintegration.payex.com/consumers/core/scripts/client/px.consumer.client.js?token=5a17c24e",
                  "contentType": "application/javascript"}]}
                """#))
        let consumer = SwedbankPaySDK.Consumer(
            language: .Swedish, shippingAddressRestrictedToCountryCodes: ["NO", "SE", "DK"])
        let info = try await harness.configuration.postConsumers(consumer: consumer, userData: nil)
        #expect(
            try harness.body(ofRequest: 1)
                == json(
                    #"{"operation":"initiate-consumer-session","language":"sv-SE","shippingAddressRestrictedToCountryCodes":["NO","SE","DK"]}"#
                ))
        #expect(info.webViewBaseURL?.absoluteString == MerchantBackendHarness.backend)
        #expect(
            info.viewConsumerIdentification.absoluteString
                == "https://ecom.externalintegration.payex.com/consumers/core/scripts/client/px.consumer.client.js?token=5a17c24e"
        )
    }

    @Test func postConsumersWithoutTheCheckinOperationIsReported() async {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.consumersURL, reply: .json(#"{"operations": []}"#))
        let error = await merchantBackendError {
            _ = try await harness.configuration.postConsumers(
                consumer: SwedbankPaySDK.Consumer(shippingAddressRestrictedToCountryCodes: ["SE"]), userData: nil)
        }
        #expect(error == .missingRequiredOperation("view-consumer-identification"))
    }

    @Test func configuredHeadersNeverReplaceTheRequestsOwn() async throws {
        let harness = MerchantBackendHarness(headers: [
            "Content-Type": "text/plain", "User-Agent": "spoof", "X-Extra": "1",
        ])
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created))
        _ = try await harness.configuration.postPaymentorders(
            paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        let headers = harness.http.requests[1].headers
        #expect(headers.values(for: "Content-Type") == ["application/json"])
        #expect(
            headers.values(for: "User-Agent") == [SwedbankPaySDK.VersionReporter.userAgent]
        )
        #expect(headers["X-Extra"] == "1")
        #expect(harness.http.requests[0].headers["Content-Type"] == nil)  // a GET has no body
    }

    @Test func withoutConfiguredHeadersOnlyTheSDKsOwnAreSent() async throws {
        let harness = MerchantBackendHarness(headers: nil)
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created))
        _ = try await harness.configuration.postPaymentorders(
            paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        #expect(harness.http.requests[0].headers.map(\.name) == ["Accept", "User-Agent"])
        #expect(
            harness.http.requests[1].headers.map(\.name) == ["Accept", "Content-Type", "User-Agent", "Idempotency-Key"])
    }

    @Test func theCallbackFormCompletesOnceOnTheMainActor() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created))
        let info: SwedbankPaySDK.ViewPaymentOrderInfo = try await withCheckedThrowingContinuation { continuation in
            harness.configuration.postPaymentorders(
                paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3
            ) { result in
                MainActor.preconditionIsolated()
                continuation.resume(with: result)
            }
        }
        #expect(info.isV3)
    }
}
