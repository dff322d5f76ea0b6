import Foundation
import SwedbankPaySDK

/// An ``SwedbankPaySDK/HTTPClient`` that answers from canned responses and records every request.
///
/// Stubs match by method and exact URL and are tried in the order they were added; a stub with a
/// `times` limit is used that many times and then skipped. A request no stub matches fails with a
/// `connectionFailed` error that names it, so a test never passes on an unplanned request.
public final class StubHTTPClient: SwedbankPaySDK.HTTPClient, @unchecked Sendable {
    /// What a stub answers.
    public enum Reply: Sendable {
        /// An HTTP response; `url` is filled in from the request.
        case response(status: Int, headers: SwedbankPaySDK.HTTPHeaders, body: Data)
        /// No response: the transport fails.
        case failure(SwedbankPaySDK.TransportError)
        /// Never answers until the task is cancelled (then fails with `cancelled`).
        case hang

        /// `application/json` with the given body text.
        public static func json(_ body: String, status: Int = 200) -> Reply {
            .response(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }

        /// `application/problem+json` with the given body text.
        public static func problem(_ body: String, status: Int) -> Reply {
            .response(status: status, headers: ["Content-Type": "application/problem+json"], body: Data(body.utf8))
        }

        /// Any content type.
        public static func text(_ body: String, status: Int = 200, contentType: String = "text/plain") -> Reply {
            .response(status: status, headers: ["Content-Type": contentType], body: Data(body.utf8))
        }
    }

    private struct Stub {
        let method: String
        let url: URL
        var remaining: Int?
        let reply: Reply
    }

    private let lock = NSLock()
    private var stubs: [Stub] = []
    private var recorded: [SwedbankPaySDK.HTTPRequest] = []
    /// One arrival per request sent, for ``waitForRequests(_:seconds:)``.
    private let arrivals = Arrivals()

    public init() {}

    /// Answers `method url` with `reply`, `times` times (nil: every time).
    public func on(_ method: String, _ url: URL, times: Int? = nil, reply: Reply) {
        lock.lock()
        stubs.append(Stub(method: method.uppercased(), url: url, remaining: times, reply: reply))
        lock.unlock()
    }

    /// `on(_:_:times:reply:)` with the URL given as a string.
    public func on(_ method: String, _ url: String, times: Int? = nil, reply: Reply) {
        on(method, URL(string: url)!, times: times, reply: reply)
    }

    /// Every request sent so far, in order.
    public var requests: [SwedbankPaySDK.HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Returns once `count` requests in all have been sent (true), or after `seconds` (false).
    @discardableResult
    public func waitForRequests(_ count: Int, seconds: Double = 10) async -> Bool {
        await arrivals.wait(for: count, seconds: seconds)
    }

    /// Forgets the recorded requests (the stubs stay).
    public func clearRequests() {
        lock.lock()
        recorded.removeAll()
        lock.unlock()
    }

    public func send(
        _ request: SwedbankPaySDK.HTTPRequest
    ) async throws(SwedbankPaySDK.TransportError) -> SwedbankPaySDK.HTTPResponse {
        guard let reply = takeReply(for: request) else {
            throw .connectionFailed(
                request.url, description: "no stub for \(request.method) \(request.url.absoluteString)")
        }
        switch reply {
        case .response(let status, let headers, let body):
            if Task.isCancelled { throw .cancelled(request.url) }
            return SwedbankPaySDK.HTTPResponse(status: status, headers: headers, body: body, url: request.url)
        case .failure(let error):
            throw error
        case .hang:
            // Iterating a stream nobody feeds ends exactly when the task is cancelled: no polling.
            let (never, feeder) = AsyncStream<Never>.makeStream()
            for await _ in never {}
            feeder.finish()
            throw .cancelled(request.url)
        }
    }

    private func takeReply(for request: SwedbankPaySDK.HTTPRequest) -> Reply? {
        lock.lock()
        defer {
            lock.unlock()
            arrivals.arrive()
            Arrivals.anything.arrive()
        }
        recorded.append(request)
        guard
            let index = stubs.firstIndex(where: {
                $0.method == request.method.uppercased() && $0.url == request.url && $0.remaining != 0
            })
        else { return nil }
        if let remaining = stubs[index].remaining {
            stubs[index].remaining = remaining - 1
        }
        return stubs[index].reply
    }
}
