import AsyncHTTPClient
import Foundation
import Logging
import ServiceLifecycle
import Testing

@testable import MerchantBackend

/// Spans through the exporter operators turn on with `--otlp-endpoint` (``SpanExport``), sent over
/// real OTLP/HTTP (protobuf) to a collector stand-in: each request is a server span in the caller's
/// trace, each call to Swedbank Pay a client span under it, and the call carries that client
/// span's `traceparent`. Names and attributes hold route patterns, never ids or tokens.
@Suite(.timeLimit(.minutes(2))) struct TracingTests {
    static let callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736"
    static let callerSpan = "00f067aa0ba902b7"

    @Test func anOrderCreationIsAServerSpanWithAClientSpanPerCallInTheCallersTrace() async throws {
        try await Self.withExport { export, collector in
            try await BackendHarness.run(tracer: export.tracer) { harness in
                var headers = BackendHarness.appHeaders
                headers["traceparent"] = "00-\(Self.callerTrace)-\(Self.callerSpan)-01"
                let created = try await harness.send(
                    .POST, "/paymentorders", json: BackendHarness.orderJSON(), headers: headers)
                #expect(created.status == 201)
                let requestID = try #require(created.headers.first(name: RequestID.header))

                let server = try #require(await collector.span(named: "POST /paymentorders"))
                let client = try #require(await collector.span(named: "POST /psp/paymentorders"))
                #expect(server.kind == CollectorStub.ExportedSpan.server)
                #expect(server.traceID == Self.callerTrace && server.parentSpanID == Self.callerSpan)
                #expect(
                    server.attributes == [
                        "http.request.method": "POST", "http.route": "/paymentorders",
                        "http.response.status_code": "201", "request.id": requestID,
                    ])
                #expect(server.statusCode == 0)
                #expect(server.serviceName == SpanExport.serviceName)
                #expect(client.kind == CollectorStub.ExportedSpan.client)
                #expect(client.traceID == Self.callerTrace && client.parentSpanID == server.spanID)
                #expect(
                    client.attributes == [
                        "http.request.method": "POST", "url.template": "/psp/paymentorders",
                        "http.response.status_code": "200",
                    ])
                // Swedbank Pay was called as the client span: its id is the caller's parent id.
                let sent = try await Self.sandboxTraceParents(harness, path: "/psp/paymentorders")
                #expect(sent == ["00-\(Self.callerTrace)-\(client.spanID)-01"])
            }
        }
    }

    @Test func aFailedCallMarksBothSpansAndARequestWithoutACallerStartsATrace() async throws {
        try await Self.withExport { export, collector in
            try await BackendHarness.run(tracer: export.tracer) { harness in
                _ = try await harness.client.answer(
                    .POST, harness.sandboxURL + "/sandbox/faults",
                    json: #"{"method":"POST","path":"/psp/paymentorders","kind":"status","status":503}"#)
                let answer = try await harness.createOrder()
                #expect(answer.status == 503)

                let server = try #require(await collector.span(named: "POST /paymentorders"))
                let client = try #require(await collector.span(named: "POST /psp/paymentorders"))
                #expect(server.parentSpanID == "" && server.traceID.utf8.count == 32)
                #expect(server.attributes["http.response.status_code"] == "503")
                #expect(server.statusCode == 2)
                #expect(client.traceID == server.traceID && client.parentSpanID == server.spanID)
                #expect(client.attributes["http.response.status_code"] == "503")
                #expect(client.attributes["error.type"] == "https://api.payex.com/psp/errordetail/systemerror")
                #expect(client.statusCode == 2)
            }
        }
    }

    @Test func readsNameTheRouteNotTheOrderAndClientErrorsAreNotServerFailures() async throws {
        try await Self.withExport { export, collector in
            try await BackendHarness.run(tracer: export.tracer) { harness in
                let created = try await harness.createOrder()
                let location = try #require(created.headers.first(name: "Location"))
                #expect(try await harness.send(.GET, location).status == 200)
                #expect(try await harness.send(.GET, "/paymentorders/no-such-order").status == 404)

                let reads = await collector.spans(named: "GET /paymentorders/{id}", count: 2)
                #expect(reads.map { $0.attributes["http.response.status_code"] } == ["200", "404"])
                #expect(reads.map(\.statusCode) == [0, 0])
                let calls = await collector.spans(named: "GET /psp/paymentorders/{id}", count: 1)
                #expect(calls.first?.parentSpanID == reads.first?.spanID)
                // No id of the order anywhere in what was exported.
                let guid = String(location.split(separator: "/").last ?? "")
                #expect(!(await collector.bodies.all().joined()).contains(guid))
            }
        }
    }

    /// Runs `body` with an exporter sending every 50 ms to a fresh collector stand-in.
    static func withExport(
        _ body: @Sendable (SpanExport, CollectorStub) async throws -> Void
    ) async throws {
        let collector = try await CollectorStub.start()
        let export = try SpanExport.start(endpoint: collector.url, batchDelay: .milliseconds(50))
        var logger = Logger(label: "spans")
        logger.logLevel = .critical
        let group = ServiceGroup(services: [export.service], logger: logger)
        let running = Task { try await group.run() }
        var failure: (any Error)?
        do {
            try await body(export, collector)
        } catch {
            failure = error
        }
        await group.triggerGracefulShutdown()
        _ = await running.result
        await collector.stop()
        if let failure { throw failure }
    }

    static func sandboxTraceParents(_ harness: BackendHarness, path: String) async throws -> [String] {
        let log = try await harness.client.answer(.GET, harness.sandboxURL + "/sandbox/requests").json
        return (log["requests"] as? [[String: Any]] ?? []).filter {
            $0["method"] as? String == "POST" && $0["path"] as? String == path
        }.compactMap { $0["traceparent"] as? String }
    }
}

extension CollectorStub {
    /// The first span named `name`, once exported (within 10 seconds).
    func span(named name: String) async -> ExportedSpan? {
        await spans.first(where: { $0.name == name }, within: 10)
    }

    /// The first `count` spans named `name`, in the order they were exported (each within 10 seconds).
    func spans(named name: String, count: Int) async -> [ExportedSpan] {
        var found: [ExportedSpan] = []
        while found.count < count {
            let already = found
            guard let next = await spans.first(where: { $0.name == name && !already.contains($0) }, within: 10)
            else { break }
            found.append(next)
        }
        return found
    }
}
