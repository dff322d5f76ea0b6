import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SwedbankPaySDK {
    /// The default ``HTTPClient``: Foundation's `URLSession`, on Apple platforms and on Linux.
    ///
    /// Task cancellation cancels the underlying data task. Redirects are followed by
    /// ``RedirectRule`` (credentials never go to another origin, never from https to http); the
    /// response's `url` is the final one.
    public final class URLSessionHTTPClient: HTTPClient {
        private let session: URLSession
        /// Whether the session is this client's own, to invalidate when it goes.
        private let ownsSession: Bool

        /// Uses `session` for every request. Give a session with a delegate to add trust checks
        /// such as public-key pinning; its delegate should follow redirects by ``RedirectRule``
        /// (subclass ``RedirectDelegate``), or a redirect carries the request's headers anywhere.
        public init(session: URLSession) {
            self.session = session
            ownsSession = false
        }

        /// Uses an ephemeral session (no cookies, no cache on disk) that follows redirects by
        /// ``RedirectRule``.
        public init() {
            session = URLSession(configuration: .ephemeral, delegate: RedirectDelegate(), delegateQueue: nil)
            ownsSession = true
        }

        deinit {
            // A session keeps its delegate until it is invalidated.
            if ownsSession { session.finishTasksAndInvalidate() }
        }

        /// Sends `request` with a data task of the session and returns the response, whatever its
        /// status.
        ///
        /// The request's `timeout` is enforced to the millisecond and ends in
        /// ``TransportError/timedOut(_:)``; cancelling the calling task cancels the data task and
        /// throws ``TransportError/cancelled(_:)``.
        public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
            let urlRequest = Self.urlRequest(for: request)
            let task = CancellableDataTask()
            let result: Result<HTTPResponse, TransportError> = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let dataTask = session.dataTask(with: urlRequest) { data, response, error in
                        let result = Self.result(for: request.url, data, response, error)
                        continuation.resume(returning: task.timedOut ? .failure(.timedOut(request.url)) : result)
                    }
                    task.start(dataTask, deadline: request.timeout)
                }
            } onCancel: {
                task.cancel()
            }
            return try result.get()
        }

        static func urlRequest(for request: HTTPRequest) -> URLRequest {
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method
            urlRequest.httpBody = request.body
            if let timeout = request.timeout {
                // The deadline itself is enforced by `CancellableDataTask`: Foundation on Linux
                // treats a timeout under one second as zero. This is only a backstop.
                urlRequest.timeoutInterval = max(1, timeout.rounded(.up)) + 1
            }
            for field in request.headers {
                urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
            }
            return urlRequest
        }

        static func result(
            for url: URL,
            _ data: Data?,
            _ response: URLResponse?,
            _ error: (any Error)?
        ) -> Result<HTTPResponse, TransportError> {
            if let error {
                return .failure(transportError(for: url, error))
            }
            guard let http = response as? HTTPURLResponse else {
                return .failure(.connectionFailed(url, description: "the response was not HTTP"))
            }
            var headers = HTTPHeaders()
            for (name, value) in http.allHeaderFields {
                headers.add(name: "\(name)", value: "\(value)")
            }
            return .success(
                HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data(), url: http.url ?? url))
        }

        static func transportError(for url: URL, _ error: any Error) -> TransportError {
            guard let urlError = error as? URLError else {
                return .connectionFailed(url, description: "\(error)")
            }
            switch urlError.code {
            case .timedOut:
                return .timedOut(url)
            case .cancelled, .userCancelledAuthentication:
                return .cancelled(url)
            case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                .serverCertificateHasUnknownRoot, .clientCertificateRejected, .secureConnectionFailed:
                return .untrustedServer(url)
            case .badURL, .unsupportedURL:
                return .invalidRequest(url, description: urlError.localizedDescription)
            default:
                return .connectionFailed(url, description: urlError.localizedDescription)
            }
        }
    }
}

/// Holds a data task so that a cancellation arriving before, during or after `start` cancels it,
/// and enforces the request's deadline to the millisecond.
private final class CancellableDataTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false
    private var didTimeOut = false

    /// Whether the task was cancelled because its deadline passed.
    var timedOut: Bool { lock.withLock { didTimeOut } }

    func start(_ task: URLSessionDataTask, deadline: TimeInterval?) {
        lock.lock()
        self.task = task
        let cancelled = isCancelled
        lock.unlock()
        if cancelled { task.cancel() }
        if let deadline {
            DispatchQueue.global().asyncAfter(deadline: .now() + deadline) { [weak self] in
                self?.timeOut()
            }
        }
        task.resume()
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    private func timeOut() {
        lock.lock()
        let task = self.task
        let running = task?.state == .running
        if running { didTimeOut = true }
        lock.unlock()
        if running { task?.cancel() }
    }
}
