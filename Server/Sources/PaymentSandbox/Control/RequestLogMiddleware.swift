#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import HTTPTypes
import Hummingbird
import ServerSupport

/// Records every request outside the control API in the request log: method, path, query, status,
/// start and duration, the fault that applied, the warnings the route noted and the caller's
/// `X-Request-Id` and `traceparent`. It sits outermost so the duration covers
/// injected delays and the status is the one the client gets.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = SandboxRequestContext

    let log: BoundedLog<RequestLogEntry>
    let time: SandboxTime

    private static let requestIDHeader = HTTPField.Name("X-Request-Id")!
    private static let traceParentHeader = HTTPField.Name("traceparent")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        // The control API is how tests read the log; logging it would make every read change it.
        guard !FaultRule.isControlPath(path), !HealthRoutes.paths.contains(path) else {
            return try await next(request, context)
        }
        let started = time.date
        // Kept as given but bounded: the log is for people, and a header can be 8 KB.
        let requestID = request.headers.value(Self.requestIDHeader).map { String($0.prefix(128)) }
        let traceParent = request.headers.value(Self.traceParentHeader).map { String($0.prefix(128)) }
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            let fault = response.headers.value(FaultHeader.name).flatMap(FaultHeader.parse)
            // A reset or hang sends nothing, so there is no status to record.
            let answered = fault.map { $0.kind != "reset" && $0.kind != "hang" } ?? true
            await log.append(
                RequestLogEntry(
                    method: request.method.rawValue, path: path, query: request.uri.query,
                    status: answered ? Int(response.status.code) : nil, started: started,
                    durationMs: Self.milliseconds(since: start), fault: fault, warnings: context.notes.warnings,
                    requestID: requestID, traceParent: traceParent))
            return response
        } catch {
            // Only errors the problem middleware let through land here; the server answers 500.
            await log.append(
                RequestLogEntry(
                    method: request.method.rawValue, path: path, query: request.uri.query, status: 500,
                    started: started, durationMs: Self.milliseconds(since: start), fault: nil,
                    warnings: context.notes.warnings, requestID: requestID, traceParent: traceParent))
            throw error
        }
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
#endif
