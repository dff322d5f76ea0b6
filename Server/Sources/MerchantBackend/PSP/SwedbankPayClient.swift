import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ServerSupport
import SwedbankPaySDK
import Tracing

/// Calls the Swedbank Pay API with the merchant token, within the configured deadline, and turns
/// every way a call can fail into the problem the app should get:
///
/// - no answer within ``BackendConfiguration/swedbankPayTimeout`` → 504 `mobilesdk/gatewaytimeout`;
/// - no connection, or the connection broke → 502 `mobilesdk/badgateway` without `gatewayStatus`;
/// - an answer that is not a JSON object → 502 `mobilesdk/badgateway` with `gatewayStatus` and `body`;
/// - a JSON error answer (a Swedbank Pay problem) → passed through with its status.
///
/// The merchant token is only ever sent to ``BackendConfiguration/swedbankPayBaseURL``'s origin:
/// ``send(_:_:body:)`` refuses any other URL before a byte leaves.
struct SwedbankPayClient: Sendable {
    let http: HTTPClient
    let origin: String
    let token: Secret
    let timeout: TimeInterval
    let maxResponseBytes: Int
    let userAgent: String
    /// How many calls may be in flight and waiting.
    let limiter: CallLimiter
    /// Where each call's client span goes; nil records none.
    let tracer: (any Tracer)?
    /// `origin`'s parts, parsed once, for ``isOnOrigin(_:)``.
    private let originParts: OriginParts?

    private struct OriginParts: Sendable, Equatable {
        var scheme: String?
        var host: String?
        var port: Int?

        init?(_ url: URL?) {
            guard let url else { return nil }
            scheme = url.scheme?.lowercased()
            host = url.host?.lowercased()
            port = url.port ?? (scheme == "https" ? 443 : 80)
        }
    }

    init(http: HTTPClient, configuration: BackendConfiguration, tracer: (any Tracer)? = nil) {
        self.http = http
        self.tracer = tracer
        origin = configuration.swedbankPayOrigin
        token = configuration.merchantToken
        timeout = configuration.swedbankPayTimeout
        maxResponseBytes = configuration.maxSwedbankPayResponseBytes
        userAgent = "SwedbankPaySwift-MerchantBackend/\(SwedbankPaySDK.VersionReporter.currentVersion)"
        originParts = OriginParts(URL(string: origin))
        limiter = CallLimiter(
            maxInFlight: configuration.maxSwedbankPayCallsInFlight, maxQueued: configuration.maxSwedbankPayCallsQueued)
    }

    /// A successful answer: status 2xx and a JSON object.
    struct Answer: Sendable {
        var status: Int
        var object: SwedbankPaySDK.JSONObject
        /// The body as received, for passing on unchanged without serializing `object` again.
        var body: Data
    }

    /// The absolute URL of an API path such as `/psp/paymentorders`.
    func url(_ path: String) -> String { origin + path }

    /// Whether `href` is on the Swedbank Pay origin (same scheme, host and port), so the merchant
    /// token may be sent there. A path with a `.` or `..` segment, spelled plainly or
    /// percent-encoded, is refused too: wherever it came from, it could resolve to another
    /// resource than the one checked.
    func isOnOrigin(_ href: String) -> Bool {
        guard let url = URL(string: href), let originParts, OriginParts(url) == originParts,
            url.user == nil, url.password == nil
        else { return false }
        let path = url.path
        return path.hasPrefix("/") && !path.split(separator: "/").contains { $0 == "." || $0 == ".." }
    }

    func send(_ method: HTTPMethod, _ href: String, body: SwedbankPaySDK.JSONValue? = nil) async throws(BackendProblem)
        -> Answer
    {
        try await send(method, href, json: body?.serialized())
    }

