import AsyncHTTPClient
import Foundation
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Attacks on another payer's saved cards, by a user with the app's API key and an access token of
/// their own. A payer reference names a payer of its user's own (`PayerBinding.swift`): naming
/// someone else's gets a payer of one's own, without their cards — no listing of them, no
/// deletion, no payment with their token — and asks Swedbank Pay nothing about theirs. Nobody is
/// locked out by a reference someone else named first, and no answer tells which references other
/// users have. (Look-alike spellings: `AttackConfusablePayerTests`.)
@Suite struct AttackPayerTokenTests {
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    @Test(arguments: TestDatabase.engines)
    func aReferenceAnotherUserNamedFirstLocksNobodyOut(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine) { harness in
            let payer = BackendHarness.freshPayerReference()
            let first = try await harness.createOrder(payerReference: payer, user: BackendHarness.attacker)
            #expect(first.status == 201)
            // The victim names it after the attacker and pays; the card is theirs alone.
            try await harness.paidOrderWithSavedCard(user: BackendHarness.victim, payerReference: payer)
            let tokens = try await harness.listedTokens(user: BackendHarness.victim, payerReference: payer)
            #expect(tokens.count == 1)
            #expect(try await harness.listedTokens(user: BackendHarness.attacker, payerReference: payer) == [])
            // Swedbank Pay saw two payers, neither named as the app named them.
            let store = harness.backend.services.store
            let victims = try #require(
                try await store.pspPayerReference(user: BackendHarness.victim, payerReference: payer))
            let attackers = try #require(
                try await store.pspPayerReference(user: BackendHarness.attacker, payerReference: payer))
            #expect(victims != attackers)
            #expect(victims != payer && attackers != payer)
            #expect(victims.utf8.count == 32 && victims.utf8.allSatisfy { "0123456789abcdef".utf8.contains($0) })
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
            // The reference as sent, percent-encoded byte by byte, and with a deletion.
            let encoded = BackendHarness.percentEncoded(payer)
            var answers: [Answer] = []
            let sent = try await harness.sandboxRequests {
                answers.append(try await harness.send(.GET, "/payers/\(payer)/paymentTokens", headers: attacker))
                answers.append(try await harness.send(.GET, "/payers/\(encoded)/paymentTokens", headers: attacker))
                answers.append(
                    try await harness.send(
                        .PATCH, "/payers/\(payer)/paymentTokens/\(token)", json: #"{"state":"Deleted","comment":"x"}"#,
                        headers: attacker))
            }
            let empty =
                #"{"payerOwnedPaymentTokens":{"id":"/payers/\#(payer)/paymentTokens","payerReference":"\#(payer)","paymentTokens":[]}}"#
            #expect(answers.map(\.status) == [200, 200, 404])
            #expect(answers[0].body == empty)
            #expect(answers[1].body == empty)
            #expect(answers[2].problemType == URI.notFound)
            #expect(!answers.contains { $0.body.contains(token) })
            // The attacker never made an order for the payer: Swedbank Pay was not asked.
            #expect(sent == [])
            #expect(try await harness.listedTokens(user: BackendHarness.victim, payerReference: payer) == [token])
        }
    }

    /// The answers for a reference another user has and for one nobody has are the same, but for
    /// the reference itself: an attacker cannot tell which exist.
    @Test(arguments: TestDatabase.engines)
    func theAnswersDoNotTellWhichReferencesOtherUsersHave(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine, configure: { $0.allowPaymentTokens = true }) { harness in
            let used = BackendHarness.freshPayerReference()
            let unused = BackendHarness.freshPayerReference()
            try await harness.paidOrderWithSavedCard(user: BackendHarness.victim, payerReference: used)
            let token = try #require(
                try await harness.listedTokens(user: BackendHarness.victim, payerReference: used).first)
            let attacker = BackendHarness.headers(of: BackendHarness.attacker)
            func probe(_ payer: String) async throws -> [Answer] {
                let withToken = BackendHarness.orderJSON(payerReference: payer).replacingOccurrences(
                    of: #""payeeInfo""#, with: #""paymentToken":"\#(token)","payeeInfo""#)
                return [
                    try await harness.send(.GET, "/payers/\(payer)/paymentTokens", headers: attacker),
                    try await harness.send(
                        .PATCH, "/payers/\(payer)/paymentTokens/\(token)", json: #"{"state":"Deleted","comment":"x"}"#,
                        headers: attacker),
                    try await harness.send(.POST, "/paymentorders", json: withToken, headers: attacker),
                    try await harness.createOrder(payerReference: payer, user: BackendHarness.attacker),
                ]
            }
            let onUsed = try await probe(used)
            let onUnused = try await probe(unused)
            #expect(onUsed.map(\.status) == [200, 404, 403, 201])
            #expect(onUnused.map(\.status) == onUsed.map(\.status))
            for (one, other) in zip(onUsed, onUnused).prefix(3) {
                #expect(
                    one.body.replacingOccurrences(of: used, with: "R")
                        == other.body.replacingOccurrences(of: unused, with: "R"))
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func usersNamingOneNewReferenceAtOnceEachGetAPayerOfTheirOwn(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine) { harness in
            let payer = BackendHarness.freshPayerReference()
            let users = (0..<8).map { "racer-\($0)-user" }
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for user in users {
                    group.addTask { try await harness.createOrder(payerReference: payer, user: user).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 201, count: 8))
            let store = harness.backend.services.store
            var bound: Set<String> = []
            for user in users {
                bound.insert(try #require(try await store.pspPayerReference(user: user, payerReference: payer)))
            }
            #expect(bound.count == 8)
            // And one user's orders at once agree on one payer.
            let again = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await harness.createOrder(payerReference: payer, user: users[0]).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(again == [201, 201, 201, 201])
            #expect(
                try await store.pspPayerReference(user: users[0], payerReference: payer).map(bound.contains) == true)
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
            // Without a payer, and with the victim's reference (a payer of the attacker's own, which
            // they never made an order for, so without tokens).
            #expect(answers.map(\.status) == [403, 403])
            #expect(
                answers.map(\.problemNames) == [["paymentorder.payer.payerReference"], ["paymentorder.paymentToken"]])
            #expect(sent == [])
            // With a reference of their own, which they never made an order for, the payer has no
            // tokens: refused without asking Swedbank Pay.
            var ownPayer: Answer?
            let lookedUp = try await harness.sandboxRequests {
                ownPayer = try await harness.send(
                    .POST, "/paymentorders", json: order(payer: attackersPayer), headers: attacker)
            }
            #expect(ownPayer?.status == 403)
            #expect(ownPayer?.problemNames == ["paymentorder.paymentToken"])
            #expect(lookedUp == [])
            // The payer's own user pays with it.
            let victim = BackendHarness.headers(of: BackendHarness.victim)
            let own = try await harness.send(.POST, "/paymentorders", json: order(payer: payer), headers: victim)
            #expect(own.status == 201)
        }
    }

    @Test func dotSegmentPayerReferencesAreRefusedBeforeAnythingIsSent() async throws {
        try await BackendHarness.run { harness in
            let attacker = BackendHarness.headers(of: BackendHarness.attacker)
            var answers: [Answer] = []
            let sent = try await harness.sandboxRequests {
                answers.append(try await harness.createOrder(payerReference: "..", user: BackendHarness.attacker))
                for path in ["%2E%2E", "%2e%2e", "%2E", ".%2e", "payer%2F..", "%2Fpsp"] {
                    answers.append(try await harness.send(.GET, "/payers/\(path)/paymentTokens", headers: attacker))
                }
            }
            #expect(answers.map(\.status) == Array(repeating: 400, count: 7))
            #expect(answers.allSatisfy { $0.problemType == URI.mobileSDKBadRequest })
            #expect(answers.first?.problemNames == ["paymentorder.payer.payerReference"])
            #expect(answers.dropFirst().allSatisfy { $0.problemNames == ["payerReference"] })
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
