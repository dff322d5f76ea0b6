import AsyncHTTPClient
import HTTPTypes
import NIOHTTP1
import Tracing

/// Reads trace headers (`traceparent`, `tracestate`) from a request the backend received.
struct RequestHeaderExtractor: Extractor {
    func extract(key: String, from carrier: HTTPFields) -> String? {
        HTTPField.Name(key).flatMap { carrier[$0] }
    }
}

/// Writes trace headers into a call the backend makes to Swedbank Pay.
struct CallHeaderInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout HTTPHeaders) {
        carrier.replaceOrAdd(name: key, value: value)
    }
}

/// Collects what a tracer would send, to learn a span's ids without knowing the tracer's types.
struct HeaderDictionaryInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
        carrier[key] = value
    }
}

extension TraceParent {
    /// The `traceparent` a tracer gives `context` (a span's): the ids logs show and calls carry.
    /// Nil when the tracer does not speak W3C Trace Context (it propagates other headers).
    static func of(_ context: ServiceContext, in tracer: any Tracer) -> TraceParent? {
        var headers: [String: String] = [:]
        tracer.inject(context, into: &headers, using: HeaderDictionaryInjector())
        return parse(headers["traceparent"])
    }
}
