import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDKMerchantBackend

/// The completion-handler methods kept from the original SDK 5.0.3.
@Suite struct CallbackStyleTests {
    struct Expanded: Decodable, Sendable, Equatable {
        var paymentOrder: Order
        struct Order: Decodable, Sendable, Equatable { var payer: Payer }
        struct Payer: Decodable, Sendable, Equatable { var email: String }
    }

    @Test func expandPayerPostsThePayerExpansionWithExtraHeadersAndDecodes() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on(
            "POST", "https://backend.example.com/swedbank-pay-mobile/expand",
            reply: .json(#"{"paymentOrder": {"payer": {"email": "leia@example.com"}}}"#))
        let result: Result<Expanded, SwedbankPaySDK.MerchantBackendError> = await withCheckedContinuation {
            continuation in
            _ = harness.configuration.expandPayer(
                configuration: harness.configuration, paymentOrderId: "/psp/paymentorders/7",
                extraHeaders: ["x-request-id": "r-1", "Content-Type": "text/plain"]
            ) { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == Expanded(paymentOrder: .init(payer: .init(email: "leia@example.com"))))
        #expect(harness.requestLines == ["POST https://backend.example.com/swedbank-pay-mobile/expand"])
        #expect(try harness.body(ofRequest: 0) == json(#"{"resource":"/psp/paymentorders/7","expand":["payer"]}"#))
        let headers = harness.http.requests[0].headers
        #expect(headers["x-request-id"] == "r-1")
        #expect(headers.values(for: "Content-Type") == ["application/json"])
        #expect(headers["x-payex-sample-apikey"] == "key")
    }

    @Test func expandPayerReportsAProblemAsAMerchantBackendError() async throws {
        let harness = MerchantBackendHarness()
        let problem = #"{"type":"https://api.payex.com/psp/errordetail/notfound","status":404,"detail":"No order"}"#
        harness.http.on(
            "POST", "https://backend.example.com/swedbank-pay-mobile/expand", reply: .problem(problem, status: 404))
        let result: Result<Expanded, SwedbankPaySDK.MerchantBackendError> = await withCheckedContinuation {
            continuation in
            _ = harness.configuration.expandPayer(
                configuration: harness.configuration, paymentOrderId: "/psp/paymentorders/7"
            ) { continuation.resume(returning: $0) }
        }
        #expect(
            result.map { _ in 0 }
                == .failure(
                    .problem(
                        .client(
                            .swedbankPay(
                                type: .notFound, title: nil, status: 404, detail: "No order", instance: nil,
                                action: nil, problems: nil, raw: try json(problem).objectValue!.mapValues(\.anyValue))))
                ))
    }

    /// 5.0.3's `T: Decodable`, not `Sendable` (a class here): the answer is decoded on the main
    /// actor, and an answer that does not decode as `T` is unexpected content with its body.
    final class PayerBox: Decodable {
        let email: String
        private enum CodingKeys: String, CodingKey { case paymentOrder }
        private struct Order: Decodable { var payer: Payer }
        private struct Payer: Decodable { var email: String }
        init(from decoder: any Decoder) throws {
            email = try decoder.container(keyedBy: CodingKeys.self).decode(Order.self, forKey: .paymentOrder).payer
                .email
        }
    }

    @Test @MainActor func expandPayerDecodesATypeThatIsNotSendableOnTheMainActor() async throws {
        let harness = MerchantBackendHarness()
        let expand = "https://backend.example.com/swedbank-pay-mobile/expand"
        harness.http.on(
            "POST", expand, times: 1, reply: .json(#"{"paymentOrder": {"payer": {"email": "han@example.com"}}}"#))
        harness.http.on("POST", expand, reply: .json(#"{"paymentOrder": {"payer": {}}}"#))
        var emails: [String] = []
        var errors: [SwedbankPaySDK.MerchantBackendError] = []
        for _ in 0..<2 {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                _ = harness.configuration.expandPayer(
                    configuration: harness.configuration, paymentOrderId: "/psp/paymentorders/7"
                ) { (result: Result<PayerBox, SwedbankPaySDK.MerchantBackendError>) in
                    MainActor.assertIsolated()
                    switch result {
                    case .success(let payer): emails.append(payer.email)
                    case .failure(let error): errors.append(error)
                    }
                    continuation.resume()
                }
            }
        }
        #expect(emails == ["han@example.com"])
        #expect(
            errors == [
                .problem(
                    .server(
                        .unexpectedContent(
                            status: 200, contentType: "application/json",
                            body: Data(#"{"paymentOrder": {"payer": {}}}"#.utf8))))
            ])
    }

    @Test func updatePaymentWithCompletionSetsTheInstrument() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created))
        let info = try await harness.configuration.postPaymentorders(
            paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        harness.http.on(
            "PATCH", "https://backend.example.com/swedbank-pay-mobile/patch",
            reply: .json(#"{"paymentOrder": {"instrument": "CreditCard"}, "operations": []}"#))
        let result = await withCheckedContinuation { continuation in
            _ = harness.configuration.updatePayment(
                with: .creditCard, paymentOrder: harness.order, options: .isV3, userData: nil,
                viewPaymentOrderInfo: info
            ) { continuation.resume(returning: $0) }
        }
        #expect(try result.get().instrument == .creditCard)
        #expect(harness.requestLines.last == "PATCH https://backend.example.com/swedbank-pay-mobile/patch")
    }
}
