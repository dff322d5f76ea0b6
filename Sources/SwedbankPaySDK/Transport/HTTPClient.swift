import Foundation

extension SwedbankPaySDK {
    /// Sends HTTP requests. Every network call of the SDK goes through one of these, so tests and
    /// apps can replace the transport.
    ///
    /// Implementations return any HTTP status as a response (a 404 is an answer, not an error)
    /// and throw ``TransportError`` only when no response arrived. They must honour task
    /// cancellation by throwing ``TransportError/cancelled(_:)``.
    public protocol HTTPClient: Sendable {
        /// Sends `request` and returns the response to it, whatever its status.
        ///
        /// - Parameter request: The request to send.
        /// - Returns: The response, with its whole body.
        /// - Throws: ``TransportError`` when no response arrived: a timeout, a failed connection, an
        ///   untrusted server, cancellation, or a request the transport cannot send.
        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
    }
}
