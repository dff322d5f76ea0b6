import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// `POST /sandbox/faults` names every bad field of a rule in one `inputerror`.
@Suite struct FaultValidationTests {
    /// Posts `body` and hands `check` the problems by field name.
    private func problems(_ body: String, _ check: @escaping @Sendable ([String: String]) -> Void) async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(.post, "/sandbox/faults", json: body)
            #expect(reply.status == 400)
            #expect(try reply.object["type"] == .string("https://api.payex.com/psp/errordetail/inputerror"))
            #expect(try reply.object["detail"] == .string("The fault rule is invalid."))
            let list = try #require(try reply.object["problems"]?.arrayValue)
            var named: [String: String] = [:]
            for problem in list {
                let name = try #require(problem.objectValue?["name"]?.stringValue)
                #expect(named[name] == nil, "\(name) is named twice")
                named[name] = problem.objectValue?["description"]?.stringValue
            }
            check(named)
        }
    }

    @Test func namesEveryBadFieldOnce() async throws {
        try await problems(#"{"method":5,"path":"psp","kind":"explode","count":0,"fraction":2,"extra":1}"#) { named in
            #expect(Set(named.keys) == ["extra", "method", "path", "kind", "count", "fraction"])
            #expect(named["kind"] == "The kind is required: one of \"status\", \"delay\", \"reset\" or \"hang\".")
            #expect(named["fraction"] == "Give either count or fraction, not both.")
            #expect(named["count"] == "The count must be an integer from 1 to 1000000.")
        }
    }

    @Test(arguments: [
        (#"{"path":"/a","kind":"status"}"#, "status", "The status is required when kind is \"status\"."),
        (
            #"{"path":"/a","kind":"status","status":302}"#, "status",
            "The status must be an HTTP error status from 400 to 599."
        ),
        (#"{"path":"/a","kind":"status","status":"503"}"#, "status", "The status must be an integer."),
        (#"{"path":"/a","kind":"reset","status":503}"#, "status", "The status is only for kind \"status\"."),
        (#"{"path":"/a","kind":"hang","body":{}}"#, "body", "The body is only for kind \"status\"."),
        (#"{"path":"/a","kind":"status","status":500,"body":[1]}"#, "body", "The body must be a JSON object."),
        (#"{"path":"/a","kind":"delay"}"#, "delaySeconds", "The delay is required when kind is \"delay\"."),
        (
            #"{"path":"/a","kind":"delay","delaySeconds":0}"#, "delaySeconds",
            "The delay must be a number of seconds greater than 0 and at most 600."
        ),
        (
            #"{"path":"/a","kind":"delay","delaySeconds":601}"#, "delaySeconds",
            "The delay must be a number of seconds greater than 0 and at most 600."
        ),
        (#"{"path":"/a","kind":"reset","delaySeconds":1}"#, "delaySeconds", "The delay is only for kind \"delay\"."),
        (
            #"{"path":"/a","kind":"reset","fraction":0}"#, "fraction",
            "The fraction must be a number greater than 0 and at most 1."
        ),
        (#"{"path":"/a","kind":"reset","count":1.5}"#, "count", "The count must be an integer."),
        (#"{"kind":"reset"}"#, "path", "The path is required, as a string such as \"/psp/paymentorders\"."),
        (#"{"path":"/a*b","kind":"reset"}"#, "path", "A '*' may only end the path, as in \"/psp/paymentsessions/*\"."),
        (
            #"{"path":"/sandbox/requests","kind":"reset"}"#, "path",
            "Faults never apply to the control API (/sandbox/...)."
        ),
        (
            #"{"path":"/a","kind":"reset","method":"GE T"}"#, "method",
            "The method must be an HTTP method such as \"POST\", or null for any."
        ),
        (
            #"{"path":"/a","kind":"reset","id":"has space"}"#, "id",
            "The id must be 1 to 64 letters, digits, '.', '_' or '-'."
        ),
    ])
    func namesTheField(body: String, field: String, description: String) async throws {
        try await problems(body) { named in #expect(named == [field: description]) }
    }

    @Test func refusesABodyThatIsNotAJSONObject() async throws {
        try await SandboxHarness().run { client in
            let array = try await client.send(.post, "/sandbox/faults", json: "[1]")
            #expect(array.status == 400)
            let broken = try await client.send(.post, "/sandbox/faults", json: "{")
            #expect(broken.status == 400)
        }
    }
}
