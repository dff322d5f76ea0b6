import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

@Suite struct PaymentOrdersControlTests {
    typealias Fixture = PaymentOrdersFixture

    @Test func listsTheOrdersForPeople() async throws {
        try await SandboxHarness().run { client in
            let empty = try await client.send(.get, "/sandbox/paymentorders", token: nil)
            #expect(try empty.json == json(#"{"paymentOrders": []}"#))
            let (created, id) = try await Fixture.create(client)
            let createdAt = try #require(try created.object["paymentOrder"]?.objectValue?["created"]?.stringValue)
            let list = try await client.send(.get, "/sandbox/paymentorders", token: nil)
            #expect(
                try list.json
                    == json(
                        """
                        {"paymentOrders": [{"id": "/psp/paymentorders/\(id)", "status": "Initialized", "amount": 1500,
                          "currency": "SEK", "payeeReference": "AB832", "created": "\(createdAt)", "version": "3"}]}
                        """))
        }
    }

    @Test func aFailedAttemptLeavesTheOrderOpen() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let failed = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "Swish", "outcome": "failed"}"#,
                token: nil)
            #expect(failed.status == 200)
            #expect(try failed.object["paymentOrder"]?.objectValue?["status"] == .string("Initialized"))
            let attempts = try await client.send(.get, "/psp/paymentorders/\(id)/failedattempts")
            let attempt = try #require(
                try attempts.object["failedAttempts"]?.objectValue?["failedAttemptList"]?.arrayValue?.first?.objectValue
            )
            #expect(attempt["instrument"] == .string("Swish"))
            #expect(attempt["status"] == .string("Failed"))
            #expect(
                attempt["problem"]?.objectValue?["type"]
                    == .string("https://api.payex.com/psp/errordetail/swishdeclined"))
            let paid = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "Swish"}"#)
            #expect(try paid.object["paymentOrder"]?.objectValue?["status"] == .string("Paid"))
            let paidDetails = try await client.send(.get, "/psp/paymentorders/\(id)/paid")
            #expect(try paidDetails.object["paid"]?.objectValue?["transactionType"] == .string("Sale"))
            #expect(
                try paidDetails.object["paid"]?.objectValue?["details"]
                    == json(#"{"msisdn": "+46739000001", "misidn": "+46739000001"}"#))
        }
    }

    @Test func aDeclinedCardAttemptNamesTheAcquirersAnswer() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            _ = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "CreditCard", "outcome": "failed"}"#,
                token: nil)
            let attempts = try await client.send(.get, "/psp/paymentorders/\(id)/failedattempts")
            let attempt = try #require(
                try attempts.object["failedAttempts"]?.objectValue?["failedAttemptList"]?.arrayValue?.first?.objectValue
            )
            #expect(
                attempt["problem"]?.objectValue?["problems"]
                    == (try json(
                        #"[{"name": "ExternalResponse", "description": "REJECTED_BY_ACQUIRER-Card declined"}]"#)))
        }
    }

    @Test func payingIsRefusedWhenItCannotHappen() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client, Fixture.order { $0["instrument"] = .string("Swish") })
            let wrongInstrument = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "CreditCard"}"#)
            #expect(wrongInstrument.status == 400)
            #expect(
                try wrongInstrument.object["problems"]
                    == json(#"[{"name": "instrument", "description": "The field must be one of Swish."}]"#))
            let badOutcome = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"outcome": "maybe"}"#)
            #expect(
                try badOutcome.object["problems"]
                    == json(#"[{"name": "outcome", "description": "The field must be \"paid\" or \"failed\"."}]"#))
            // No body at all: the order's instrument, paid.
            let paid = try await client.send(.post, "/sandbox/paymentorders/\(id)/pay", headers: SandboxClient.control)
            #expect(paid.status == 200)
            let again = try await client.send(.post, "/sandbox/paymentorders/\(id)/pay", headers: SandboxClient.control)
            #expect(again.status == 409)
            #expect(
                try again.object["detail"]
                    == .string("The payment order is Paid; it can only be paid while it is Initialized."))
            let unknown = try await client.send(
                .post, "/sandbox/paymentorders/nope/pay", headers: SandboxClient.control)
            #expect(unknown.status == 404)
        }
    }
}
