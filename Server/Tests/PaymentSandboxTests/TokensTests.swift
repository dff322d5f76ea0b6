import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

@Suite struct TokensTests {
    typealias Fixture = PaymentOrdersFixture

    /// Creates an order asking for a payment token and pays it by card; returns the token.
    static func payWithToken(_ client: SandboxClient, reference: String = "AB832") async throws -> String {
        let order = Fixture.order {
            $0["generatePaymentToken"] = .bool(true)
            $0["payeeInfo"] = .object(["payeeId": .string(Fixture.payeeId), "payeeReference": .string(reference)])
        }
        let (_, id) = try await Fixture.create(client, order)
        let paid = try await client.send(
            .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "CreditCard"}"#)
        #expect(paid.status == 200)
        let details = try await client.send(.get, "/psp/paymentorders/\(id)/paid")
        let paidObject = try #require(try details.object["paid"]?.objectValue)
        #expect(paidObject["paymentTokenGenerated"] == .bool(true))
        let token = try #require(paidObject["tokens"]?.arrayValue?.first?.objectValue?["token"]?.stringValue)
        let expected = try json(
            #"[{"type": "payment", "token": "\#(token)", "name": "492500******0004", "expiryDate": "12/2030"}]"#)
        #expect(paidObject["tokens"] == expected)
        return token
    }

    @Test func aPaidCardOrderGivesThePayerAToken() async throws {
        try await SandboxHarness().run { client in
            let token = try await Self.payWithToken(client)
            let ids = IDGenerator(seed: 42)
            _ = Fixture.ExpectedIDs(ids)
            #expect(token == ids.guid())
            let legacy = try await client.send(.get, "/psp/paymentorders/payerownedpaymenttokens/payer1")
            #expect(legacy.status == 200)
            #expect(
                try legacy.json
                    == json(
                        """
                        {"payerOwnedPaymentTokens": {
                           "id": "/psp/paymentorders/payerownedpaymenttokens/payer1", "payerReference": "payer1",
                           "paymentTokens": [{"paymentToken": "\(token)", "instrument": "CreditCard",
                             "instrumentDisplayName": "492500******0004",
                             "instrumentParameters": {"expiryDate": "12/2030", "cardBrand": "Visa"},
                             "operations": [{"rel": "delete-paymenttokens", "method": "PATCH", "contentType": "application/json",
                                             "href": "http://sandbox.test/psp/paymentorders/paymenttokens/\(token)"}]}]},
                         "operations": []}
                        """))
            let correlationId = PayerTokenDocument.correlationId(token)
            // The token is the network token the card was paid with (the payment's maskedDPan).
            let paid = try await client.send(.get, "/psp/paymentorders/\(Fixture.ExpectedIDs().id)/paid")
            let dpan = try #require(
                try paid.object["paid"]?.objectValue?["details"]?.objectValue?["maskedDPan"]?.stringValue)
            let lastFourDPan = String(dpan.suffix(4))
            let current = try await client.send(.get, "/psp/paymentorders/payerownedtokens/payer1")
            #expect(
                try current.json
                    == json(
                        """
                        {"payerOwnedTokens": {
                           "id": "/psp/paymentorders/payerownedtokens/payer1", "payerReference": "payer1",
                           "tokens": [{"token": "\(token)", "tokenType": "Payment", "networkTokenized": true,
                             "instrument": "CreditCard", "instrumentDisplayName": "492500******0004",
                             "correlationId": "\(correlationId)",
                             "instrumentParameters": {"expiryDate": "12/2030", "cardBrand": "Visa",
                               "lastFourPan": "0004", "lastFourDPan": "\(lastFourDPan)", "issuerName": "Swedbank"},
                             "operations": [{"rel": "delete-paymenttokens", "method": "PATCH", "contentType": "application/json",
                                             "href": "http://sandbox.test/psp/paymentorders/paymenttokens/\(token)"}]}]},
                         "operations": [{"rel": "delete-payerownedtokens", "method": "PATCH", "contentType": "application/json",
                                         "href": "http://sandbox.test/psp/paymentorders/payerownedtokens/payer1"}]}
                        """))
        }
    }

    @Test func deletingATokenHidesIt() async throws {
        try await SandboxHarness().run { client in
            let token = try await Self.payWithToken(client)
            let deleted = try await client.send(
                .patch, "/psp/paymentorders/paymenttokens/\(token)",
                json: #"{"state": "Deleted", "comment": "by payer"}"#)
            #expect(deleted.status == 200)
            #expect(
                try deleted.json
                    == json(
                        """
                        {"paymentToken": "\(token)", "instrument": "CreditCard", "instrumentDisplayName": "492500******0004",
                         "correlationId": "\(PayerTokenDocument.correlationId(token))",
                         "instrumentParameters": {"expiryDate": "12/2030", "cardBrand": "Visa"}}
                        """))
            let legacy = try await client.send(.get, "/psp/paymentorders/payerownedpaymenttokens/payer1")
            #expect(try legacy.object["payerOwnedPaymentTokens"]?.objectValue?["paymentTokens"] == .array([]))
            let current = try await client.send(.get, "/psp/paymentorders/payerownedtokens/payer1")
            #expect(try current.object["payerOwnedTokens"]?.objectValue?["tokens"] == .array([]))
        }
    }

    @Test func deletingAllOfAPayersTokens() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            _ = try await Self.payWithToken(client, reference: "R1")
            _ = try await Self.payWithToken(client, reference: "R2")
            let before = try await client.send(.get, "/psp/paymentorders/payerownedtokens/payer1")
            #expect(try before.object["payerOwnedTokens"]?.objectValue?["tokens"]?.arrayValue?.count == 2)
            let reply = try await client.send(
                .patch, "/psp/paymentorders/payerownedtokens/payer1", json: #"{"state": "Deleted", "comment": "gdpr"}"#)
            #expect(reply.status == 200)
            // The answer lists what the deletion removed, as the portal shows it: the tokens the
            // list had, without their delete operations.
            let listed = try #require(before.object["payerOwnedTokens"]?.objectValue?["tokens"]?.arrayValue)
            let withoutOperations = listed.map { token -> SwedbankPaySDK.JSONValue in
                var object = token.objectValue ?? [:]
                object["operations"] = nil
                return .object(object)
            }
            #expect(try reply.object["payerOwnedTokens"]?.objectValue?["tokens"] == .array(withoutOperations))
            let stored = await harness.sandbox.services.store.tokens(payerReference: "payer1")
            #expect(stored.map(\.deleted) == [true, true])
            #expect(stored.map(\.comment) == ["gdpr", "gdpr"])
            let after = try await client.send(.get, "/psp/paymentorders/payerownedtokens/payer1")
            #expect(try after.object["payerOwnedTokens"]?.objectValue?["tokens"] == .array([]))
            let again = try await client.send(
                .patch, "/psp/paymentorders/payerownedtokens/payer1", json: #"{"state": "Deleted", "comment": "x"}"#)
            #expect(try again.object["payerOwnedTokens"]?.objectValue?["tokens"] == .array([]))
        }
    }

    /// The `delete-payerownedtokens` link the portal documents is
    /// `PATCH …/payerOwnedPaymentTokens/{payerReference}`; its PATCH examples use
    /// `…/payerownedtokens/`: every spelling of both collections reads and deletes.
    @Test(arguments: ["payerOwnedPaymentTokens", "payerownedpaymenttokens", "payerOwnedTokens", "payerownedtokens"])
    func everySpellingOfThePayersTokensDeletesThem(collection: String) async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            _ = try await Self.payWithToken(client, reference: "R1")
            let read = try await client.send(.get, "/psp/paymentorders/\(collection)/payer1")
            #expect(read.status == 200, "\(read.text)")
            let reply = try await client.send(
                .patch, "/psp/paymentorders/\(collection)/payer1", json: #"{"state": "Deleted", "comment": "gdpr"}"#)
            #expect(reply.status == 200, "\(reply.text)")
            #expect(try reply.object["payerOwnedTokens"]?.objectValue?["tokens"]?.arrayValue?.count == 1)
            #expect(await harness.sandbox.services.store.tokens(payerReference: "payer1").map(\.deleted) == [true])
        }
    }

    @Test func deletionBodiesAreChecked() async throws {
        try await SandboxHarness().run { client in
            let token = try await Self.payWithToken(client)
            let wrong = try await client.send(
                .patch, "/psp/paymentorders/paymenttokens/\(token)", json: #"{"state": "Active", "comment": 5}"#)
            #expect(wrong.status == 400)
            #expect(
                try wrong.object["problems"]
                    == json(
                        #"""
                        [{"name": "state", "description": "The field must be \"Deleted\"."},
                         {"name": "comment", "description": "The field must be a string."}]
                        """#))
            let missing = try await client.send(.patch, "/psp/paymentorders/payerownedtokens/payer1", json: #"{}"#)
            #expect(
                try missing.object["problems"]
                    == json(
                        #"""
                        [{"name": "state", "description": "The field is required."},
                         {"name": "comment", "description": "The field is required."}]
                        """#))
            let unknown = try await client.send(
                .patch, "/psp/paymentorders/paymenttokens/nope", json: #"{"state": "Deleted", "comment": "x"}"#)
            #expect(unknown.status == 404)
            #expect(try unknown.object["type"]?.stringValue == SwedbankPaySDK.ProblemTypeURI.notFound)
            for body in ["", "[]", "{", #"{"state": null, "comment": []}"#] {
                let reply = try await client.send(.patch, "/psp/paymentorders/paymenttokens/\(token)", json: body)
                #expect((400..<500).contains(reply.status), "\(body) → \(reply.status)")
            }
            let noAuth = try await client.send(.get, "/psp/paymentorders/payerownedtokens/payer1", token: nil)
            #expect(noAuth.status == 401)
        }
    }

    @Test func aPayerWithoutTokensHasAnEmptyList() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(.get, "/psp/paymentorders/payerownedpaymenttokens/some%20one")
            #expect(reply.status == 200)
            #expect(
                try reply.object["payerOwnedPaymentTokens"]
                    == json(
                        #"{"id": "/psp/paymentorders/payerownedpaymenttokens/some%20one", "payerReference": "some one", "paymentTokens": []}"#
                    ))
        }
    }

    @Test func onlyRequestedCardPaymentsMakeTokens() throws {
        let ids = IDGenerator(seed: 1)
        func paid(_ change: (inout SwedbankPaySDK.JSONObject) -> Void, instrument: SandboxInstrument = .creditCard)
            throws
            -> PaymentOrderRecord
        {
            var record = try PaymentOrderFactory.makeRecord(
                body: ["paymentorder": .object(Fixture.order(change))], facts: .init(),
                configuration: SandboxConfiguration(), ids: ids, now: Date())
            let number = try record.startAttempt(instrument: instrument, now: PaymentOrdersFixture.testDate)
            try record.markPaid(
                instrument: instrument, number: number, transactionType: .authorization, details: [:],
                now: PaymentOrdersFixture.testDate)
            PaymentTokenIssuer.issueIfRequested(
                for: &record, cardBrand: "Visa", maskedPan: "4925", expiryDate: "12/2030", ids: ids)
            return record
        }
        #expect(try paid { _ in }.paid?.tokens == [])
        #expect(try paid({ $0["generatePaymentToken"] = .bool(true) }, instrument: .swish).paid?.tokens == [])
        let all = try paid {
            $0["generatePaymentToken"] = .bool(true)
            $0["generateRecurrenceToken"] = .bool(true)
            $0["generateUnscheduledToken"] = .bool(true)
        }
        #expect(all.paid?.tokens.compactMap { $0["type"]?.stringValue } == ["payment", "recurrence", "unscheduled"])
        #expect(all.paid?.details["cardBrand"] == "Visa")
        #expect(PaymentTokenIssuer.payerTokens(of: all).map(\.payerReference) == ["payer1"])
        // A guest (no payerReference) gets no payment token, but may get a recurrence token.
        let guest = try paid {
            $0["payer"] = nil
            $0["generateRecurrenceToken"] = .bool(true)
        }
        #expect(guest.paid?.tokens.compactMap { $0["type"]?.stringValue } == ["recurrence"])
        #expect(PaymentTokenIssuer.payerTokens(of: guest).isEmpty)
        // Issuing again changes nothing.
        var again = all
        let tokens = PaymentTokenIssuer.issueIfRequested(
            for: &again, cardBrand: "Visa", maskedPan: "4925", expiryDate: "12/2030", ids: ids)
        #expect(tokens == all.paid?.tokens)
    }

    @Test func correlationIdsAreStableGuids() {
        let id = PayerTokenDocument.correlationId("abc")
        #expect(id == PayerTokenDocument.correlationId("abc"))
        #expect(id != PayerTokenDocument.correlationId("abd"))
        #expect(id.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/) != nil)
    }
}
