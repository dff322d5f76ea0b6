import Foundation
import Testing

@testable import MerchantBackend

/// `payeeInfo.payeeName` (what the payer sees), `productCategory`, `subsite` (split settlement)
/// and `orderReference` (reconciliation) are the merchant's: Swedbank Pay gets the backend's
/// configured values, never the app's.
@Suite(.timeLimit(.minutes(1))) struct PayeeDetailsTests {
    static let appsPayee =
        #""payeeInfo":{"payeeId":"someone-else","payeeReference":"X1","payeeName":"Your Bank (verify account)","#
        + #""productCategory":"app-category","orderReference":"app-ref","subsite":"other-subsite"}"#

    /// The order's `payeeInfo` at Swedbank Pay after the app asked for `appsPayee`.
    static func payeeAtSwedbankPay(_ harness: BackendHarness) async throws -> [String: Any] {
        let json = BackendHarness.orderJSON().replacingOccurrences(
            of: #""payeeInfo":{"payeeId":"","payeeReference":""}"#, with: Self.appsPayee)
        #expect(json.contains("other-subsite"))
        let created = try await harness.send(.POST, "/paymentorders", json: json)
        #expect(created.status == 201, "\(created.body)")
        let path = try #require((created.json["paymentOrder"] as? [String: Any])?["id"] as? String)
        let atPSP = try await harness.client.answer(
            .GET, harness.sandboxURL + path + "?$expand=payeeInfo",
            headers: ["Authorization": "Bearer \(BackendHarness.merchantToken)"])
        let order = try #require(atPSP.json["paymentOrder"] as? [String: Any])
        return try #require(order["payeeInfo"] as? [String: Any])
    }

    @Test func theConfiguredDetailsReplaceTheApps() async throws {
        try await BackendHarness.run(configure: {
            $0.payeeDetails = PayeeDetails(payeeName: "Merchant AB", productCategory: "A123", subsite: "MySubsite")
        }) { harness in
            let payee = try await Self.payeeAtSwedbankPay(harness)
            #expect(payee["payeeId"] as? String == BackendHarness.payeeID)
            #expect(payee["payeeName"] as? String == "Merchant AB")
            #expect(payee["productCategory"] as? String == "A123")
            #expect(payee["subsite"] as? String == "MySubsite")
            #expect(payee["orderReference"] == nil)
        }
    }

    @Test func withoutConfiguredDetailsNoneOfTheAppsIsSent() async throws {
        try await BackendHarness.run { harness in
            let payee = try await Self.payeeAtSwedbankPay(harness)
            for name in ["payeeName", "productCategory", "subsite", "orderReference"] {
                #expect(payee[name] == nil, "\(name): \(payee[name] ?? "")")
            }
        }
    }

    @Test func configuredDetailsAreCheckedAtStart() {
        let details = PayeeDetails(
            payeeName: String(repeating: "n", count: 51), productCategory: "tab\there",
            subsite: String(repeating: "s", count: 40))
        #expect(
            details.problems() == [
                "the payee name must be 1 to 50 characters without control characters",
                "the product category must be 1 to 50 characters without control characters",
            ])
    }
}
