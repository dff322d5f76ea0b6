import AsyncHTTPClient
import Foundation
import PaymentSandbox
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// The merchant's admin API: authentication apart from the app's, the whole money lifecycle of a
/// card payment through the sandbox (capture half, reverse part, cancel the rest, reverse the
/// rest), idempotent retries, and what Swedbank Pay refuses — on both database engines.
@Suite(.timeLimit(.minutes(3))) struct AdminAPITests {
    static let adminKey = "admin-key-0123456789abcdef"
    static var admin: [String: String] { ["Authorization": "Bearer \(adminKey)"] }

    static func withAdmin(_ configuration: inout BackendConfiguration) {
        configuration.adminKeys = [Secret(adminKey)]
    }

    /// Creates an order through the app API and pays it by card as a payer would (the sandbox's
    /// control API); returns the backend's order id and the Swedbank Pay path.
    static func paidOrder(_ harness: BackendHarness, version3: Bool = true) async throws -> (id: String, path: String) {
        let created = try await harness.send(
            .POST, "/paymentorders", json: BackendHarness.orderJSON(version3: version3),
            headers: BackendHarness.appHeaders)
        #expect(created.status == 201, "\(created.body)")
        let path = try #require((created.json["paymentOrder"] as? [String: Any])?["id"] as? String)
        let id = try #require(created.headers.first(name: "Location")?.split(separator: "/").last.map(String.init))
        let guid = try #require(path.split(separator: "/").last.map(String.init))
        let paid = try await harness.client.answer(
            .POST, harness.sandboxURL + "/sandbox/paymentorders/\(guid)/pay", json: #"{"instrument": "CreditCard"}"#)
        #expect(paid.status == 200, "\(paid.body)")
        return (id, path)
    }

    static func order(_ answer: Answer) -> [String: Any] {
        answer.json["paymentOrder"] as? [String: Any] ?? [:]
    }

    static func transaction(_ answer: Answer) -> [String: Any] {
        answer.json["transaction"] as? [String: Any] ?? [:]
    }

    @Test func withoutAdminKeysThereIsNoAdminAPI() async throws {
        try await BackendHarness.run { harness in
            let answer = try await harness.send(.GET, "/admin/paymentorders", headers: Self.admin)
            #expect(answer.status == 404)
        }
    }

    @Test func onlyAnAdminKeyOpensIt() async throws {
        try await BackendHarness.run(configure: Self.withAdmin) { harness in
            let none = try await harness.send(.GET, "/admin/paymentorders", headers: [:])
            #expect(none.status == 401)
            #expect(
                none.body
                    == #"{"detail":"The admin API needs Authorization: Bearer <admin key>.","status":401,"title":"Unauthorized","type":"https://api.payex.com/psp/errordetail/mobilesdk/unauthorized"}"#
            )
            // An app's credentials, as headers or as the bearer, are not an admin's.
            let app = try await harness.send(.GET, "/admin/paymentorders")
            #expect(app.status == 401)
            let appKey = try await harness.send(
                .GET, "/admin/paymentorders", headers: ["Authorization": "Bearer \(BackendHarness.apiKey)"])
            #expect(appKey.status == 401)
            #expect(appKey.json["detail"] as? String == "The admin key is not valid.")
            // And an admin key opens no app route.
            let asApp = try await harness.send(
                .POST, "/paymentorders", json: BackendHarness.orderJSON(), headers: Self.admin)
            #expect(asApp.status == 401)
            let listed = try await harness.send(.GET, "/admin/paymentorders?limit=5", headers: Self.admin)
            #expect(listed.status == 200)
            #expect(listed.json["paymentOrders"] as? [Any] != nil)
            let badLimit = try await harness.send(.GET, "/admin/paymentorders?limit=0", headers: Self.admin)
            #expect(badLimit.status == 400)
        }
    }

    @Test func aKeyTooShortOrSharedWithAnAppIsRefusedAtStart() {
        var configuration = BackendConfiguration(
            swedbankPayBaseURL: URL(string: "http://127.0.0.1:1")!, merchantToken: Secret("token"), payeeId: "p",
            publicBaseURL: URL(string: "http://127.0.0.1:2")!, apiKeys: [Secret("app-key-0123456789")])
        configuration.adminKeys = [Secret("short"), Secret("app-key-0123456789")]
        #expect(
            configuration.problems() == [
                "admin keys must be at least 16 characters",
                "an admin key is also an app API key; an app must never hold an admin key",
            ])
    }

    @Test(arguments: TestDatabase.engines)
    func captureHalfReversePartCancelTheRestReverseTheRest(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine, configure: Self.withAdmin) { harness in
            let (id, path) = try await Self.paidOrder(harness)
            let shown = try await harness.send(.GET, "/admin/paymentorders/\(id)", headers: Self.admin)
            #expect(shown.status == 200)
            #expect(shown.json["status"] as? String == "Paid")
            #expect(shown.json["remainingCaptureAmount"] as? Int == 1500)
            #expect((shown.json["transactions"] as? [Any])?.isEmpty == true)

            var headers = Self.admin
            headers["Idempotency-Key"] = "capture-1"
            let capture = try await harness.send(
                .POST, "/admin/paymentorders/\(id)/captures", json: #"{"amount": 750, "vatAmount": 187}"#,
                headers: headers)
            #expect(capture.status == 201, "\(capture.body)")
            let captured = Self.transaction(capture)
            #expect(captured["kind"] as? String == "capture")
            #expect(captured["state"] as? String == "done")
            #expect(captured["amount"] as? Int == 750)
            #expect(
                (captured["swedbankPayTransaction"] as? String)?.hasPrefix(path + "/financialtransactions/") == true)
            #expect(captured["number"] as? Int != nil)
            #expect(Self.order(capture)["remainingCaptureAmount"] as? Int == 750)
            #expect(
                (Self.order(capture)["transactions"] as? [[String: Any]])?.map { $0["state"] as? String } == ["done"])
            #expect(Self.order(capture)["remainingReversalAmount"] as? Int == 750)
            // The same key again: the first answer, and no second capture.
            let replay = try await harness.send(
                .POST, "/admin/paymentorders/\(id)/captures", json: #"{"amount": 750, "vatAmount": 187}"#,
                headers: headers)
            #expect(replay.status == 201)
            #expect(replay.body == capture.body)

            // By the GUID of the Swedbank Pay id too; the VAT is the order's share when not given.
            let guid = try #require(path.split(separator: "/").last)
            let reversal = try await harness.send(
                .POST, "/admin/paymentorders/\(guid)/reversals", json: #"{"amount": 250}"#, headers: Self.admin)
            #expect(reversal.status == 201, "\(reversal.body)")
            #expect(Self.transaction(reversal)["vatAmount"] as? Int == 62)
            let cancellation = try await harness.send(
                .POST, "/admin/paymentorders/\(id)/cancellations", json: nil, headers: Self.admin)
            #expect(cancellation.status == 201, "\(cancellation.body)")
            #expect(Self.transaction(cancellation)["amount"] as? Int == 750)
            #expect(Self.order(cancellation)["status"] as? String == "Paid")
            let rest = try await harness.send(
                .POST, "/admin/paymentorders/\(id)/reversals", json: #"{"description": "The rest back"}"#,
                headers: Self.admin)
            #expect(rest.status == 201, "\(rest.body)")
            #expect(Self.transaction(rest)["amount"] as? Int == 500)
            #expect(Self.order(rest)["status"] as? String == "Reversed")

            let final = try await harness.send(.GET, "/admin/paymentorders/\(id)", headers: Self.admin)
            let rows = try #require(final.json["transactions"] as? [[String: Any]])
            #expect(rows.map { $0["kind"] as? String } == ["capture", "reversal", "cancellation", "reversal"])
            #expect(rows.map { $0["amount"] as? Int } == [750, 250, 750, 500])
            #expect(rows.allSatisfy { $0["state"] as? String == "done" })
            // At Swedbank Pay: the authorization, then exactly these four, under their references.
            let list = try await harness.client.answer(
                .GET, harness.sandboxURL + path + "/financialtransactions",
                headers: ["Authorization": "Bearer \(BackendHarness.merchantToken)"])
            let entries = try #require(
                (list.json["financialTransactions"] as? [String: Any])?["financialTransactionsList"] as? [[String: Any]]
            )
            #expect(
                entries.map { $0["type"] as? String } == [
                    "Authorization", "Capture", "Reversal", "Cancellation", "Reversal",
                ])
            #expect(
                Array(entries.dropFirst()).map { $0["payeeReference"] as? String }
                    == rows.map { $0["payeeReference"] as? String })
            let stored = try await harness.backend.services.store.find(id: id)
            #expect(stored?.status == "Reversed")
        }
    }

    /// Checkout v2 answers a movement without the order (`{payment, capture: {id, transaction}}`):
    /// each admin answer still shows the order's status and remaining amounts after it, read again,
    /// and the stored status follows.
    @Test func aCheckoutV2OrderShowsItsStatusAndRemainingAmountsAfterEachMovement() async throws {
        try await BackendHarness.run(configure: Self.withAdmin) { harness in
            let (id, _) = try await Self.paidOrder(harness, version3: false)
            // Each movement's answer: its status, then the amounts left to capture, cancel and
            // reverse (Checkout v2 shows all three on every order, 0 once nothing is left).
            let movements: [(route: String, body: String?, amount: Int, after: [String])] = [
                ("captures", #"{"amount": 1000, "vatAmount": 250}"#, 1000, ["Paid", "500", "500", "1000"]),
                ("cancellations", nil, 500, ["Paid", "0", "0", "1000"]),
                ("reversals", nil, 1000, ["Reversed", "0", "0", "0"]),
            ]
            for movement in movements {
                let answer = try await harness.send(
                    .POST, "/admin/paymentorders/\(id)/\(movement.route)", json: movement.body, headers: Self.admin)
                #expect(answer.status == 201, "\(answer.body)")
                #expect(Self.transaction(answer)["amount"] as? Int == movement.amount)
                let order = Self.order(answer)
                let shown =
                    [order["status"] as? String]
                    + ["remainingCaptureAmount", "remainingCancellationAmount", "remainingReversalAmount"].map {
                        (order[$0] as? Int).map(String.init)
                    }
                #expect(shown == movement.after, "\(movement.route)")
            }
            #expect(try await harness.backend.services.store.find(id: id)?.status == "Reversed")
        }
    }

    /// A repeat while the first capture is held at Swedbank Pay (its read of the order): 409,
    /// asked to try again in a second (`Retry-After: 1`).
    @Test func aRepeatWhileTheFirstIsInFlightIsAskedToRetryAfterASecond() async throws {
        try await BackendHarness.run(configure: Self.withAdmin) { harness in
            let (id, _) = try await Self.paidOrder(harness)
            try harness.sandbox.addFault(FaultFlagParser.parse("GET /psp/paymentorders/* delay:2 x1"))
            var headers = Self.admin
            headers["Idempotency-Key"] = "capture-held"
            let path = "/admin/paymentorders/\(id)/captures"
            let json = #"{"amount": 1500, "vatAmount": 375}"#
            async let first = harness.send(.POST, path, json: json, headers: headers)
            await harness.sandbox.faultsApplied(1)
            let refused = try await harness.send(.POST, path, json: json, headers: headers)
            #expect(refused.status == 409)
            #expect(refused.headers.first(name: "Retry-After") == "1")
            #expect(
                refused.body
                    == #"{"detail":"A request with this Idempotency-Key is still being processed.","status":409,"title":"Conflict","type":"https://api.payex.com/psp/errordetail/conflict"}"#
            )
            #expect(try await first.status == 201)
        }
    }

    @Test func whatSwedbankPayRefusesIsForwardedAndRecorded() async throws {
        try await BackendHarness.run(configure: Self.withAdmin) { harness in
            let created = try await harness.createOrder()
            let id = try #require(created.headers.first(name: "Location")?.split(separator: "/").last.map(String.init))
            let unpaid = try await harness.send(.POST, "/admin/paymentorders/\(id)/captures", headers: Self.admin)
            #expect(unpaid.status == 409)
            #expect(
                unpaid.json["detail"] as? String
                    == "Swedbank Pay offers no capture for this payment order now (status Initialized).")
            #expect(unpaid.headers.first(name: "Retry-After") == nil)

            let (paidID, _) = try await Self.paidOrder(harness)
            var headers = Self.admin
            headers["Idempotency-Key"] = "too-much"
            let tooMuch = try await harness.send(
                .POST, "/admin/paymentorders/\(paidID)/captures", json: #"{"amount": 1501, "vatAmount": 0}"#,
                headers: headers)
            #expect(tooMuch.status == 400)
            #expect(tooMuch.json["type"] as? String == "https://api.payex.com/psp/errordetail/paymentorders/inputerror")
            let again = try await harness.send(
                .POST, "/admin/paymentorders/\(paidID)/captures", json: #"{"amount": 1501, "vatAmount": 0}"#,
                headers: headers)
            #expect(again.status == 400)
            #expect(again.body == tooMuch.body)
            let shown = try await harness.send(.GET, "/admin/paymentorders/\(paidID)", headers: Self.admin)
            let rows = try #require(shown.json["transactions"] as? [[String: Any]])
            #expect(rows.map { $0["state"] as? String } == ["rejected"])

            let bad = try await harness.send(
                .POST, "/admin/paymentorders/\(paidID)/captures", json: #"{"amount": 0, "vatAmount": 5, "fee": 1}"#,
                headers: Self.admin)
            #expect(bad.status == 400)
            let names = (bad.json["problems"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == ["fee", "amount"])
            #expect(
                (bad.json["problems"] as? [[String: Any]])?.first?["description"] as? String
                    == "Not a member of a capture request; it takes amount, description, orderItems, vatAmount.")
            let cancelWithAmount = try await harness.send(
                .POST, "/admin/paymentorders/\(paidID)/cancellations", json: #"{"amount": 5}"#, headers: Self.admin)
            #expect(cancelWithAmount.status == 400)
            let unknown = try await harness.send(.GET, "/admin/paymentorders/no-such-order", headers: Self.admin)
            #expect(unknown.status == 404)
        }
    }
}
