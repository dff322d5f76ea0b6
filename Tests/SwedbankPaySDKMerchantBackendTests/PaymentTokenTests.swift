import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDKMerchantBackend

@Suite struct PaymentTokenTests {
    static let list = #"""
        {"payerOwnedPaymentTokens": {"id": "/psp/paymentorders/payerownedtokens/payer 1", "payerReference": "payer 1",
          "paymentTokens": [{"paymentToken": "5678", "instrument": "CreditCard", "instrumentDisplayName": "411111******1111",
                             "instrumentParameters": {"expiryDate": "12/2030", "cardBrand": "Visa"},
                             "operations": [{"rel": "delete-paymenttokens", "method": "PATCH", "href": "https://api.example.com/x"}],
                             "mobileSDK": {"delete": "paymentTokens/5678"}}]},
         "operations": []}
        """#

    @Test func listsAndDeletesTokens() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on(
            "GET", "https://backend.example.com/swedbank-pay-mobile/payers/payer%201/paymentTokens",
            reply: .json(Self.list))
        let response = try await SwedbankPaySDK.MerchantBackend.getPayerOwnedPaymentTokens(
            configuration: harness.configuration, payerReference: "payer 1", extraHeaders: ["X-Request-Id": "r1"])
        #expect(harness.http.requests[0].headers["X-Request-Id"] == "r1")
        let token = try #require(response.payerOwnedPaymentTokens.paymentTokens?.first)
        #expect(token.instrument == .creditCard)
        #expect(token.instrumentParameters == ["expiryDate": "12/2030", "cardBrand": "Visa"])
        #expect(
            token.deleteURL?.absoluteString
                == "https://backend.example.com/swedbank-pay-mobile/payers/payer%201/paymentTokens/5678")

        harness.http.on("PATCH", token.deleteURL!, reply: .json("{}"))
        try await SwedbankPaySDK.MerchantBackend.deletePayerOwnerPaymentToken(
            configuration: harness.configuration, paymentToken: token, comment: "user asked")
        #expect(try harness.body(ofRequest: 1) == json(#"{"state":"Deleted","comment":"user asked"}"#))
    }

    @Test func aTokenWithoutADeleteLinkCannotBeDeleted() async {
        let harness = MerchantBackendHarness()
        let token = SwedbankPaySDK.PaymentTokenInfo(paymentToken: "1")
        let error = await merchantBackendError {
            try await SwedbankPaySDK.MerchantBackend.deletePayerOwnerPaymentToken(
                configuration: harness.configuration, paymentToken: token, comment: "")
        }
        #expect(error == .missingRequiredOperation("delete-paymenttokens"))
    }

    @Test func aListWithoutIdIsUnexpectedContent() async {
        let harness = MerchantBackendHarness()
        let body = #"{"payerOwnedPaymentTokens": {"payerReference": "p"}}"#
        harness.http.on(
            "GET", "https://backend.example.com/swedbank-pay-mobile/payers/p/paymentTokens", reply: .json(body))
        let error = await merchantBackendError {
            _ = try await SwedbankPaySDK.MerchantBackend.getPayerOwnedPaymentTokens(
                configuration: harness.configuration, payerReference: "p")
        }
        #expect(
            error
                == .problem(
                    .server(.unexpectedContent(status: 200, contentType: "application/json", body: Data(body.utf8)))))
    }

    @Test func theCallbackFormsComplete() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on(
            "GET", "https://backend.example.com/swedbank-pay-mobile/payers/payer%201/paymentTokens",
            reply: .json(Self.list))
        let response: SwedbankPaySDK.PayerOwnedPaymentTokensResponse = try await withCheckedThrowingContinuation {
            continuation in
            SwedbankPaySDK.MerchantBackend.getPayerOwnedPaymentTokens(
                configuration: harness.configuration, payerReference: "payer 1"
            ) { continuation.resume(with: $0) }
        }
        #expect(response.payerOwnedPaymentTokens.payerReference == "payer 1")
    }
}
