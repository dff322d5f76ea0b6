import Foundation
import HTTPTypes
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// `GET/DELETE /sandbox/requests`: what the request log keeps, and what it never keeps.
@Suite struct ControlRequestLogTests {
    static let consumer =
        #"{"operation":"initiate-consumer-session","language":"sv-SE","requireShippingAddress":false}"#

    @Test func recordsEachRequestWithoutBodyOrHeaders() async throws {
        try await SandboxHarness().run { client in
            _ = try await client.send(
                .post, "/psp/consumers?trace=1", json: Self.consumer,
                headers: [HTTPField.Name("X-Request-Id")!: "req-1234.abc"])
            _ = try await client.send(.get, "/psp/nothing", token: "wrong-token")
            _ = try await client.send(.get, "/sandbox/faults")
            let reply = try await client.send(.get, "/sandbox/requests")
            #expect(reply.status == 200)
            let object = try reply.object
            #expect(object["total"] == .integer(2))
            let list = object["requests"]?.arrayValue ?? []
            let entries = list.compactMap(\.objectValue)
            #expect(entries.count == 2)
            #expect(entries[0]["method"] == .string("POST"))
            #expect(entries[0]["path"] == .string("/psp/consumers"))
            #expect(entries[0]["query"] == .string("trace=1"))
            #expect(entries[0]["status"] == .integer(200))
            #expect(entries[0]["fault"] == .null)
            #expect(entries[0]["requestId"] == .string("req-1234.abc"))
            #expect(entries[1]["requestId"] == .null)
            #expect(entries[1]["method"] == .string("GET"))
            #expect(entries[1]["path"] == .string("/psp/nothing"))
            #expect(entries[1]["query"] == .null)
            #expect(entries[1]["status"] == .integer(404))
            for entry in entries {
                #expect(
                    Set(entry.keys) == [
                        "method", "path", "query", "truncated", "status", "startedAt", "durationMs", "fault",
                        "warnings", "requestId", "traceparent",
                    ])
                let duration = try #require(
                    entry["durationMs"].flatMap { value -> Double? in
                        if case .number(let number) = value { return number }
                        return value.integerValue.map(Double.init)
                    })
                #expect(duration >= 0 && duration < 10_000)
                let started = try #require(entry["startedAt"]?.stringValue)
                #expect(
                    try Date(started, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) <= Date())
            }
            // Neither the token, the Authorization header nor the body is kept.
            #expect(!reply.text.contains(SandboxHarness.token))
            #expect(!reply.text.contains("wrong-token"))
            #expect(!reply.text.lowercased().contains("authorization"))
            #expect(!reply.text.contains("initiate-consumer-session"))
        }
    }

    @Test func recordsTheFaultThatApplied() async throws {
        try await SandboxHarness().run { client in
            _ = try await client.send(
                .post, "/sandbox/faults", json: #"{"path":"/psp/consumers","kind":"status","status":503}"#)
            _ = try await client.send(.post, "/psp/consumers", json: Self.consumer)
            let entries = try await client.send(.get, "/sandbox/requests").object["requests"]?.arrayValue
            let entry = try #require(entries?.first?.objectValue)
            #expect(entry["status"] == .integer(503))
            #expect(entry["fault"] == .object(["id": .string("fault-1"), "kind": .string("status")]))
        }
    }

    @Test func keepsTheNewestEntriesUpToTheLimitAndClears() async throws {
        try await SandboxHarness(configure: { $0.maxLogEntries = 3 }).run { client in
            for index in 0..<5 {
                _ = try await client.send(.get, "/psp/n\(index)")
            }
            let reply = try await client.send(.get, "/sandbox/requests").object
            #expect(reply["total"] == .integer(5))
            let paths = (reply["requests"]?.arrayValue ?? []).compactMap { $0.objectValue?["path"]?.stringValue }
            #expect(paths == ["/psp/n2", "/psp/n3", "/psp/n4"])
            #expect(try await client.send(.delete, "/sandbox/requests", headers: SandboxClient.control).status == 204)
            #expect(try await client.send(.get, "/sandbox/requests").json == json(#"{"requests":[],"total":0}"#))
        }
    }
}