    /// ``send(_:_:body:)`` with a body that is JSON text already.
    func send(_ method: HTTPMethod, _ href: String, json body: Data?) async throws(BackendProblem) -> Answer {
        guard isOnOrigin(href) else {
            throw .badRequest(
                "The href is not a Swedbank Pay URL this backend may call.",
                problems: [("href", "Not on the Swedbank Pay host.")])
        }
        var request = HTTPClientRequest(url: href)
        request.method = method
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Authorization", value: "Bearer " + token.value)
        request.headers.add(name: "User-Agent", value: userAgent)
        let identity = RequestIdentity.current
        if let identity { request.headers.add(name: RequestID.header, value: identity.requestID) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        // One deadline for waiting for a slot and for the call itself.
        let deadline = NIODeadline.now() + .milliseconds(Int64(timeout * 1_000))
        // Metrics and spans name the call by its operation, never by its ids (``SwedbankPayOperation``).
        let operation =
            BackendMetrics.enabled || tracer != nil
            ? SwedbankPayOperation.name(
                method: method.rawValue, path: href.hasPrefix(origin) ? String(href.dropFirst(origin.count)) : href)
            : nil
        let measured = BackendMetrics.enabled ? operation : nil
        guard let tracer, let operation else {
            // Each call is a span of its own in the request's trace, even when none is recorded.
            if let identity { request.headers.add(name: "traceparent", value: identity.trace.child().header) }
            return try await call(request, deadline: deadline, operation: measured, span: nil)
        }
        let span = CallSpan.start(operation, method: method.rawValue, in: tracer)
        tracer.inject(span.span.context, into: &request.headers, using: CallHeaderInjector())
        do {
            let answer = try await call(request, deadline: deadline, operation: measured, span: span)
            span.end()
            return answer
        } catch {
            span.end(problem: error)
            throw error
        }
    }

    /// Sends `request` under the call limit and interprets the answer; with an `operation`, records
    /// how long the call took and how it ended, and with a `span`, the status Swedbank Pay answered.
    private func call(
        _ request: HTTPClientRequest, deadline: NIODeadline, operation: String?, span: CallSpan?
    ) async throws(BackendProblem) -> Answer {
        let start = ContinuousClock.now
        let received: (status: Int, contentType: String?, data: Data)
        do {
            received = try await limiter.run(deadline: deadline) {
                () async throws(BackendProblem) -> (Int, String?, Data) in
                do {
                    let response = try await http.execute(request, deadline: deadline)
                    return (
                        Int(response.status.code), response.headers.first(name: "Content-Type"),
                        Data(buffer: try await response.body.collect(upTo: maxResponseBytes))
                    )
                } catch let error as NIOTooManyBytesError {
                    _ = error
                    throw .invalidResponse(
                        "Swedbank Pay answered with more than \(maxResponseBytes) bytes.", gatewayStatus: 200, body: "")
                } catch {
                    throw Self.problem(for: error, timeout: timeout)
                }
            }
        } catch {
            if let operation {
                record(operation, outcome: SwedbankPayOperation.outcome(status: nil, problem: error), start)
            }
            throw error
        }
        if let operation {
            record(operation, outcome: SwedbankPayOperation.outcome(status: received.status, problem: nil), start)
        }
        span?.answered(status: received.status)
        return try Self.interpret(status: received.status, contentType: received.contentType, data: received.data)
    }

    private func record(_ operation: String, outcome: String, _ start: ContinuousClock.Instant) {
        let (inFlight, queued) = limiter.load
        BackendMetrics.callsInFlight.record(inFlight)
        BackendMetrics.callsQueued.record(queued)
        BackendMetrics.swedbankPayCall(operation: operation, outcome: outcome, duration: ContinuousClock.now - start)
    }

    /// What a failure to get an answer means for the app.
    static func problem(for error: any Error, timeout: TimeInterval) -> BackendProblem {
        if let error = error as? HTTPClientError,
            [.deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout].contains(error)
        {
            return .gatewayTimeout("Swedbank Pay did not answer within \(Self.seconds(timeout)) seconds.")
        }
        if error is CancellationError {
            return .gatewayTimeout("The call to Swedbank Pay was cancelled.")
        }
        return .connectionFailure("Swedbank Pay could not be reached.")
    }

    /// The answer's meaning: a JSON object on 2xx, a passed-through problem on a JSON error, an
    /// invalid-response problem otherwise.
    static func interpret(status: Int, contentType: String?, data: Data) throws(BackendProblem) -> Answer {
        let mime = contentType.map(MediaType.of)
        let isJSON = mime == "application/json" || mime == "application/problem+json"
        let parsed = isJSON ? try? SwedbankPaySDK.JSONValue(parsing: data, maxDepth: 64) : nil
        guard case .object(let object)? = parsed else {
            throw .invalidResponse(
                "Swedbank Pay answered \(status) with a body that is not a JSON object.", gatewayStatus: status,
                body: String(decoding: data.prefix(4_096), as: UTF8.self))
        }
        if (200..<300).contains(status) { return Answer(status: status, object: object, body: data) }
        guard (400..<600).contains(status) else {
            throw .invalidResponse(
                "Swedbank Pay answered with status \(status).", gatewayStatus: status,
                body: String(decoding: data.prefix(4_096), as: UTF8.self))
        }
        throw .forwarded(status: status, document: object)
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension BackendProblem {
    /// A Swedbank Pay problem, passed to the app unchanged but for a missing `status`.
    static func forwarded(status: Int, document: SwedbankPaySDK.JSONObject) -> BackendProblem {
        var extra = document
        let type = extra.removeValue(forKey: "type").flatMap { $0.stringValue } ?? URI.aboutBlank
        let title =
            extra.removeValue(forKey: "title").flatMap { $0.stringValue }
            ?? HTTPResponseStatus(statusCode: status).reasonPhrase
        let detail = extra.removeValue(forKey: "detail").flatMap { $0.stringValue }
        extra.removeValue(forKey: "status")
        return BackendProblem(type: type, title: title, status: status, detail: detail, extra: extra)
    }
}
