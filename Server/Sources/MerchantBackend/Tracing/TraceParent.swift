/// A W3C Trace Context `traceparent` (https://www.w3.org/TR/trace-context/): which trace a request
/// belongs to and which span called it. The backend joins the caller's trace when its header is
/// valid, starts one otherwise, and gives every call to Swedbank Pay a span id of its own in the
/// same trace, so a tracing system shows the app's request, the backend and the PSP call as one.
struct TraceParent: Sendable, Equatable {
    /// 32 lower-case hex digits, not all zero.
    let traceID: String
    /// 16 lower-case hex digits, not all zero: the span that made the request.
    let parentID: String
    /// The trace flags (bit 0: sampled), as 2 hex digits.
    let flags: String

    /// Parses a `traceparent` header. Version 00 must be exactly 55 characters; a later version
    /// (not `ff`) may be longer, with a `-` after the first four fields, which are read as
    /// version 00's. Anything else is nil: the request starts a new trace.
    static func parse(_ header: String?) -> TraceParent? {
        guard let header else { return nil }
        let bytes = Array(header.utf8)
        guard bytes.count >= 55, bytes[2] == dash, bytes[35] == dash, bytes[52] == dash else { return nil }
        let version = String(decoding: bytes[0..<2], as: UTF8.self)
        guard isHex(bytes[0..<2]), version != "ff" else { return nil }
        if version == "00" {
            guard bytes.count == 55 else { return nil }
        } else if bytes.count > 55 && bytes[55] != dash {
            return nil
        }
        let trace = bytes[3..<35]
        let parent = bytes[36..<52]
        let flags = bytes[53..<55]
        guard isHex(trace), isHex(parent), isHex(flags), !isZero(trace), !isZero(parent) else { return nil }
        return TraceParent(
            traceID: String(decoding: trace, as: UTF8.self), parentID: String(decoding: parent, as: UTF8.self),
            flags: String(decoding: flags, as: UTF8.self))
    }

    /// A new trace, sampled, started by the backend (`parentID` is the backend's own span).
    static func start() -> TraceParent {
        TraceParent(traceID: FastIDs.traceID(), parentID: FastIDs.spanID(), flags: "01")
    }

    /// The same trace with a new span id: the header for a call made inside this one.
    func child() -> TraceParent {
        TraceParent(traceID: traceID, parentID: FastIDs.spanID(), flags: flags)
    }

    /// The header value, version 00.
    var header: String { "00-\(traceID)-\(parentID)-\(flags)" }

    private static let dash = UInt8(ascii: "-")

    /// Only lower-case hex digits are valid in version 00.
    private static func isHex(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
    }

    private static func isZero(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == UInt8(ascii: "0") }
    }
}
