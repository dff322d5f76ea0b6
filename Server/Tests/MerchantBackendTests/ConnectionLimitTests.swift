import AsyncHTTPClient
import Foundation
import LocalStack
import NIOSSL
import PaymentSandbox
import ServerSupport
import Testing

/// The timeouts and the connection limit on real servers over loopback (the decisions themselves
/// are the pure `ConnectionPhase` and `ConnectionRoster`, checked by `ServerPropertyTests` and
/// their fuzz targets).
@Suite(.timeLimit(.minutes(1))) struct ConnectionLimitTests {
    /// A sandbox alone with `limits`, over HTTPS with `tls`.
    static func withSandbox(
        _ limits: ConnectionLimits, tls: TLSIdentity? = nil, _ body: (Int) async throws -> Void
    ) async throws {
        let stack = try await LocalStack.start(
            LocalStack.Plan(
                sandbox: BackendHarness.sandboxConfiguration(), sandboxNamesItsPort: false, tls: tls,
                connections: limits, logger: BackendHarness.quietLogger))
        do {
            try await body(stack.sandboxURL.port ?? 0)
        } catch {
            await stack.stop()
            throw error
        }
        await stack.stop()
    }

    /// A head that never ends is cut at the header timeout, counted from its first byte, without
    /// an answer; one that never begins waits out the idle timeout. Each is shown on a server of
    /// its own, so that no bound is an upper bound a loaded machine could overrun: the head is
    /// cut where the idle timeout is two minutes away (any cut in time is the header timeout's),
    /// and silence outlives a 0.3 s header timeout on the other (a lower bound, which a late
    /// timer only makes truer). Two timeouts 3.5 s apart on one server were overrun under load.
    @Test func headsThatNeverEndAreCutAtTheHeaderTimeoutSilenceAtTheIdleTimeout() async throws {
        try await Self.expectAHeadCutAndSilenceIdle()
    }

    /// Over HTTPS the same bounds hold, counted on the requests inside TLS: each client
    /// handshakes as it connects, the silent one then sends nothing and waits out the idle
    /// timeout (a timeout counted on the wire's bytes would cut it at the header timeout). A whole
    /// request on another connection is answered, so the cuts are the timeouts', not a failed
    /// handshake's.
    @Test func overHTTPSHeadsThatNeverEndAreCutAtTheHeaderTimeoutSilenceAtTheIdleTimeout() async throws {
        let identity = try TLSIdentity.generated(for: [])
        let trust = try TLSIdentity.clientConfiguration(trusting: identity.trustAnchors)
        try await Self.expectAHeadCutAndSilenceIdle(tls: identity, trust: trust)
    }

    /// A header timeout of 0.5 s with the idle timeout two minutes away: only the header timeout
    /// can cut a connection in time.
    static let headerTimeoutAlone = ConnectionLimits(headerTimeout: .milliseconds(500), idleTimeout: .seconds(120))
    /// A header timeout of 0.3 s and an idle timeout of 2 s.
    static let shortIdle = ConnectionLimits(headerTimeout: .milliseconds(300), idleTimeout: .milliseconds(2_000))

    /// On a server under ``headerTimeoutAlone`` a connection that sends half a head is cut, not
    /// answered, at least 0.5 s after it opened and long before the idle timeout; on one under
    /// ``shortIdle`` a connection that sends nothing is closed, not answered, no earlier than the
    /// idle timeout. The two servers run side by side.
    static func expectAHeadCutAndSilenceIdle(tls: TLSIdentity? = nil, trust: TLSConfiguration? = nil) async throws {
        async let head: Void = withSandbox(headerTimeoutAlone, tls: tls) { port in
            if let trust {
                let answered = try await RawHTTP.exchange(
                    port: port, "GET /sandbox/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                    tls: trust)
                #expect(answered.responses.map(\.status) == [200])
            }
            let partial = try await RawHTTP.Connection.open(port: port, tls: trust)
            try await partial.send("GET /sandbox/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            // Within 50 s (inside the suite's time limit): far from the idle timeout, so a cut in
            // time cannot be the idle timeout's.
            let cut = try await partial.untilClosed(within: 50)
            #expect(cut.responses.isEmpty && cut.leftover.isEmpty)
            #expect(cut.closedAfter >= .milliseconds(500))
        }
        async let silence: Void = withSandbox(shortIdle, tls: tls) { port in
            let silent = try await RawHTTP.Connection.open(port: port, tls: trust)
            let idle = try await silent.untilClosed(within: 50)
            #expect(idle.responses.isEmpty)
            #expect(idle.closedAfter >= .milliseconds(2_000))
        }
        _ = try await (head, silence)
    }

    /// After its answer a kept-alive connection waits the idle timeout for the next request, and
    /// then closes; the header timeout does not apply while nothing is sent. The idle timeout is
    /// 5 s: it also runs from the accept to the request's first byte, and a loaded machine once
    /// took longer than 1.2 s to write the request after connecting (the server had closed it).
    @Test func aKeptAliveConnectionClosesAtTheIdleTimeoutAfterItsAnswer() async throws {
        let limits = ConnectionLimits(headerTimeout: .milliseconds(300), idleTimeout: .milliseconds(5_000))
        try await Self.withSandbox(limits) { port in
            let connection = try await RawHTTP.Connection.open(port: port)
            try await connection.send("GET /sandbox/settings HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let exchange = try await connection.untilClosed(within: 10)
            #expect(exchange.responses.map(\.status) == [200])
            #expect(exchange.closedAfter >= .milliseconds(5_000))
        }
    }

    /// At the limit a new connection takes the place of the one that waited longest for its
    /// client; the others stay.
    @Test func atTheLimitANewConnectionReplacesTheLongestWaitingOne() async throws {
        let limits = ConnectionLimits(headerTimeout: .seconds(30), idleTimeout: .seconds(30), maxConnections: 3)
        try await Self.withSandbox(limits) { port in
            var waiting: [RawHTTP.Connection] = []
            for index in 0..<3 {
                let connection = try await RawHTTP.Connection.open(port: port)
                if index > 0 { try await connection.send("GET /sandbox/ HTTP/1.1\r\n") }
                waiting.append(connection)
            }
            // Each is on the roster once the server has read from it: the second and third sent
            // bytes; the first is made certain by a full request on a fourth after them.
            let newest = try await RawHTTP.exchange(
                port: port, "GET /sandbox/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(newest.responses.map(\.status) == [200])
            let first = try await waiting[0].untilClosed(within: 10)
            #expect(first.responses.isEmpty)
            #expect(!waiting[1].isClosed && !waiting[2].isClosed)
            for connection in waiting { await connection.close() }
        }
    }

    /// A request in progress is never cut for a new connection. With room for one connection,
    /// held by a request being answered (two pipelined, the second delayed): the connection
    /// accepted as that place was taken is closed, the server stops accepting, and the next
    /// client waits in the listen queue until the delayed answer is written, then is served.
    @Test func aRequestInProgressIsNeverReplaced() async throws {
        let limits = ConnectionLimits(headerTimeout: .seconds(30), idleTimeout: .seconds(30), maxConnections: 1)
        try await Self.withSandbox(limits) { port in
            let rule = #"{"method":"GET","path":"/psp/delayed","kind":"delay","delaySeconds":2,"count":1}"#
            let added = try await RawHTTP.exchange(
                port: port,
                "POST /sandbox/faults HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(rule.utf8.count)\r\nConnection: close\r\n\r\n\(rule)")
            #expect(added.responses.map(\.status) == [201])
            let busy = try await RawHTTP.Connection.open(port: port)
            try await busy.send(
                "GET /sandbox/settings HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    + "GET /psp/delayed HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // The first answer is written: both heads have been read, the second is being answered.
            try await busy.responses(1)
            let refused = try await RawHTTP.exchange(
                port: port, "GET /sandbox/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(refused.responses.isEmpty)
            let queued = try await RawHTTP.exchange(
                port: port, "GET /sandbox/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(queued.responses.map(\.status) == [200])
            // Served once the delayed answer was written (then its connection made room), not at
            // the idle timeout.
            #expect(queued.closedAfter < .seconds(10))
            let first = try await busy.untilClosed(within: 10)
            // The delayed request names no route: 404, after its delay.
            #expect(first.responses.map(\.status) == [200, 404])
        }
    }
}
