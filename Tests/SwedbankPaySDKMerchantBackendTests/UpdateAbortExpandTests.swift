import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK
@testable import SwedbankPaySDKMerchantBackend

@Suite struct UpdateAbortExpandTests {
    private func createdV3(_ harness: MerchantBackendHarness) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created))
        let info = try await harness.configuration.postPaymentorders(
            paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        harness.http.clearRequests()
        return info
    }

    @Test func v3SetInstrumentIsRelayedThroughPatch() async throws {
        let harness = MerchantBackendHarness()
        let info = try await createdV3(harness)
        harness.http.on(
            "PATCH", "https://backend.example.com/swedbank-pay-mobile/patch",
            reply: .json(
                #"""
                {"paymentOrder": {"instrument": "CreditCard", "availableInstruments": ["CreditCard", "Swish"]},
                 "operations": [{"rel": "view-checkout", "href": "https://ecom.example.com/checkout.js?token=new"},
                                {"rel": "set-instrument", "href": "https://api.example.com/psp/paymentorders/5adc265f"}]}
                """#))
        let updated = try await harness.configuration.updatePaymentOrder(
            paymentOrder: harness.order, options: .isV3, userData: nil, viewPaymentOrderInfo: info,
            updateInfo: SwedbankPaySDK.Instrument.creditCard)
        #expect(harness.requestLines == ["PATCH https://backend.example.com/swedbank-pay-mobile/patch"])
        #expect(
            try harness.body(ofRequest: 0)
                == json(
                    #"{"href":"https://api.externalintegration.payex.com/psp/paymentorders/5adc265f","paymentorder":{"operation":"SetInstrument","instrument":"CreditCard"}}"#
                ))
        #expect(updated.viewPaymentLink.absoluteString == "https://ecom.example.com/checkout.js?token=new")
        #expect(updated.instrument == .creditCard)
        #expect(updated.availableInstruments == [.creditCard, .swish])
        #expect(updated.operations?.map(\.rel) == ["view-checkout", "set-instrument"])
        #expect(updated.paymentId == info.paymentId)
    }

    @Test func v2SetInstrumentPatchesTheBackendsLink() async throws {
        let harness = MerchantBackendHarness()
        var info = try await createdV3(harness)
        info.isV3 = false
        info.operations = nil
        info.userInfo = URL(string: "https://backend.example.com/swedbank-pay-mobile/paymentorders/2/setInstrument")!
        harness.http.on(
            "PATCH", "https://backend.example.com/swedbank-pay-mobile/paymentorders/2/setInstrument",
            reply: .json(
                #"""
                {"paymentOrder": {"instrument": "Swish"},
                 "operations": [{"rel": "view-paymentorder", "href": "https://ecom.example.com/menu.js?token=v2new"}],
                 "mobileSDK": {"setInstrument": "setInstrument?again=1"}}
                """#))
        let updated = try await harness.configuration.updatePaymentOrder(
            paymentOrder: nil, options: [], userData: nil, viewPaymentOrderInfo: info, updateInfo: "Swish")
        #expect(
            try harness.body(ofRequest: 0)
                == json(#"{"paymentorder":{"operation":"SetInstrument","instrument":"Swish"}}"#))
        #expect(updated.viewPaymentLink.absoluteString == "https://ecom.example.com/menu.js?token=v2new")
        #expect(updated.instrument == .swish)
        #expect(
            updated.userInfo as? URL
                == URL(string: "https://backend.example.com/swedbank-pay-mobile/paymentorders/2/setInstrument?again=1"))
        #expect(updated.operations == nil)
    }

    @Test func aPaymentNotInInstrumentModeCannotBeUpdated() async throws {
        let harness = MerchantBackendHarness()
        var info = try await createdV3(harness)
        info.operations = []
        let error = await merchantBackendError {
            _ = try await harness.configuration.updatePaymentOrder(
                paymentOrder: nil, options: .isV3, userData: nil, viewPaymentOrderInfo: info,
                updateInfo: SwedbankPaySDK.Instrument.swish)
        }
        #expect(error == .paymentNotInInstrumentMode)
        #expect(harness.http.requests.isEmpty)
    }

    @Test func updateInfoMustBeAnInstrument() async throws {
        let harness = MerchantBackendHarness()
        let info = try await createdV3(harness)
        let error = await invalidArgument {
            _ = try await harness.configuration.updatePaymentOrder(
                paymentOrder: nil, options: .isV3, userData: nil, viewPaymentOrderInfo: info, updateInfo: 42)
        }
        #expect(error == SwedbankPaySDK.MerchantBackendInvalidArgument("updateInfo must be an Instrument, not Int"))
    }

    @Test func abortRelaysTheAbortOperation() async throws {
        let harness = MerchantBackendHarness()
        let info = try await createdV3(harness)
        harness.http.on(
            "PATCH", "https://backend.example.com/swedbank-pay-mobile/patch",
            reply: .json(#"{"paymentOrder": {"id": "/psp/paymentorders/5adc265f"}, "operations": []}"#))
        try await harness.configuration.abortPayment(paymentInfo: info, userData: nil)
        #expect(
            try harness.body(ofRequest: 0)
                == json(
                    #"{"href":"https://api.externalintegration.payex.com/psp/paymentorders/5adc265f","paymentorder":{"operation":"Abort","abortReason":"CancelledByConsumer"}}"#
                ))
    }

    @Test func abortWithoutTheOperationIsReported() async throws {
        let harness = MerchantBackendHarness()
        var info = try await createdV3(harness)
        info.operations = nil
        let error = await merchantBackendError {
            try await harness.configuration.abortPayment(paymentInfo: info, userData: nil)
        }
        #expect(error == .missingRequiredOperation("abort"))
    }

    @Test func expandPostsTheResourceAndDecodesTheCallersType() async throws {
        struct Paid: Decodable, Sendable, Equatable {
            var paymentOrder: Order; struct Order: Decodable, Sendable, Equatable { var id: String }
        }
        let harness = MerchantBackendHarness()
        harness.http.on(
            "POST", "https://backend.example.com/swedbank-pay-mobile/tokens",
            reply: .json(#"{"paymentOrder": {"id": "/psp/paymentorders/1", "paid": {}}}"#))
        let paid: Paid = try await harness.configuration.expandOperation(
            paymentId: "/psp/paymentorders/1", expand: [.paid, .failedAttempts], endpoint: "tokens")
        #expect(paid == Paid(paymentOrder: .init(id: "/psp/paymentorders/1")))
        #expect(
            try harness.body(ofRequest: 0)
                == json(#"{"resource":"/psp/paymentorders/1","expand":["paid","failedAttempts"]}"#))
    }

    @Test func expandPayerAfterIdentifiedNeedsAPaymentIdAndAJSONObject() async throws {
        let harness = MerchantBackendHarness()
        var info = try await createdV3(harness)
        harness.http.on(
            "POST", "https://backend.example.com/swedbank-pay-mobile/expand",
            reply: .json(#"{"paymentOrder": {"payer": {}}}"#))
        try await harness.configuration.expandPayerAfterIdentified(paymentInfo: info)
        #expect(
            try harness.body(ofRequest: 0)
                == json(#"{"resource":"/psp/paymentorders/5adc265f-f87f-4313-577e-08d3dca1a26c","expand":["payer"]}"#))
        info.paymentId = nil
        let error = await invalidArgument {
            try await harness.configuration.expandPayerAfterIdentified(paymentInfo: info)
        }
        #expect(error == SwedbankPaySDK.MerchantBackendInvalidArgument("the payment info has no paymentId"))
    }

    @Test func theCallbackUpdateCanBeCancelledBeforeItCompletes() async throws {
        let harness = MerchantBackendHarness()
        let info = try await createdV3(harness)
        harness.http.on("PATCH", "https://backend.example.com/swedbank-pay-mobile/patch", reply: .hang)
        let completed = CompletionCount()
        let request = harness.configuration.updatePaymentOrder(
            paymentOrder: nil, options: .isV3, userData: nil, viewPaymentOrderInfo: info,
            updateInfo: SwedbankPaySDK.Instrument.swish
        ) { _ in completed.increment() }
        #expect(await harness.http.waitForRequests(1))
        request?.cancel()
        // The request's end: a completion it was going to call would have been called by now.
        await (request as? BridgedRequest)?.finished()
        #expect(request is BridgedRequest)
        #expect(completed.value == 0)
    }
}

final class CompletionCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
