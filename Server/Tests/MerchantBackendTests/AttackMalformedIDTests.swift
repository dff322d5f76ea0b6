import Foundation
import Testing

@testable import MerchantBackend

/// An id in a path has a form (``Identifier/Kind/guid``, or Swedbank Pay's
/// `/psp/paymentorders/<guid>`): anything else — a NUL byte above all, which PostgreSQL refuses
/// in text with an error — is 404 on every route that takes an id, on both databases, and the
/// real ids still find their order.
@Suite(.timeLimit(.minutes(2))) struct AttackMalformedIDTests {
    static let malformed = [
        "%00abc", "%2Fpsp%2Fpaymentorders%2F%00abc",
        "%2Fpsp%2Fpaymentorders%2F0195f3c2-8a4e-7d1b-9c2a-3f4e5d6c7b%00a",
        "0195f3c2-8a4e-7d1b-9c2a-3f4e5d6c7b%00a", "0195f3c2%2D8a4e%2D7d1b%2D9c2a%2D3f4e5d6c7b8%00",
        "0195f3c28a4e7d1b9c2a3f4e5d6c7b8a", "%ZZ", "x",
    ]

    @Test(arguments: TestDatabase.engines)
    func anIdOfAnotherFormIsNotFoundOnEveryRoute(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine, configure: AdminAPITests.withAdmin) { harness in
            let (id, path) = try await AdminAPITests.paidOrder(harness)
            let encodedPath = try #require(path.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let guid = try #require(path.split(separator: "/").last.map(String.init))
            for reference in [id, encodedPath] {
                #expect(try await harness.send(.GET, "/paymentorders/\(reference)").status == 200, "\(reference)")
            }
            for reference in [id, guid] {
                let shown = try await harness.send(
                    .GET, "/admin/paymentorders/\(reference)", headers: AdminAPITests.admin)
                #expect(shown.status == 200, "\(reference)")
            }
            for bad in Self.malformed {
                var admin = AdminAPITests.admin
                admin["Idempotency-Key"] = "malformed-id"
                let answers = [
                    try await harness.send(.GET, "/paymentorders/\(bad)"),
                    try await harness.send(
                        .PATCH, "/paymentorders/\(bad)/setInstrument",
                        json: #"{"paymentorder":{"operation":"SetInstrument","instrument":"CreditCard"}}"#),
                    try await harness.send(.GET, "/admin/paymentorders/\(bad)", headers: AdminAPITests.admin),
                    try await harness.send(
                        .POST, "/admin/paymentorders/\(bad)/captures", json: #"{"amount":1500,"vatAmount":375}"#,
                        headers: admin),
                ]
                for answer in answers {
                    #expect(answer.status == 404, "\(bad): \(answer.body)")
                    #expect(
                        answer.json["type"] as? String == "https://api.payex.com/psp/errordetail/notfound",
                        "\(bad)")
                }
                // The sandbox's own routes hold the same forms.
                for sandboxPath in [
                    "/psp/paymentorders/\(bad)", "/psp/paymentsessions/\(bad)", "/checkout/frame/\(bad)",
                ] {
                    let answer = try await harness.client.answer(
                        .GET, harness.sandboxURL + sandboxPath,
                        headers: ["Authorization": "Bearer \(BackendHarness.merchantToken)"])
                    #expect(answer.status == 404, "\(sandboxPath): \(answer.body)")
                }
            }
        }
    }

    /// A URL the contract's `WebURL` refuses is refused as the app wrote it — also one Foundation
    /// would percent-encode into a valid one — naming the member; nothing reaches Swedbank Pay.
    @Test func aURLOutsideTheContractsFormIsRefused() async throws {
        try await BackendHarness.run { harness in
            for (bad, member) in [
                ("https://gktemef.example*", "completeUrl"), ("https://example.com/a b", "completeUrl"),
                ("https://example.com/%zz", "cancelUrl"), ("http://a.b:65536/", "cancelUrl"),
            ] {
                let json = BackendHarness.orderJSON().replacingOccurrences(
                    of: #""\#(member)":"https://example.com/\#(member == "completeUrl" ? "complete" : "cancel")""#,
                    with: #""\#(member)":\#(BackendHarness.jsonString(bad))"#)
                #expect(json != BackendHarness.orderJSON())
                let answer = try await harness.send(.POST, "/paymentorders", json: json)
                #expect(answer.status == 400, "\(bad): \(answer.body)")
                let names = (answer.json["problems"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                #expect(names == ["paymentorder.urls.\(member)"], "\(bad)")
            }
        }
    }
}
