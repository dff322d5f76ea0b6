import Foundation

/// Sending session requests: headers, body, retries inside the window, reading the answer.
extension PaymentSessionRunner {
    enum Outcome: Sendable {
        case model(SessionModel)
        /// A 2xx answer to acknowledge-failed-attempt (not a model).
        case acknowledged
        case failure(SwedbankPaySDK.PaymentSessionAPIError)
        /// The task was cancelled (re-fetch, abort, shutdown): nothing to report.
        case cancelled
    }

    /// Sends `request` and feeds its answer to the engine, unless the session was replaced.
    func execute(_ request: SessionRequest, generation: Int) async {
        let outcome = await send(request)
        guard generation == self.generation, !Task.isCancelled else { return }
        switch outcome {
        case .model(let model):
            eventLog.use(model)
            flushLog()
            handle(.response(model, to: request))
        case .failure(let error):
            handle(.failure(error, of: request))
        case .acknowledged, .cancelled:
            break
        }
    }

    /// One logical request: tries again after a transport error or a 5xx while the retry window
    /// (measured from the first try) is open, waiting `retryDelay` between tries.
    func send(_ request: SessionRequest) async -> Outcome {
        guard let url = URL(string: request.href), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http"
        else { return .failure(.invalidURL(request.href)) }
        let policy = environment.retryPolicy
        let clock = environment.clock
        let window = request.isLong ? policy.longWindow : policy.window
        let started = clock.now
        while true {
            let body = request.body.json(device: environment.device)?.serialized()
            var headers: SwedbankPaySDK.HTTPHeaders = [
                "Accept": "application/json", "User-Agent": environment.device.userAgent,
            ]
            if body != nil { headers.add(name: "Content-Type", value: "application/json") }
            let httpRequest = SwedbankPaySDK.HTTPRequest(
                method: request.method, url: url, headers: headers, body: body,
                timeout: request.isLong ? policy.longTimeout : policy.timeout)
            let tried = clock.now
            let retryable: SwedbankPaySDK.PaymentSessionAPIError
            do {
                let response = try await environment.httpClient.send(httpRequest)
                log(eventLog.httpRequest(request, status: response.status, seconds: clock.now - tried, error: nil))
                guard (500...599).contains(response.status) else { return read(response, for: request) }
                retryable = .serverError(status: response.status, problem: Self.problem(in: response.body))
            } catch {
                if case .cancelled = error { return .cancelled }
                log(eventLog.httpRequest(request, status: nil, seconds: clock.now - tried, error: error))
                retryable = .transport(error)
            }
            guard request.autoRetry, clock.now - started < window else { return .failure(retryable) }
            do {
                try await clock.sleep(seconds: policy.retryDelay)
            } catch {
                return .cancelled
            }
        }
    }

    private func read(_ response: SwedbankPaySDK.HTTPResponse, for request: SessionRequest) -> Outcome {
        guard (200...299).contains(response.status) else {
            return .failure(.clientError(status: response.status, problem: Self.problem(in: response.body)))
        }
        if request.purpose == .acknowledge { return .acknowledged }
        if response.body.isEmpty { return .failure(.invalidResponse(status: response.status, reason: "empty body")) }
        guard let json = try? SwedbankPaySDK.JSONValue(parsing: response.body) else {
            return .failure(.invalidResponse(status: response.status, reason: "not JSON"))
        }
        guard let model = SessionModel(json: json) else {
            return .failure(.invalidResponse(status: response.status, reason: "no paymentSession object"))
        }
        return .model(model)
    }

    private static func problem(in body: Data) -> SwedbankPaySDK.ProblemDetails? {
        (try? SwedbankPaySDK.JSONValue(parsing: body)).flatMap(SwedbankPaySDK.ProblemDetails.init(json:))
    }

    // MARK: Event log

    /// Queues a beacon and sends what is queued; with the event log off
    /// (``SwedbankPaySDK/PaymentSessionEnvironment/sendsEventLog``) the beacon is dropped.
    func log(_ beacon: SwedbankPaySDK.JSONValue) {
        if let logger = environment.debugLogger {
            let object = beacon.objectValue
            let action = object?["event"]?.objectValue?["action"]?.stringValue ?? "?"
            let name = object?["method"]?.objectValue?["name"]?.stringValue.map { " " + $0 } ?? ""
            logger("beacon \(action)\(name)")
        }
        guard environment.sendsEventLog else { return }
        eventLog.enqueue(beacon)
        flushLog()
    }

    /// Sends every queued beacon to the session's `event-logging` href, if known; a beacon that
    /// fails goes back to the queue for the next flush.
    func flushLog() {
        guard let endpoint = eventLog.endpoint else { return }
        let beacons = eventLog.takeQueued()
        let client = environment.httpClient
        let userAgent = environment.device.userAgent
        for beacon in beacons {
            Task { [weak self] in
                let request = SwedbankPaySDK.HTTPRequest(
                    method: "POST", url: endpoint,
                    headers: [
                        "Accept": "application/json", "Content-Type": "application/json", "User-Agent": userAgent,
                    ],
                    body: beacon.serialized(), timeout: 60)
                let sent = (try? await client.send(request)).map { (200...299).contains($0.status) } ?? false
                if !sent { await self?.requeue(beacon, endpoint: endpoint) }
            }
        }
    }

    private func requeue(_ beacon: SwedbankPaySDK.JSONValue, endpoint: URL) {
        // A beacon of an earlier session is not sent to this one's log.
        guard eventLog.endpoint == endpoint else { return }
        eventLog.enqueue(beacon)
    }
}
