import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// `/sandbox/faults` in-process: status faults, counts, fractions, listing, deleting, validation.
@Suite struct FaultRuleTests {
    static let consumer =
        #"{"operation":"initiate-consumer-session","language":"sv-SE","requireShippingAddress":false}"#

    @Test func aStatusFaultAnswersTheNextNMatchingRequests() async throws {
        try await SandboxHarness().run { client in
            let created = try await client.send(
                .post, "/sandbox/faults",
                json: #"{"method":"POST","path":"/psp/consumers","kind":"status","status":503,"count":2}"#, token: nil)
            #expect(created.status == 201)
            #expect(
                try created.json
                    == json(
                        #"{"id":"fault-1","method":"POST","path":"/psp/consumers","kind":"status","status":503,"count":2,"remaining":2,"applied":0}"#
                    ))
            let first = try await client.send(.post, "/psp/consumers", json: Self.consumer)
            #expect(first.status == 503)
            #expect(first.contentType == "application/problem+json")
            #expect(first.headers[FaultHeader.name] == "status fault-1")
            #expect(
                try first.json
                    == json(
                        #"{"type":"https://api.payex.com/psp/errordetail/systemerror","title":"Service Unavailable","status":503,"detail":"Injected by fault rule fault-1 on /psp/consumers."}"#
                    ))
            #expect(try await client.send(.post, "/psp/consumers/", json: Self.consumer).status == 503)
            let third = try await client.send(.post, "/psp/consumers", json: Self.consumer)
            #expect(third.status == 200)
            #expect(third.headers[FaultHeader.name] == nil)
            let listed = try await client.send(.get, "/sandbox/faults")
            #expect(try listed.object["faults"]?.arrayValue?.first?.objectValue?["remaining"] == .integer(0))
            #expect(try listed.object["faults"]?.arrayValue?.first?.objectValue?["applied"] == .integer(2))
        }
    }

    @Test func aStatusFaultCanAnswerWithItsOwnBody() async throws {
        try await SandboxHarness().run { client in
            _ = try await client.send(
                .post, "/sandbox/faults",
                json: #"{"path":"/psp/*","kind":"status","status":409,"body":{"type":"x","status":409}}"#)
            let reply = try await client.send(.get, "/psp/paymentorders/123")
            #expect(reply.status == 409)
            #expect(try reply.json == json(#"{"type":"x","status":409}"#))
        }
    }

    @Test func rulesMatchByMethodAndPathPatternButNeverTheControlAPI() async throws {
        try await SandboxHarness().run { client in
            _ = try await client.send(
                .post, "/sandbox/faults", json: #"{"method":"GET","path":"/*","kind":"status","status":500}"#)
            #expect(try await client.send(.post, "/psp/consumers", json: Self.consumer).status == 200)
            #expect(try await client.send(.get, "/psp/consumers/whatever").status == 500)
            #expect(try await client.send(.get, "/sandbox/faults").status == 200)
            #expect(try await client.send(.get, "/sandbox/requests").status == 200)
        }
    }

    @Test func exactPathsIgnoreATrailingSlashAndPrefixesEndInAStar() {
        let exact = FaultRule(path: "/psp/paymentorders", action: .reset)
        #expect(exact.matches(method: "POST", path: "/psp/paymentorders/"))
        #expect(!exact.matches(method: "POST", path: "/psp/paymentorders/1"))
        let prefix = FaultRule(method: "get", path: "/psp/paymentsessions/*", action: .hang)
        #expect(prefix.matches(method: "GET", path: "/psp/paymentsessions/abc/prepare"))
        #expect(!prefix.matches(method: "POST", path: "/psp/paymentsessions/abc"))
        #expect(!prefix.matches(method: "GET", path: "/psp/paymentsessions"))
    }

    /// Which of 24 POSTs a `fraction` rule faults, as 1 (faulted) and 0.
    private func fractionPattern(_ client: SandboxClient) async throws -> [Int] {
        _ = try await client.send(
            .post, "/sandbox/faults", json: #"{"path":"/psp/consumers","kind":"status","status":502,"fraction":0.5}"#)
        var pattern: [Int] = []
        for _ in 0..<24 {
            pattern.append(try await client.send(.post, "/psp/consumers", json: Self.consumer).status == 502 ? 1 : 0)
        }
        return pattern
    }

    @Test func aFractionFaultsTheSameRequestsForTheSameSeed() async throws {
        try await SandboxHarness().run { first in
            try await SandboxHarness().run { second in
                try await SandboxHarness(configure: { $0.seed = 7 }).run { otherSeed in
                    let pattern = try await fractionPattern(first)
                    #expect(try await fractionPattern(second) == pattern)
                    #expect(pattern.contains(0) && pattern.contains(1))
                    #expect(try await fractionPattern(otherSeed) != pattern)
                    // A reset clears the rules and their ids, so the same rule repeats the pattern.
                    #expect(try await first.send(.post, "/sandbox/reset", headers: SandboxClient.control).status == 204)
                    #expect(try await fractionPattern(first) == pattern)
                }
            }
        }
    }

    @Test func rulesAreListedAndDeletedOneByOneOrAllTogether() async throws {
        try await SandboxHarness().run { client in
            _ = try await client.send(.post, "/sandbox/faults", json: #"{"path":"/a","kind":"reset"}"#)
            _ = try await client.send(
                .post, "/sandbox/faults",
                json: #"{"id":"slow","path":"/b","kind":"delay","delaySeconds":2.5,"fraction":0.25}"#)
            let listed = try await client.send(.get, "/sandbox/faults")
            #expect(
                try listed.json
                    == json(
                        #"""
                        {"faults":[
                          {"id":"fault-1","method":null,"path":"/a","kind":"reset","remaining":null,"applied":0},
                          {"id":"slow","method":null,"path":"/b","kind":"delay","delaySeconds":2.5,"fraction":0.25,"remaining":null,"applied":0}]}
                        """#))
            #expect(
                try await client.send(.delete, "/sandbox/faults/fault-1", headers: SandboxClient.control).status == 204)
            #expect(try await client.send(.get, "/sandbox/faults").object["faults"]?.arrayValue?.count == 1)
            let missing = try await client.send(.delete, "/sandbox/faults/fault-1", headers: SandboxClient.control)
            #expect(missing.status == 404)
            #expect(try missing.object["type"] == .string("https://api.payex.com/psp/errordetail/notfound"))
            let duplicate = try await client.send(
                .post, "/sandbox/faults", json: #"{"id":"slow","path":"/c","kind":"hang"}"#)
            #expect(duplicate.status == 409)
            #expect(try await client.send(.delete, "/sandbox/faults", headers: SandboxClient.control).status == 204)
            #expect(try await client.send(.get, "/sandbox/faults").json == json(#"{"faults":[]}"#))
        }
    }

    @Test func resetAndHangAnswerWithAMarkerWithoutASocket() async throws {
        try await SandboxHarness().run { client in
            _ = try await client.send(.post, "/sandbox/faults", json: #"{"path":"/r","kind":"reset"}"#)
            _ = try await client.send(.post, "/sandbox/faults", json: #"{"path":"/h","kind":"hang"}"#)
            let reset = try await client.send(.get, "/r")
            #expect(reset.status == 502)
            #expect(reset.headers[FaultHeader.name] == "reset fault-1")
            let hang = try await client.send(.get, "/h")
            #expect(hang.status == 504)
            #expect(hang.headers[FaultHeader.name] == "hang fault-2")
        }
    }
}
