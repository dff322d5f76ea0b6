import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Every problem of the portal's problem lists can end an attempt, with exactly the body the list
/// gives (type, title, status, detail), through the control API: named in `pay`, or armed with
/// `problem` for the next attempt however the payer makes it.
@Suite struct DocumentedProblemTests {
    typealias Fixture = PaymentOrdersFixture

    /// The lists for instruments the sandbox offers, with such an instrument.
    static var offered: [(ProblemTable, SandboxInstrument)] {
        ProblemCatalogue.tables.compactMap { table in
            SandboxInstrument.allCases.first { table.instruments.contains($0) }.map { (table, $0) }
        }
    }

    /// A currency whose market offers `instrument` (Vipps is Norway's, MobilePay Denmark's, ...).
    static func currency(offering instrument: SandboxInstrument) -> String {
        ["SEK", "NOK", "DKK", "EUR"].first { SandboxMarket(currency: $0).instruments.contains(instrument) } ?? "SEK"
    }

    /// The problem of the order's latest failed attempt, without what the sandbox adds per attempt.
    static func lastProblem(_ client: SandboxClient, _ id: String) async throws -> SwedbankPaySDK.JSONObject {
        let attempts = try await client.send(.get, "/psp/paymentorders/\(id)/failedattempts")
        let list = try #require(try attempts.object["failedAttempts"]?.objectValue?["failedAttemptList"]?.arrayValue)
        var problem = try #require(list.last?.objectValue?["problem"]?.objectValue)
        for added in ["instance", "problems", "sessionId", "originalDetail"] { problem[added] = nil }
        return problem
    }

    static func body(_ row: DocumentedProblem) -> SwedbankPaySDK.JSONObject {
        var body = row.json
        body["name"] = nil
        return body
    }

    @Test func everyRowOfEveryOfferedListEndsAnAttemptWithItsExactBody() async throws {
        try await SandboxHarness().run { client in
            var answered = 0
            for (table, instrument) in Self.offered {
                let (_, id) = try await Fixture.create(
                    client,
                    Fixture.order {
                        $0["restrictedToInstruments"] = .array([.string(instrument.rawValue)])
                        $0["currency"] = .string(Self.currency(offering: instrument))
                        var payee = $0["payeeInfo"]?.objectValue ?? [:]
                        payee["payeeReference"] = .string("P" + table.name)
                        $0["payeeInfo"] = .object(payee)
                    })
                for row in table.rows {
                    let reply = try await client.send(
                        .post, "/sandbox/paymentorders/\(id)/pay",
                        json: #"{"instrument": "\#(instrument.rawValue)", "problem": "\#(row.name)"}"#, token: nil)
                    #expect(reply.status == 200, "\(row.name): \(reply.text)")
                    #expect(try await Self.lastProblem(client, id) == Self.body(row), "\(table.name) \(row.name)")
                    answered += 1
                }
            }
            // Every row of every list (card rows with a card; MobilePay has none).
            #expect(answered == Self.offered.reduce(0) { $0 + $1.0.rows.count })
            #expect(Self.offered.map(\.0.name) == ["CreditCard", "Invoice", "Swish", "Trustly", "Vipps", "MobilePay"])
        }
    }

    @Test func anArmedProblemEndsTheNextAttemptOnlyAndIsListed() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let armed = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/problem",
                json: #"{"instrument": "Trustly", "problem": "systemerror"}"#,
                token: nil)
            #expect(
                try armed.json
                    == json(
                        """
                        {"paymentOrder": "/psp/paymentorders/\(id)", "instrument": "Trustly",
                         "problem": {"name": "systemerror", "type": "https://api.payex.com/psp/errordetail/trustly/systemerror",
                                     "title": "System error", "status": 502,
                                     "detail": "\(TrustlyProblems.table.rows[0].detail)"}}
                        """))
            // The next Trustly attempt, even one the control API was asked to pay, ends with it.
            let first = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "Trustly"}"#, token: nil)
            #expect(try first.object["paymentOrder"]?.objectValue?["status"] == .string("Initialized"))
            #expect(try await Self.lastProblem(client, id) == Self.body(TrustlyProblems.table.rows[0]))
            let second = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "Trustly"}"#, token: nil)
            #expect(try second.object["paymentOrder"]?.objectValue?["status"] == .string("Paid"))
        }
    }

    @Test func aProblemThatIsNotTheInstrumentsIsRefusedNamingTheChoices() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let wrong = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/problem",
                json: #"{"instrument": "Trustly", "problem": "bankiderror"}"#,
                token: nil)
            #expect(wrong.status == 400)
            #expect(
                try wrong.object["problems"]
                    == json(
                        #"[{"name": "problem", "description": "The field must be one of the portal's Trustly problems: systemerror."}]"#
                    ))
            let missing = try await client.send(.post, "/sandbox/paymentorders/\(id)/problem", json: "{}", token: nil)
            #expect(
                try missing.object["problems"]
                    == json(#"[{"name": "problem", "description": "The field is required."}]"#))
            let paidTooo = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"outcome": "paid", "problem": "carddeclined"}"#,
                token: nil)
            #expect(paidTooo.status == 400)
            _ = try await client.send(.post, "/sandbox/paymentorders/\(id)/pay", json: "{}", token: nil)
            let closed = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/problem", json: #"{"problem": "carddeclined"}"#, token: nil)
            #expect(closed.status == 409)
            let unknown = try await client.send(
                .post, "/sandbox/paymentorders/nope/problem", json: #"{"problem": "carddeclined"}"#, token: nil)
            #expect(unknown.status == 404)
        }
    }

    @Test func theListingNamesEveryDocumentedProblemOncePerList() async throws {
        try await SandboxHarness().run { client in
            let listing = try await client.send(.get, "/sandbox/problems", token: nil)
            let lists = try #require(try listing.object["lists"]?.arrayValue?.compactMap(\.objectValue))
            #expect(
                lists.map { $0["list"]?.stringValue } == [
                    "CreditCard", "Invoice", "Swish", "Trustly", "Vipps", "MobilePay",
                ])
            #expect(try listing.object["count"] == .integer(Int64(ProblemCatalogue.count)))
            for table in ProblemCatalogue.tables {
                #expect(Set(table.rows.map(\.name)).count == table.rows.count, "\(table.name) names a row twice")
                #expect(Set(table.rows.map { "\($0.type) \($0.status)" }).count == table.rows.count)
            }
            // The portal's 14 Swish problems, each as its example shows it.
            #expect(SwishProblems.table.rows.count == 14)
            #expect(
                SwishProblems.table.row("bankidcancelled")
                    == DocumentedProblem(
                        name: "bankidcancelled", type: "https://api.payex.com/psp/errordetail/bankidcancelled",
                        status: 409,
                        title: "BankID Authorization cancelled", detail: "The payer cancelled BankID authorization."))
        }
    }
}
