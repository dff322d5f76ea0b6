import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// What the real Swedbank Pay takes although its documentation says otherwise: taken with a
/// warning in the request log, or refused with `strict`.
@Suite struct RealServiceLeniencyTests {
    typealias Fixture = PaymentOrdersFixture

    /// The shape Swedbank Pay's example Node.js backend sends: an integer payee reference (an id
    /// from its store), POSTed to the collection with a trailing slash and `Accept: application/json`.
    static let numericReference: Int64 = 4_503_599_627_370_495
    static var nodeStyleOrder: SwedbankPaySDK.JSONObject {
        Fixture.order {
            $0["payeeInfo"] = .object([
                "payeeId": .string(Fixture.payeeId), "payeeReference": .integer(numericReference),
            ])
            $0["generateRecurrenceToken"] = .bool(false)
        }
    }
    static let warning =
        "paymentorder.payeeInfo.payeeReference sent as a number; Swedbank Pay accepts it and answers with the string"
        + " \"4503599627370495\", which your integration may not expect"

    @Test func aPayeeReferenceSentAsANumberIsStoredAsItsStringWithAWarning() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(
                .post, "/psp/paymentorders/", json: Fixture.body(Self.nodeStyleOrder),
                headers: [.accept: "application/json"])
            #expect(reply.status == 200, "\(reply.text)")
            let path = try #require(try reply.object["paymentOrder"]?.objectValue?["id"]?.stringValue)
            let payeeInfo = try await client.send(.get, path + "/payeeinfo")
            #expect(
                try payeeInfo.object["payeeInfo"]?.objectValue?["payeeReference"] == .string("4503599627370495"))
            let entries = try await Self.logEntries(client)
            #expect(entries.map(\.path) == ["/psp/paymentorders/", path + "/payeeinfo"])
            #expect(entries.map(\.warnings) == [[.string(Self.warning)], []])
        }
    }

    @Test func strictRefusesItWithTheUsualInputError() async throws {
        try await SandboxHarness { $0.strict = true }.run { client in
            let reply = try await client.send(.post, "/psp/paymentorders/", json: Fixture.body(Self.nodeStyleOrder))
            #expect(reply.status == 400)
            #expect(
                try reply.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/paymentorders/inputerror", "title": "Error in input data",
                         "status": 400, "detail": "The payment order is invalid.",
                         "problems": [{"name": "paymentorder.payeeInfo.payeeReference",
                                       "description": "The field must be a string."}]}
                        """))
            #expect(try await Self.logEntries(client).map(\.warnings) == [[]])
        }
    }

    @Test func onlyIntegersAreTurnedAndOnlyWhereTheRulesSay() {
        // A decimal, a boolean, a string that is not digits, a field with no rule: as sent.
        let body: SwedbankPaySDK.JSONObject = [
            "paymentorder": .object([
                "payeeInfo": .object(["payeeReference": .number(12.5), "orderReference": .bool(true)]),
                "amount": .string("15.5"), "vatAmount": .string("12 kr"), "language": .integer(1),
                "payer": .object(["email": .integer(8)]),
            ])
        ]
        let result = RealServiceLeniency.apply(to: body)
        #expect(result.body == body)
        #expect(result.warnings == [])
        let integer = RealServiceLeniency.apply(to: [
            "paymentorder": .object(["payeeInfo": .object(["payeeReference": .integer(-3)])])
        ])
        #expect(integer.body == ["paymentorder": .object(["payeeInfo": .object(["payeeReference": .string("-3")])])])
        #expect(integer.warnings.count == 1)
    }

    /// A `language` that is none of the 13 (`en-GB`, `no-NO`) falls back to `en-US`, the
    /// documented fallback, with a warning; `strict` refuses it as before.
    @Test(.tags(.refusal, .leniency), arguments: ["en-GB", "no-NO"])
    func anUnknownLanguageFallsBackToEnglishWithAWarning(language: String) async throws {
        let order = Fixture.order { $0["language"] = .string(language) }
        let warning =
            "paymentorder.language \"\(language)\" is none of Swedbank Pay's languages; Swedbank Pay falls back to"
            + " \"en-US\", and so the payer's pages are in English"
        try await SandboxHarness().run { client in
            let reply = try await client.send(.post, "/psp/paymentorders", json: Fixture.body(order))
            #expect(reply.status == 200, "\(reply.text)")
            #expect(try reply.object["paymentOrder"]?.objectValue?["language"] == .string("en-US"))
            #expect(try await Self.logEntries(client).map(\.warnings) == [[.string(warning)]])
        }
        try await SandboxHarness { $0.strict = true }.run { client in
            let reply = try await client.send(.post, "/psp/paymentorders", json: Fixture.body(order))
            #expect(reply.status == 400)
            #expect(
                try reply.object["problems"]
                    == json(
                        #"[{"name": "paymentorder.language", "description": "The field must be one of the supported cultures, such as \"sv-SE\"."}]"#
                    ))
        }
    }

    struct LogEntry {
        let path: String
        let warnings: [SwedbankPaySDK.JSONValue]
    }

    static func logEntries(_ client: SandboxClient) async throws -> [LogEntry] {
        let log = try await client.send(.get, "/sandbox/requests", token: nil)
        let entries = try #require(try log.object["requests"]?.arrayValue)
        return entries.compactMap { entry in
            guard let object = entry.objectValue, let path = object["path"]?.stringValue else { return nil }
            return LogEntry(path: path, warnings: object["warnings"]?.arrayValue ?? [])
        }
    }
}
