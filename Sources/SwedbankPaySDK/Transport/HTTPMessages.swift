import Foundation

extension SwedbankPaySDK {
    /// An HTTP request as the SDK's flows describe it, independent of the transport that sends it.
    public struct HTTPRequest: Sendable, Hashable {
        /// `GET`, `POST`, `PATCH`, ...
        public var method: String
        /// The URL to send the request to.
        public var url: URL
        /// The header fields to send, in order.
        public var headers: HTTPHeaders
        /// The bytes of the body, or nil for a request without one.
        public var body: Data?
        /// Seconds after which the transport gives up with ``TransportError/timedOut(_:)``;
        /// nil leaves it to the transport's default.
        public var timeout: TimeInterval?

        /// Creates a request.
        ///
        /// - Parameters:
        ///   - method: The HTTP method (`GET`, `POST`, ...).
        ///   - url: The URL to send the request to.
        ///   - headers: The header fields to send; none by default.
        ///   - body: The bytes of the body; nil (no body) by default.
        ///   - timeout: Seconds to wait for the response; nil (the transport's default) by default.
        public init(
            method: String,
            url: URL,
            headers: HTTPHeaders = HTTPHeaders(),
            body: Data? = nil,
            timeout: TimeInterval? = nil
        ) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.timeout = timeout
        }
    }

    /// An HTTP response: status, header fields, the whole body, and the URL that answered
    /// (after any redirects), which relative links in the body resolve against.
    public struct HTTPResponse: Sendable, Hashable {
        /// The HTTP status code (`200`, `404`, ...).
        public var status: Int
        /// The response's header fields.
        public var headers: HTTPHeaders
        /// The whole body; empty when the response had none.
        public var body: Data
        /// The URL that answered: the request's URL, or the last one it was redirected to.
        public var url: URL

        /// Creates a response, as a transport does when one arrives (or a test stub in its place).
        ///
        /// - Parameters:
        ///   - status: The HTTP status code.
        ///   - headers: The response's header fields; none by default.
        ///   - body: The whole body; empty by default.
        ///   - url: The URL that answered, after any redirects.
        public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), url: URL) {
            self.status = status
            self.headers = headers
            self.body = body
            self.url = url
        }
    }

    /// Why a request got no HTTP response at all.
    public enum TransportError: Error, Sendable, Hashable {
        /// No response within the request's timeout.
        case timedOut(URL)
        /// The connection could not be made or broke before a response arrived.
        case connectionFailed(URL, description: String)
        /// The server's identity did not pass certificate or public-key pinning checks.
        case untrustedServer(URL)
        /// The request was cancelled (its task was cancelled).
        case cancelled(URL)
        /// The request could not be sent as given (for example a URL scheme the transport
        /// does not speak).
        case invalidRequest(URL, description: String)
    }
}
