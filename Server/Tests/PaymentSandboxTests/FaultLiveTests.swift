import AsyncHTTPClient
import Foundation
import NIOCore
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The faults a socket shows: a delay the client waits out, a reset it sees as a broken
/// connection, a hang that outlasts its timeout. Each against a live server on a loopback port.
@Suite struct FaultLiveTests {
    static let consumer =
        #"{"operation":"initiate-consumer-session","language":"sv-SE","requireShippingAddress":false}"#

    @Test func aDelayHoldsTheAnswerBackThenLetsItThrough() async throws {
        try await FaultLiveServer().run { base, client in
            let rule = try await client.send(
                .POST, base + "/sandbox/faults",
                json: #"{"method":"POST","path":"/psp/consumers","kind":"delay","delaySeconds":2,"count":1}"#)
            #expect(rule.status == 201)
            let start = ContinuousClock.now
            let delayed = try await client.send(.POST, base + "/psp/consumers", json: Self.consumer)
            let elapsed = ContinuousClock.now - start
            #expect(delayed.status == 200)
            #expect(elapsed >= .seconds(2))
            #expect(try await client.send(.POST, base + "/psp/consumers", json: Self.consumer).status == 200)
            // The rule was for one request: the log says the next was not held back (a stopwatch
            // would measure the test machine's load as much as the sandbox).
            let log = try await client.send(.GET, base + "/sandbox/requests")
            let entries = try #require(try json(log.body).objectValue?["requests"]?.arrayValue)
            #expect(
                entries.compactMap { $0.objectValue?["fault"] } == [
                    .object(["id": .string("fault-1"), "kind": .string("delay")]), .null,
                ])
        }
    }

    @Test func aResetClosesTheConnectionWithoutAnAnswer() async throws {
        try await FaultLiveServer().run { base, client in
            _ = try await client.send(
                .POST, base + "/sandbox/faults", json: #"{"path":"/psp/consumers","kind":"reset","count":1}"#)
            do {
                // A hang would end in the client's deadline, caught below: no stopwatch needed.
                let reply = try await client.send(.POST, base + "/psp/consumers", json: Self.consumer)
                Issue.record("expected a broken connection, got \(reply.status) \(reply.body)")
            } catch let error as HTTPClientError where error == .deadlineExceeded {
                Issue.record("the connection was not closed: \(error)")
            } catch {
                // A reset or closed connection: anything but an HTTP answer or a timeout.
            }
            // The server carries on with the next connection.
            #expect(try await client.send(.POST, base + "/psp/consumers", json: Self.consumer).status == 200)
            let log = try await client.send(.GET, base + "/sandbox/requests")
            let entries = try #require(try json(log.body).objectValue?["requests"]?.arrayValue)
            #expect(entries.count == 2)
            #expect(entries.first?.objectValue?["status"] == .null)
            #expect(
                entries.first?.objectValue?["fault"] == .object(["id": .string("fault-1"), "kind": .string("reset")]))
        }
    }

    @Test func aHangOutlastsTheClientsTimeout() async throws {
        try await FaultLiveServer().run { base, client in
            _ = try await client.send(
                .POST, base + "/sandbox/faults", json: #"{"method":"GET","path":"/psp/*","kind":"hang","count":1}"#)
            let start = ContinuousClock.now
            await #expect(throws: HTTPClientError.deadlineExceeded) {
                _ = try await client.send(.GET, base + "/psp/paymentorders/x", timeout: .milliseconds(500))
            }
            #expect(ContinuousClock.now - start >= .milliseconds(500))
            // Only the next request hung; the one after it is answered.
            let after = try await client.send(.GET, base + "/psp/anything", timeout: .seconds(5))
            #expect(after.status == 404)
        }
    }
}
