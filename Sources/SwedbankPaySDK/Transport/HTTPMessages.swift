import Foundation

extension SwedbankPaySDK {
    /// An HTTP request as the SDK's flows describe it, independent of the transport that sends it.
    public struct HTTPRequest: Sendable, Hashable {
        /// `GET`, `POST`, `PATCH`, ...
        public var method: String
        public var url: URL
        public var headers: HTTPHeaders
        public var body: Data?
        /// Seconds after which the transport gives up with ``TransportError/timedOut``;
        /// nil leaves it to the transport's default.
        public var timeout: TimeInterval?

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
        public var status: Int
        public var headers: HTTPHeaders
        public var body: Data
        public var url: URL

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
