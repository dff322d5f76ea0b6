import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Payments the merchant's server makes with a token a payer left (`Recur`,
/// `UnscheduledPurchase`), and deleting such tokens (`…/recurrenceTokens/{t}`,
/// `…/unscheduledTokens/{t}`, `…/paymentTokens/{t}`).
@Suite struct ServerInitiatedPaymentTests {
    typealias Fixture = PaymentOrdersFixture

    /// Pays a card order that asked for recurrence and unscheduled tokens; returns them.
    static func tokens(_ client: SandboxClient) async throws -> (recurrence: String, unscheduled: String) {
        let order = Fixture.order {
            $0["generateRecurrenceToken"] = .bool(true)
            $0["generateUnscheduledToken"] = .bool(true)
        }
        let (_, id) = try await Fixture.create(client, order)
        let paid = try await client.send(
            .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "CreditCard"}"#, token: nil)
        #expect(paid.status == 200)
        let details = try await client.send(.get, "/psp/paymentorders/\(id)/paid")
        let entries = try #require(try details.object["paid"]?.objectValue?["tokens"]?.arrayValue).compactMap(
            \.objectValue)
        let token = { (type: String) in entries.first { $0["type"] == .string(type) }?["token"]?.stringValue ?? "" }
        return (token("recurrence"), token("unscheduled"))
    }

    /// A server-initiated order as the portal's recur page shows it: no hostUrls or completeUrl.
    static func serverOrder(_ operation: String, tokenMember: String, token: String, reference: String) -> String {
        """
        {"paymentorder": {"operation": "\(operation)", "\(tokenMember)": "\(token)", "currency": "SEK",
         "amount": 1500, "vatAmount": 375, "description": "Monthly box", "userAgent": "Merchant/1.0",
         "language": "sv-SE", "productName": "Checkout3",
         "urls": {"callbackUrl": "https://shop.example/callback"},
         "payeeInfo": {"payeeId": "\(Fixture.payeeId)", "payeeReference": "\(reference)"},
         "payer": {"payerReference": "payer1"}}}
        """
    }

    @Test func aRecurrenceTokenPaysAtOnceAndTheMoneyCanBeCaptured() async throws {
        try await SandboxHarness().run { client in
            let tokens = try await Self.tokens(client)
            let reply = try await client.send(
                .post, "/psp/paymentorders",
                json: Self.serverOrder(
                    "Recur", tokenMember: "recurrenceToken", token: tokens.recurrence, reference: "R1"))
            #expect(reply.status == 200, "\(reply.text)")
            let order = try #require(try reply.object["paymentOrder"]?.objectValue)
            #expect(order["operation"] == .string("Recur"))
            #expect(order["status"] == .string("Paid"))
            #expect(order["remainingCaptureAmount"] == .integer(1500))
            let rels = try #require(try reply.object["operations"]?.arrayValue).compactMap {
                $0.objectValue?["rel"]?.stringValue
            }
            #expect(Array(rels.prefix(2)) == ["cancel", "capture"])
            let path = try #require(order["id"]?.stringValue)
            let paid = try await client.send(.get, path + "/paid")
            let details = try #require(try paid.object["paid"]?.objectValue?["details"]?.objectValue)
            #expect(details["transactionInitiator"] == .string("MERCHANT"))
            #expect(details["maskedPan"] == .string("492500******0004"))
            // Only what the merchant sent: no filled-in URLs of a payer's page.
            let urls = try await client.send(.get, path + "/urls")
            #expect(
                try urls.object["urls"]
                    == .object(["id": .string(path + "/urls"), "callbackUrl": .string("https://shop.example/callback")])
            )
            let capture = try await client.send(
                .post, path + "/captures",
                json:
                    #"{"transaction": {"description": "Box", "amount": 1500, "vatAmount": 375, "payeeReference": "C1"}}"#
            )
            #expect(capture.status == 200)
        }
    }

    @Test func aDeclinedMerchantInitiatedPaymentFailsTheOrderWithItsFailedResource() async throws {
        try await SandboxHarness().run { client in
            let tokens = try await Self.tokens(client)
            for (operation, member, token) in [
                ("Recur", "recurrenceToken", tokens.recurrence),
                ("UnscheduledPurchase", "unscheduledToken", tokens.unscheduled),
            ] {
                // The card test amount of insufficient funds: the only attempt fails.
                let body = Self.serverOrder(operation, tokenMember: member, token: token, reference: "F" + operation)
                    .replacingOccurrences(
                        of: #""amount": 1500, "vatAmount": 375"#, with: #""amount": 900361, "vatAmount": 0"#)
                let reply = try await client.send(.post, "/psp/paymentorders", json: body)
                #expect(reply.status == 200, "\(reply.text)")
                let order = try #require(try reply.object["paymentOrder"]?.objectValue)
                #expect(order["status"] == .string("Failed"), "\(operation)")
                let path = try #require(order["id"]?.stringValue)
                let failed = try await client.send(.get, path + "/failed")
                #expect(
                    try failed.object["failed"]
                        == .object([
                            "id": .string(path + "/failed"),
                            "problem": .object([
                                "type": .string(
                                    "https://api.payex.com/psp/errordetail/creditcard/acquirerinsufficientfunds"),
                                "title": .string("Insufficient funds"), "status": .integer(403),
                                "detail": .string(
                                    "The card does not have sufficient funds. The payer needs to contact their card "
                                        + "issuing bank."),
                                "originalDetail": .string("REJECTED_BY_ACQUIRER_INSUFFICIENT_FUNDS, response-code: 61"),
                            ]),
                        ]), "\(operation)")
                let attempts = try await client.send(.get, path + "/failedattempts")
                let list = try #require(
                    try attempts.object["failedAttempts"]?.objectValue?["failedAttemptList"]?.arrayValue)
                #expect(list.count == 1, "\(operation)")
                // Nothing to capture, cancel or reverse.
                let rels = try #require(try reply.object["operations"]?.arrayValue).compactMap {
                    $0.objectValue?["rel"]?.stringValue
                }
                #expect(rels == ["redirect-checkout", "view-checkout"], "\(operation)")
            }
        }
    }

    /// The answers the portal documents for merchant-initiated card payments, each from its test
    /// amount and with the example's body.
    @Test(arguments: [
        (Int64(952100), "dailylimitexceeded"), (900305, "monthlylimitexceeded"), (952400, "acquirererrordonotretry"),
        (952507, "authenticationrequired"), (952501, "acquirererrormodificationsrequired"),
    ])
    func merchantInitiatedDeclinesAnswerTheDocumentedBody(amount: Int64, name: String) async throws {
        try await SandboxHarness().run { client in
            let tokens = try await Self.tokens(client)
            let body = Self.serverOrder(
                "Recur", tokenMember: "recurrenceToken", token: tokens.recurrence, reference: "M1"
            )
            .replacingOccurrences(
                of: #""amount": 1500, "vatAmount": 375"#, with: #""amount": \#(amount), "vatAmount": 0"#)
            let reply = try await client.send(.post, "/psp/paymentorders", json: body)
            let path = try #require(try reply.object["paymentOrder"]?.objectValue?["id"]?.stringValue)
            let failed = try await client.send(.get, path + "/failed")
            var problem = try #require(try failed.object["failed"]?.objectValue?["problem"]?.objectValue)
            problem["originalDetail"] = nil
            var expected = try #require(CardProblems.table.row(name)).json
            expected["name"] = nil
            #expect(problem == expected)
        }
    }

    @Test func anUnscheduledTokenPaysToo() async throws {
        try await SandboxHarness().run { client in
            let tokens = try await Self.tokens(client)
            let reply = try await client.send(
                .post, "/psp/paymentorders",
                json: Self.serverOrder(
                    "UnscheduledPurchase", tokenMember: "unscheduledToken", token: tokens.unscheduled, reference: "U1"))
            #expect(reply.status == 200, "\(reply.text)")
            #expect(try reply.object["paymentOrder"]?.objectValue?["operation"] == .string("UnscheduledPurchase"))
            // A token of the other kind is not this kind's.
            let wrong = try await client.send(
                .post, "/psp/paymentorders",
                json: Self.serverOrder(
                    "UnscheduledPurchase", tokenMember: "unscheduledToken", token: tokens.recurrence, reference: "U2"))
            #expect(wrong.status == 404)
        }
    }

    @Test(.tags(.refusal)) func anUnknownTokenIsThePortalsProblem() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(
                .post, "/psp/paymentorders",
                json: Self.serverOrder(
                    "Recur", tokenMember: "recurrenceToken", token: "7e6cdfc3-1276-44e9-9992-7cf4419750e1",
                    reference: "R1"))
            #expect(reply.status == 404)
            #expect(
                try reply.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/paymentorders/inputerror",
                         "title": "Error in input data", "status": 404,
                         "detail": "Input validation failed, error description in problems node!",
                         "problems": [{"name": "RecurrenceToken", "description": "The given RecurrenceToken does not exist."}]}
                        """))
            let missing = try await client.send(
                .post, "/psp/paymentorders",
                json: Self.serverOrder("Recur", tokenMember: "other", token: "x", reference: "R2"))
            #expect(missing.status == 400)
            #expect(
                try missing.object["problems"]
                    == json(#"[{"name": "paymentorder.recurrenceToken", "description": "The field is required."}]"#))
        }
    }

    @Test(.tags(.refusal)) func deletedTokensPayNoMore() async throws {
        try await SandboxHarness().run { client in
            let tokens = try await Self.tokens(client)
            let deletion = #"{"state": "Deleted", "comment": "Subscription ended"}"#
            let recurrence = try await client.send(
                .patch, "/psp/paymentorders/recurrenceTokens/\(tokens.recurrence)", json: deletion)
            #expect(recurrence.status == 200)
            #expect(try recurrence.json == json(#"{"token": "\#(tokens.recurrence)", "isDeleted": true}"#))
            let unscheduled = try await client.send(
                .patch, "/psp/paymentorders/unscheduledTokens/\(tokens.unscheduled)", json: deletion)
            #expect(
                try unscheduled.json
                    == json(
                        """
                        {"token": "\(tokens.unscheduled)", "instrument": "CreditCard",
                         "instrumentDisplayName": "492500******0004",
                         "correlationId": "\(PayerTokenDocument.correlationId(tokens.unscheduled))",
                         "instrumentParameters": {"cardBrand": "Visa", "expiryDate": "12/2030"}}
                        """))
            let recur = try await client.send(
                .post, "/psp/paymentorders",
                json: Self.serverOrder(
                    "Recur", tokenMember: "recurrenceToken", token: tokens.recurrence, reference: "R3"))
            // The portal's "Token Problems": the token exists, but is inactive.
            #expect(recur.status == 422)
            #expect(
                try recur.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/paymentorders/paymenttokeninactive",
                         "title": "Payment token is inactive", "status": 422,
                         "detail": "The given RecurrenceToken is inactive.",
                         "problems": [{"name": "RecurrenceToken", "description": "The given RecurrenceToken is inactive."}]}
                        """))
            let again = try await client.send(
                .patch, "/psp/paymentorders/recurrenceTokens/\(tokens.recurrence)", json: deletion)
            #expect(again.status == 200)
            let unknown = try await client.send(.patch, "/psp/paymentorders/recurrenceTokens/nope", json: deletion)
            #expect(unknown.status == 404)
            let badBody = try await client.send(
                .patch, "/psp/paymentorders/unscheduledTokens/\(tokens.unscheduled)", json: #"{"state": "Active"}"#)
            #expect(badBody.status == 400)
        }
    }

    @Test func thePaymentTokenCollectionIsServedInTheCamelCaseThePortalWrites() async throws {
        try await SandboxHarness().run { client in
            let token = try await TokensTests.payWithToken(client)
            let deleted = try await client.send(
                .patch, "/psp/paymentorders/paymentTokens/\(token)", json: #"{"state": "Deleted", "comment": "x"}"#)
            #expect(deleted.status == 200)
            #expect(try deleted.object["paymentToken"] == .string(token))
        }
    }
}
