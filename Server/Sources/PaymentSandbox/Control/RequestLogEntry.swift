#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// One request the sandbox received, as `GET /sandbox/requests` lists it. Bodies and headers
/// (so the Authorization header too) are never kept; the path and the query are kept to
/// ``maxPathBytes`` and ``maxQueryBytes`` (``truncated`` says when they were cut): any web page can
/// send requests here, and an 80 KiB URL kept 1,000 times would cost the log 80 MB.
struct RequestLogEntry: Sendable {
    let method: String
    let path: String
    let query: String?
    /// Whether the path or the query was longer than kept.
    let truncated: Bool
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

    /// The most UTF-8 bytes of a path kept.
    static let maxPathBytes = 1_024
    /// The most UTF-8 bytes of a query kept.
    static let maxQueryBytes = 1_024

    init(
        method: String, path: String, query: String?, status: Int?, started: Date, durationMs: Double,
        fault: (id: String, kind: String)?, warnings: [String], requestID: String?, traceParent: String?
    ) {
        let keptPath = Self.prefix(path, bytes: Self.maxPathBytes)
        let keptQuery = query.map { Self.prefix($0, bytes: Self.maxQueryBytes) }
        self.method = String(Self.prefix(method, bytes: 32))
        self.path = keptPath
        self.query = keptQuery
        truncated =
            keptPath.utf8.count < path.utf8.count || keptQuery.map { $0.utf8.count < query?.utf8.count ?? 0 } == true
        self.status = status
        self.started = started
        self.durationMs = durationMs
        self.fault = fault
        self.warnings = warnings
        self.requestID = requestID
        self.traceParent = traceParent
    }

    /// The longest prefix of whole characters of at most `bytes` UTF-8 bytes.
    static func prefix(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var kept = ""
        var used = 0
        for character in text {
            used += character.utf8.count
            guard used <= bytes else { break }
            kept.append(character)
        }
        return kept
    }

    /// Its cost in the request log's account (``StoredBytes``).
    var storedBytes: Int {
        256 + StoredBytes.of(method) + StoredBytes.of(path) + StoredBytes.of(query)
            + warnings.reduce(0) { $0 + StoredBytes.of($1) } + StoredBytes.of(requestID) + StoredBytes.of(traceParent)
            + (fault.map { StoredBytes.of($0.id) + StoredBytes.of($0.kind) } ?? 0)
    }

    var json: SwedbankPaySDK.JSONValue {
        .object([
            "method": .string(method),
            "path": .string(path),
            "query": query.map { .string($0) } ?? .null,
            "truncated": .bool(truncated),
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
