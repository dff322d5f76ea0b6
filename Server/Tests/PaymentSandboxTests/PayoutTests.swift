import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Payouts as the portal's payout page describes them: a `Verify` restricted to payout instruments
/// saves the payer's bank account (Trustly) as an unscheduled token, and a `Payout` sends money to
/// it — answered `Initialized`, paid out right after.
@Suite struct PayoutTests {
    typealias Fixture = PaymentOrdersFixture

    /// A payout Verify paid by Trustly; returns its order and the unscheduled token it saved.
    static func savedAccount(_ client: SandboxClient) async throws -> (order: SwedbankPaySDK.JSONObject, token: String)
    {
        let verify = Fixture.order {
            $0["operation"] = .string("Verify")
            $0["amount"] = nil
            $0["vatAmount"] = nil
            $0["orderItems"] = nil
            $0["payeeInfo"] = .object(["payeeId": .string(Fixture.payeeId), "payeeReference": .string("V1")])
            $0["restrictedToPayoutInstruments"] = .bool(true)
            $0["generateUnscheduledToken"] = .bool(true)
        }
        let (created, id) = try await Fixture.create(client, verify)
        let order = try #require(try created.object["paymentOrder"]?.objectValue)
        let paid = try await client.send(
            .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "Trustly"}"#, token: nil)
        #expect(paid.status == 200, "\(paid.text)")
        let details = try await client.send(.get, "/psp/paymentorders/\(id)/paid")
        let tokens = try #require(try details.object["paid"]?.objectValue?["tokens"]?.arrayValue)
        #expect(tokens.count == 1)
        let entry = try #require(tokens.first?.objectValue)
        #expect(entry["type"] == .string("unscheduled"))
        #expect(entry["name"] == .string(PaymentTokenIssuer.trustlyAccount))
        return (order, try #require(entry["token"]?.stringValue))
    }

    static func payout(token: String, reference: String = "P1") -> String {
        ServerInitiatedPaymentTests.serverOrder(
            "Payout", tokenMember: "unscheduledToken", token: token, reference: reference)
    }

    @Test func aPayoutVerifyOffersOnlyTrustlyAndSavesTheAccount() async throws {
        try await SandboxHarness().run { client in
            let (order, _) = try await Self.savedAccount(client)
            #expect(order["availableInstruments"] == .array([.string("Trustly")]))
        }
    }

    @Test func aPayoutIsAnsweredInitializedThenPaidOut() async throws {
        try await SandboxHarness().run { client in
            let (_, token) = try await Self.savedAccount(client)
            let reply = try await client.send(.post, "/psp/paymentorders", json: Self.payout(token: token))
            #expect(reply.status == 200, "\(reply.text)")
            let order = try #require(try reply.object["paymentOrder"]?.objectValue)
            #expect(order["operation"] == .string("Payout"))
            #expect(order["status"] == .string("Initialized"))
            #expect(order["availableInstruments"] == .array([]))
            #expect(try reply.object["operations"] == .array([]))
            let path = try #require(order["id"]?.stringValue)

            let later = try await client.send(.get, path)
            #expect(try later.object["paymentOrder"]?.objectValue?["status"] == .string("Paid"))
            #expect(try later.object["operations"] == .array([]))
            let paid = try #require(try await client.send(.get, path + "/paid").object["paid"]?.objectValue)
            #expect(paid["instrument"] == .string("Trustly"))
            #expect(paid["transactionType"] == .string("Payout"))
            #expect(paid["amount"] == .integer(1500))
            let list = try #require(
                try await client.send(.get, path + "/financialtransactions").object["financialTransactions"]?
                    .objectValue?["financialTransactionsList"]?.arrayValue)
            #expect(list.compactMap { $0.objectValue?["type"]?.stringValue } == ["Payout"])
            let history = try #require(
                try await client.send(.get, path + "/history").object["history"]?.objectValue?["historyList"]?
                    .arrayValue)
            #expect(
                history.compactMap { $0.objectValue?["name"]?.stringValue } == ["PaymentCreated", "PaymentPaid"])
            #expect(history.last?.objectValue?["initiatedBy"] == .string("Payee"))

            // Money paid out cannot be captured, cancelled or reversed.
            let reversal = try await client.send(
                .post, path + "/reversals",
                json:
                    #"{"transaction": {"description": "Back", "amount": 100, "vatAmount": 0, "payeeReference": "X1"}}"#)
            #expect(reversal.status == 403)
            #expect(
                try reversal.object["detail"]
                    == .string("A reversal is not possible: nothing captured remains to reverse."))
        }
    }

    @Test func aPayoutNeedsAnAccountAndAPurchaseACard() async throws {
        try await SandboxHarness().run { client in
            let (_, account) = try await Self.savedAccount(client)
            let cards = try await ServerInitiatedPaymentTests.tokens(client)

            let toCard = try await client.send(.post, "/psp/paymentorders", json: Self.payout(token: cards.unscheduled))
            #expect(toCard.status == 403)
            #expect(
                try toCard.object["detail"]
                    == .string("The UnscheduledToken was saved by CreditCard; a Payout needs one saved by Trustly."))

            let fromAccount = try await client.send(
                .post, "/psp/paymentorders",
                json: ServerInitiatedPaymentTests.serverOrder(
                    "UnscheduledPurchase", tokenMember: "unscheduledToken", token: account, reference: "U1"))
            #expect(fromAccount.status == 403)
            #expect(
                try fromAccount.object["detail"]
                    == .string(
                        "The UnscheduledToken was saved by Trustly; a UnscheduledPurchase needs one saved by CreditCard."
                    ))

            let unknown = try await client.send(.post, "/psp/paymentorders", json: Self.payout(token: "nope"))
            #expect(unknown.status == 404)
            #expect(
                try unknown.object["problems"]
                    == json(
                        #"[{"name": "UnscheduledToken", "description": "The given UnscheduledToken does not exist."}]"#)
            )
        }
    }

    @Test func onlyAVerifyIsRestrictedToPayoutInstruments() async throws {
        try await SandboxHarness().run { client in
            let order = Fixture.order { $0["restrictedToPayoutInstruments"] = .bool(true) }
            let reply = try await client.send(.post, "/psp/paymentorders", json: Fixture.body(order))
            #expect(reply.status == 400)
            #expect(
                try reply.object["problems"]
                    == json(
                        #"""
                        [{"name": "paymentorder.restrictedToPayoutInstruments",
                          "description": "The field may only be true for a Verify, which saves the payer's account for payouts."}]
                        """#))
        }
    }

    @Test func anAttemptSaysWhetherItsFormWasFilledIn() throws {
        var payerAware = try HostedViewFixtures.record()
        _ = try payerAware.startAttempt(instrument: .creditCard, now: HostedViewFixtures.date)
        _ = try payerAware.startAttempt(instrument: .swish, now: HostedViewFixtures.date)
        #expect(payerAware.history.suffix(2).map(\.prefill) == [true, false])
        var guest = try HostedViewFixtures.record(
            HostedViewFixtures.order {
                $0["payer"] = .object(["msisdn": .string("+46739000001")])
            })
        _ = try guest.startAttempt(instrument: .creditCard, now: HostedViewFixtures.date)
        _ = try guest.startAttempt(instrument: .swish, now: HostedViewFixtures.date)
        #expect(guest.history.suffix(2).map(\.prefill) == [false, true])
    }
}
