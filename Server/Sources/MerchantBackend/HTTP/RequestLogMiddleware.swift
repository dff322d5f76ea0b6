import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServerSupport
import Tracing

/// Outermost: gives each request its ``RequestID`` and writes one log line when it is answered —
/// request id, method, the route's pattern (never the path itself: paths carry payer references
/// and payment tokens), status and duration. Headers, queries and bodies are never logged. The
/// line goes to the application's logger, so its level (`--log-level`) decides.
///
/// With a tracer, each request is also a server span named by its method and route pattern, in
/// the caller's trace when it sent one; the span's ids are the ones the log line shows and the
/// calls to Swedbank Pay carry (``RequestSpan``). Not Hummingbird's tracing middleware: that
/// one records the path and query, which here hold payer references and tokens, and reads the
/// process-wide tracer, where this backend's tracer is injected like its clock.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = BackendRequestContext

    /// Where spans go; nil records none (the trace ids are still made and passed on).
    let tracer: (any Tracer)?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let tracer else { return try await handle(request, context: context, span: nil, next: next) }
        let span = RequestSpan.start(for: request, route: context.endpointPath, in: tracer)
        return try await ServiceContext.$current.withValue(span.span.context) {
            do {
                let response = try await handle(request, context: context, span: span, next: next)
                span.end(status: Int(response.status.code))
                return response
            } catch {
                span.end(error: error)
                throw error
            }
        }
    }

    private func handle(
        _ request: Request, context: Context, span: RequestSpan?, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let id = RequestID.accepted(request.headers.value(Self.requestID)) ?? RequestID.make()
        // The span's ids when there is one. Else the caller's trace when it sent a valid
        // traceparent, a new one otherwise; the request's own span id is new either way.
        let trace =
            span?.trace ?? TraceParent.parse(request.headers.value(Self.traceParent))?.child() ?? TraceParent.start()
        span?.span.attributes["request.id"] = id
        var context = context
        context.requestID = id
        // One id per request in every line: ours replaces Hummingbird's own. Only where lines
        // are written: a logger that writes no error (a benchmark's) skips the copies.
        if context.logger.logLevel <= .error {
            context.logger[metadataKey: "hb.request.id"] = nil
            context.logger[metadataKey: "request_id"] = .string(id)
            context.logger[metadataKey: "trace_id"] = .string(trace.traceID)
            context.logger[metadataKey: "span_id"] = .string(trace.parentID)
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
        response.headers[Self.requestID] = id
        log(request, context: context, status: Int(response.status.code), since: start, id: id, trace: trace)
        return response
    }

    private static let traceParent = HTTPField.Name("traceparent")!
    private static let requestID = HTTPField.Name(RequestID.header)!

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
                // The request's own span (its id in `traceparent` towards Swedbank Pay).
                "span_id": .string(trace.parentID),
                "method": .string(request.method.rawValue),
                "route": .string(LoggedRoute.name(context.endpointPath)),
                "status": .stringConvertible(status),
                // Tenths of a millisecond, a number in JSON lines.
                "duration_ms": .stringConvertible((milliseconds * 10).rounded() / 10),
            ])
    }
}
