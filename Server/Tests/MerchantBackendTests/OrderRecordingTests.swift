import Foundation
import Testing

@testable import MerchantBackend

/// What an order creation leaves in the database, for each way Swedbank Pay can answer, with and
/// without an `Idempotency-Key`: the row holds exactly what the creation came to, and with a key
/// the app's answer is the stored one, for the replay. (With a key the row is reserved first and
/// updated; without one it is written once, and the answer, which nothing could replay, is not
/// kept — otherwise both end alike.)
@Suite(.timeLimit(.minutes(2))) struct OrderRecordingTests {
    @Test(arguments: TestDatabase.engines)
    func eachOutcomeIsRecordedAsTheAppGotIt(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine) { harness in
            for key in [nil, "recording-key"] as [String?] {
                let user = "recording-\(UUID().uuidString)"
                let store = harness.backend.services.store

                let created = try await harness.createOrder(key: key.map { "\($0)-created" }, user: user)
                #expect(created.status == 201)
                let paymentOrder = try #require(created.json["paymentOrder"] as? [String: Any])
                var rows = try await store.all().filter { $0.userID == user }
                #expect(rows.count == 1)
                let createdRow = try #require(rows.first)
                #expect(createdRow.creation == .created)
                #expect(createdRow.idempotencyKey == key.map { "\($0)-created" })
                #expect(createdRow.pspID == paymentOrder["id"] as? String)
                #expect(createdRow.status?.rawValue == paymentOrder["status"] as? String)
                #expect(createdRow.status == "Initialized")
                #expect(createdRow.responseStatus == 201)
                #expect(createdRow.responseBody == (key == nil ? nil : created.body))
                #expect(created.headers.first(name: "Location") == "/paymentorders/\(createdRow.id)")
                #expect(createdRow.amount == 1500 && createdRow.currency == "SEK")
                #expect(createdRow.createdAt <= createdRow.updatedAt)

                // A verdict of Swedbank Pay's (4xx): recorded with the problem the app got.
                try await harness.addFault(#""kind":"status","status":400,"count":1"#)
                let rejected = try await harness.createOrder(key: key.map { "\($0)-rejected" }, user: user)
                #expect(rejected.status == 400)
                rows = try await store.all().filter { $0.userID == user && $0.id != createdRow.id }
                #expect(rows.count == 1)
                let rejectedRow = try #require(rows.first)
                #expect(rejectedRow.creation == .rejected)
                #expect(rejectedRow.pspID == nil && rejectedRow.status == nil)
                #expect(rejectedRow.responseStatus == 400)
                #expect(rejectedRow.responseBody == (key == nil ? nil : rejected.body))

                // No verdict (5xx): failed, no answer kept, so the same key may try again.
                try await harness.addFault(#""kind":"status","status":503,"count":1"#)
                let failed = try await harness.createOrder(key: key.map { "\($0)-failed" }, user: user)
                #expect(failed.status == 503)
                rows = try await store.all().filter {
                    $0.userID == user && $0.id != createdRow.id && $0.id != rejectedRow.id
                }
                #expect(rows.count == 1)
                let failedRow = try #require(rows.first)
                #expect(failedRow.creation == .failed)
                #expect(failedRow.pspID == nil && failedRow.status == nil)
                #expect(failedRow.responseStatus == nil && failedRow.responseBody == nil)
            }
        }
    }
}

extension BackendHarness {
    /// Adds a sandbox fault on order creation; `members` are the rule's JSON members after its
    /// method and path.
    func addFault(_ members: String) async throws {
        let fault = try await client.answer(
            .POST, sandboxURL + "/sandbox/faults",
            json: #"{"method":"POST","path":"/psp/paymentorders",\#(members)}"#)
        #expect(fault.status == 201)
    }
}

/// The currency rule's byte scan gives what the character rule gives, on every string of up to
/// four characters from a pool of the cases that differ.
@Suite struct CurrencyCodeTests {
    @Test func currencyCodesAreAcceptedAsTheCharacterRuleAcceptsThem() {
        let pool = ["S", "E", "k", "1", " ", "\r\n", "\u{301}", "É", "Ｓ", "🙂"]
        var strings = [""]
        var layer = [""]
        for _ in 1...4 {
            layer = layer.flatMap { prefix in pool.map { prefix + $0 } }
            strings += layer
        }
        for text in strings {
            let characterRule = text.count == 3 && text.allSatisfy { $0.isASCII && $0.isUppercase }
            #expect(PaymentOrderPreparation.isCurrencyCode(text) == characterRule, "\(text.debugDescription)")
        }
        #expect(PaymentOrderPreparation.isCurrencyCode("SEK"))
    }
}
