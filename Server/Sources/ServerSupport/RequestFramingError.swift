#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// A request that is not HTTP/1.1 as sent: a chunk size that is not hexadecimal, a
/// `Content-Length` beside `Transfer-Encoding: chunked` or twice, a body cut short, a header line
/// folded or ended by a bare LF, a head over the decoder's limits. Always the client's fault, so
/// a 400 problem (431 for a head too large), never a 500 and never an error in the log.
///
/// ``HTTPPartsHandler`` makes it from the HTTP decoder's errors: a route reading the body gets it
/// thrown (``ProblemMiddleware`` answers it), and a request broken before its head is answered by
/// the handler itself.
public struct RequestFramingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400, or 431 for a head over the limits.
    public let status: Int
    /// What the problem's `detail` says.
    public let detail: String

    public var description: String { "\(status): \(detail)" }

    /// The framing error behind `error`, or nil when `error` is not one (a reset connection, say).
    static func from(_ error: any Error) -> RequestFramingError? {
        if let parser = error as? HTTPParserError { return from(parser) }
        if case ByteToMessageDecoderError.dataReceivedInErrorState(let first, _) = error { return from(first) }
        if error is HTTP1TypeConversionError { return RequestFramingError(status: 400, detail: malformed) }
        return nil
    }

    private static let malformed = "The request is not valid HTTP/1.1."

    private static func from(_ error: HTTPParserError) -> RequestFramingError {
        switch error {
        case .headerOverflow:
            RequestFramingError(
                status: 431, detail: "The request's head is larger than \(ConnectionLimits.maxHeadBytes) bytes.")
        case .invalidChunkSize:
            RequestFramingError(status: 400, detail: "The request body's chunked encoding is invalid.")
        case .invalidContentLength, .unexpectedContentLength:
            RequestFramingError(
                status: 400,
                detail: "The request's Content-Length is invalid, repeated, or beside Transfer-Encoding.")
        case .invalidEOFState, .closedConnection:
            RequestFramingError(status: 400, detail: "The request ended before its body did.")
        default:
            RequestFramingError(status: 400, detail: malformed)
        }
    }
}
#endif
