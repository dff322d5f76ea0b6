import HTTPTypes
import Hummingbird
import Tracing

/// The server span of one request to the backend. Attributes follow OpenTelemetry's HTTP
/// conventions but name the route's pattern only (`http.route`): never the path, query, headers
/// or body, which carry payer references, tokens and card data.
struct RequestSpan {
    let span: any Span
    /// The span's ids as W3C Trace Context, when the tracer speaks it.
    let trace: TraceParent?

    static func start(for request: Request, route: String?, in tracer: any Tracer) -> RequestSpan {
        var parent = ServiceContext.topLevel
        tracer.extract(request.headers, into: &parent, using: RequestHeaderExtractor())
        let method = request.method.rawValue
        let span = tracer.startSpan("\(method) \(route ?? "NotFound")", context: parent, ofKind: .server)
        span.attributes["http.request.method"] = method
        if let route { span.attributes["http.route"] = route }
        return RequestSpan(span: span, trace: TraceParent.of(span.context, in: tracer))
    }

    /// Ends the span with the answer's status; a 5xx marks it failed, as the conventions say for
    /// servers (a 4xx is the client's error, not the server's).
    func end(status: Int) {
        span.attributes["http.response.status_code"] = status
        if status >= 500 { span.setStatus(SpanStatus(code: .error)) }
        span.end()
    }

    /// Ends the span of a request that threw (cancelled or lost before an answer was made).
    func end(error: any Error) {
        span.recordError(error)
        span.setStatus(SpanStatus(code: .error))
        span.end()
    }
}
