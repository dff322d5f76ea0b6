import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Outermost: gives each request its ``RequestID`` and writes one log line when it is answered —
/// request id, method, the route's pattern (never the path itself: paths carry payer references
/// and payment tokens), status and duration. Headers, queries and bodies are never logged. The
/// line goes to the application's logger, so its level (`--log-level`) decides.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = BackendRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let id = RequestID.accepted(request.headers[HTTPField.Name(RequestID.header)!]) ?? RequestID.make()
        // The caller's trace when it sent a valid traceparent; a new one otherwise. The request's
        // own span gets a new id either way: the caller's span is its parent.
        let trace = TraceParent.parse(request.headers[Self.traceParent])?.child() ?? TraceParent.start()
        var context = context
        context.requestID = id
        // One id per request in every line: ours replaces Hummingbird's own. Only where lines
        // are written: a logger that writes no error (a benchmark's) skips the copies.
        if context.logger.logLevel <= .error {
            context.logger[metadataKey: "hb.request.id"] = nil
            context.logger[metadataKey: "request_id"] = .string(id)
            context.logger[metadataKey: "trace_id"] = .string(trace.traceID)
        }
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await RequestIdentity.$current.withValue(RequestIdentity(requestID: id, trace: trace)) {
                try await next(request, context)
            }
        } catch {
            // Only what the problem middleware let through (a cancelled request): logged as 500.
            log(request, context: context, status: 500, since: start, id: id, trace: trace)
            throw error
        }
        response.headers[HTTPField.Name(RequestID.header)!] = id
        log(request, context: context, status: Int(response.status.code), since: start, id: id, trace: trace)
        return response
    }

    private static let traceParent = HTTPField.Name("traceparent")!

    private func log(
        _ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant, id: String,
        trace: TraceParent
    ) {
        let elapsed = ContinuousClock.now - start
        let milliseconds =
            Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info(
            "request",
            metadata: [
                "request_id": .string(id),
                "trace_id": .string(trace.traceID),
                "method": .string(request.method.rawValue),
                "route": .string(context.endpointPath ?? "NotFound"),
                "status": .stringConvertible(status),
                "duration_ms": .string(String(format: "%.1f", milliseconds)),
            ])
    }
}
