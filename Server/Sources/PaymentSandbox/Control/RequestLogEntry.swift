#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// One request the sandbox received, as `GET /sandbox/requests` lists it. Bodies and headers
/// (so the Authorization header too) are never kept.
struct RequestLogEntry: Sendable {
    let method: String
    let path: String
    let query: String?
    /// nil when no response was sent (a `reset` or `hang` fault).
    let status: Int?
    /// Wall-clock start, for people reading the log.
    let started: Date
    /// Time until the response was ready, measured on a monotonic clock.
    let durationMs: Double
    /// The fault rule that applied, as (id, kind).
    let fault: (id: String, kind: String)?
    /// What the sandbox took although the documentation says otherwise (``RealServiceLeniency``).
    var warnings: [String] = []
    /// The caller's `X-Request-Id`, so a merchant's log line and this entry can be matched.
    var requestID: String?
    /// The caller's W3C `traceparent`, when it sent one.
    var traceParent: String?

    var json: SwedbankPaySDK.JSONValue {
        .object([
            "method": .string(method),
            "path": .string(path),
            "query": query.map { .string($0) } ?? .null,
            "status": status.map { .integer(Int64($0)) } ?? .null,
            "startedAt": .string(started.formatted(Self.timestampStyle)),
            "durationMs": .number((durationMs * 1_000).rounded() / 1_000),
            "fault": fault.map { .object(["id": .string($0.id), "kind": .string($0.kind)]) } ?? .null,
            "warnings": .array(warnings.map { .string($0) }),
            "requestId": requestID.map { .string($0) } ?? .null,
            "traceparent": traceParent.map { .string($0) } ?? .null,
        ])
    }

    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
#endif
