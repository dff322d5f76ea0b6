import Foundation
import Hummingbird
import Logging
import NIOCore
import ServerSupport

/// A stand-in for an OpenTelemetry collector: takes `POST /v1/traces` in OTLP/HTTP's protobuf
/// encoding (``OTLPProtobuf``) and keeps every span it was sent. No real collector runs on these
/// machines (it is not a Debian package); this one reads the wire format a real one reads.
final class CollectorStub: Sendable {
    /// One exported span (ids in hex, kind and status as OTLP numbers them).
    struct ExportedSpan: Sendable, Equatable, CustomStringConvertible {
        var name: String
        var kind: Int
        var traceID: String
        var spanID: String
        var parentSpanID: String
        var attributes: [String: String]
        /// 0 unset, 1 ok, 2 error.
        var statusCode: Int
        var serviceName: String?

        var description: String { "\(name) [\(kind)] \(spanID) ← \(parentSpanID) \(attributes)" }

        static let server = 2
        static let client = 3
    }

    let url: String
    let spans: BoundedLog<ExportedSpan>
    /// Every body received, as bytes read as text: what a test greps for secrets.
    let bodies: BoundedLog<String>
    private let server: RunningServices

    static func start() async throws -> CollectorStub {
        let spans = BoundedLog<ExportedSpan>(capacity: 10_000)
        let bodies = BoundedLog<String>(capacity: 1_000)
        let router = Router()
        router.post("/v1/traces") { request, _ in
            let data = Data(buffer: try await request.body.collect(upTo: 16 << 20))
            await bodies.append(String(decoding: data, as: UTF8.self))
            guard request.headers[.contentType] == "application/x-protobuf" else {
                return Response(status: .unsupportedMediaType)
            }
            for span in try OTLPProtobuf.spans(in: data) { await spans.append(span) }
            // An empty ExportTraceServiceResponse: everything was accepted.
            return Response(status: .ok, headers: [.contentType: "application/x-protobuf"])
        }
        let (port, server) = await RunningServices.onLoopback(router, label: "collector")
        guard let port else { throw NotListening() }
        return CollectorStub(url: "http://127.0.0.1:\(port)", server: server, spans: spans, bodies: bodies)
    }

    private init(url: String, server: RunningServices, spans: BoundedLog<ExportedSpan>, bodies: BoundedLog<String>) {
        self.url = url
        self.server = server
        self.spans = spans
        self.bodies = bodies
    }

    func stop() async { await server.stop() }

    struct NotListening: Error {}
}
