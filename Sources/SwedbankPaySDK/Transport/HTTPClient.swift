import Foundation

extension SwedbankPaySDK {
    /// Sends HTTP requests. Every network call of the SDK goes through one of these, so tests and
    /// apps can replace the transport.
    ///
    /// Implementations return any HTTP status as a response (a 404 is an answer, not an error)
    /// and throw ``TransportError`` only when no response arrived. They must honour task
    /// cancellation by throwing ``TransportError/cancelled(_:)``.
    public protocol HTTPClient: Sendable {
        func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
    }
}
