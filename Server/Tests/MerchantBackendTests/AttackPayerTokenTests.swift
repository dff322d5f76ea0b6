import AsyncHTTPClient
import Foundation
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Attacks on another payer's saved cards, by a user with the app's API key and an access token of
/// their own. A payer reference belongs to the first user who used it; naming someone else's gets
/// nothing — no order, no listing, no deletion, no payment with their token — and sends nothing to
/// Swedbank Pay.
@Suite struct AttackPayerTokenTests {
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    @Test(arguments: TestDatabase.engines)
    func anOrderNamingAnotherUsersPayerReferenceIsRefused(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine) { harness in
            let payer = BackendHarness.freshPayerReference()
            try await harness.paidOrderWithSavedCard(user: BackendHarness.victim, payerReference: payer)
            var refused: Answer?
            let sent = try await harness.sandboxRequests {
                refused = try await harness.createOrder(payerReference: payer, user: BackendHarness.attacker)
            }
            let answer = try #require(refused)
            #expect(answer.status == 403)
            #expect(answer.problemType == URI.forbidden)
            #expect(answer.problemNames == ["paymentorder.payer.payerReference"])
            #expect(sent == [])
            let attackersOrders = try await harness.backend.services.store.all().filter {
                $0.userID == BackendHarness.attacker
            }
            #expect(attackersOrders.isEmpty)
            // The victim keeps the reference: a second order for that payer is theirs to make.
            let again = try await harness.createOrder(payerReference: payer, user: BackendHarness.victim)
            #expect(again.status == 201)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anotherUsersPayerTokensCannotBeListedOrDeleted(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine) { harness in
            let payer = BackendHarness.freshPayerReference()
            try await harness.paidOrderWithSavedCard(user: BackendHarness.victim, payerReference: payer)
            let tokens = try await harness.listedTokens(user: BackendHarness.victim, payerReference: payer)
            #expect(tokens.count == 1)
            let token = try #require(tokens.first)
            let attacker = BackendHarness.headers(of: BackendHarness.attacker)
            // The reference as sent, percent-encoded letter by letter, and with a deletion.
            let encoded = payer.unicodeScalars.map { String(format: "%%%02X", $0.value) }.joined()
            var answers: [Answer] = []
            let sent = try await harness.sandboxRequests {
                answers.append(try await harness.send(.GET, "/payers/\(payer)/paymentTokens", headers: attacker))
                answers.append(try await harness.send(.GET, "/payers/\(encoded)/paymentTokens", headers: attacker))
                answers.append(
                    try await harness.send(
                        .PATCH, "/payers/\(payer)/paymentTokens/\(token)", json: #"{"state":"Deleted","comment":"x"}"#,
                        headers: attacker))
            }
            #expect(answers.map(\.status) == [404, 404, 404])
            #expect(answers.map(\.problemType) == [URI.notFound, URI.notFound, URI.notFound])
            #expect(!answers.contains { $0.body.contains(token) })
            #expect(sent == [])
            #expect(try await harness.listedTokens(user: BackendHarness.victim, payerReference: payer) == [token])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func twoUsersRacingForANewPayerReferenceGetOneOrderBetweenThem(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine) { harness in
            let payer = BackendHarness.freshPayerReference()
            let users = (0..<8).map { "racer-\($0)-user" }
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for user in users {
                    group.addTask { try await harness.createOrder(payerReference: payer, user: user).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted() == [201] + Array(repeating: 403, count: 7))
            let owners = try await harness.backend.services.store.all().filter { $0.payerReference == payer }
            #expect(owners.count == 1)
        }
    }

    @Test func aPaymentTokenIsAcceptedOnlyForTheCallersOwnPayer() async throws {
        try await BackendHarness.run(configure: { $0.allowPaymentTokens = true }) { harness in
            let payer = BackendHarness.freshPayerReference()
            try await harness.paidOrderWithSavedCard(user: BackendHarness.victim, payerReference: payer)
            let token = try #require(
                try await harness.listedTokens(user: BackendHarness.victim, payerReference: payer).first)
            let attackersPayer = BackendHarness.freshPayerReference()
            let attacker = BackendHarness.headers(of: BackendHarness.attacker)
            func order(payer: String?) -> String {
                let payerJSON = payer.map { #","payer":{"payerReference":"\#($0)"}"# } ?? ""
                return BackendHarness.orderJSON().replacingOccurrences(
                    of: #""payeeInfo""#, with: #""paymentToken":"\#(token)"\#(payerJSON),"payeeInfo""#)
            }
            var answers: [Answer] = []
            let sent = try await harness.sandboxRequests {
                answers.append(
                    try await harness.send(.POST, "/paymentorders", json: order(payer: nil), headers: attacker))
                answers.append(
                    try await harness.send(.POST, "/paymentorders", json: order(payer: payer), headers: attacker))
            }
            #expect(answers.map(\.status) == [403, 403])
            #expect(
                answers.map(\.problemNames) == [
                    ["paymentorder.payer.payerReference"], ["paymentorder.payer.payerReference"],
                ])
            #expect(sent == [])
            // With a reference of their own the token is looked up in that payer's tokens, and is
            // not there: only Swedbank Pay's token listing was asked.
            var ownPayer: Answer?
            let lookedUp = try await harness.sandboxRequests {
                ownPayer = try await harness.send(
                    .POST, "/paymentorders", json: order(payer: attackersPayer), headers: attacker)
            }
            #expect(ownPayer?.status == 403)
            #expect(ownPayer?.problemNames == ["paymentorder.paymentToken"])
            #expect(lookedUp == ["GET /psp/paymentorders/payerownedpaymenttokens/\(attackersPayer)"])
            // The payer's own user pays with it.
            let victim = BackendHarness.headers(of: BackendHarness.victim)
            let own = try await harness.send(.POST, "/paymentorders", json: order(payer: payer), headers: victim)
            #expect(own.status == 201)
        }
    }

    @Test func dotSegmentPayerReferencesAreRefusedBeforeAnythingIsSent() async throws {
        try await BackendHarness.run { harness in
            _ = try await harness.createOrder(payerReference: "..", user: BackendHarness.attacker)
            let attacker = BackendHarness.headers(of: BackendHarness.attacker)
            var answers: [Answer] = []
            let sent = try await harness.sandboxRequests {
                for path in ["%2E%2E", "%2e%2e", "%2E", ".%2e"] {
                    answers.append(try await harness.send(.GET, "/payers/\(path)/paymentTokens", headers: attacker))
                }
            }
            #expect(answers.map(\.status) == [400, 400, 400, 400])
            #expect(answers.allSatisfy { $0.problemType == URI.mobileSDKBadRequest })
            #expect(sent == [])
        }
    }

    @Test func pathSegmentsAreEncodedDotsIncluded() throws {
        #expect(try PathSegment.encode("payer.1/..%") == "payer%2E1%2F%2E%2E%25")
        #expect(try PathSegment.encode("AZaz09-_~") == "AZaz09-_~")
        for refused in ["", ".", ".."] {
            #expect(throws: BackendProblem.self) { try PathSegment.encode(refused) }
        }
    }
}
