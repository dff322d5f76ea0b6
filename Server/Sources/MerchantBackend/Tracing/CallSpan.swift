import Tracing

/// The client span of one call to Swedbank Pay, a child of the request's span when there is one.
/// Named by the operation (``SwedbankPayOperation``, ids replaced by `{id}`); the URL, headers
/// and bodies, which carry ids and the merchant token, are never recorded.
struct CallSpan {
    let span: any Span

    static func start(_ operation: String, method: String, in tracer: any Tracer) -> CallSpan {
        let span = tracer.startSpan(operation, context: ServiceContext.current ?? .topLevel, ofKind: .client)
        span.attributes["http.request.method"] = method
        span.attributes["url.template"] = String(operation.dropFirst(method.count + 1))
        return CallSpan(span: span)
    }

    /// Swedbank Pay answered with `status` (whatever the body turns out to be).
    func answered(status: Int) {
        span.attributes["http.response.status_code"] = status
    }

    /// The call ended with an answer the backend uses. A 4xx or 5xx ends in ``end(problem:)``.
    func end() {
        span.end()
    }

    /// The call ended with `problem`: Swedbank Pay's own (passed on), or no usable answer at all
    /// (a timeout, no connection, a body that is not JSON). The problem's type is the error type.
    func end(problem: BackendProblem) {
        span.attributes["error.type"] = problem.type
        span.setStatus(SpanStatus(code: .error))
        span.end()
    }
}
