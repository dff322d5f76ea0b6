import Foundation
import OTel
import ServiceLifecycle
import Tracing

/// Spans exported over OTLP/HTTP to an OpenTelemetry collector (`--otlp-endpoint`): the tracer a
/// ``MerchantBackend`` is given and the service that batches and sends its spans, which must run
/// alongside the backend (it sends a batch every few seconds and the rest when it stops).
/// OpenTelemetry's own `OTEL_*` variables (service name, headers, sampler, batch sizes) apply on
/// top of these settings.
public struct SpanExport: Sendable {
    public let tracer: any Tracer
    public let service: any Service

    /// A setting that cannot be used, said as the command line says it.
    public struct SettingError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The `service.name` of the exported spans unless `OTEL_SERVICE_NAME` says otherwise.
    public static let serviceName = "swedbankpay-backend"

    /// An exporter to the collector at `endpoint` (its base URL: `/v1/traces` is added), sending
    /// OTLP's `http/protobuf`; `batchDelay` is how long spans may wait to be sent together
    /// (OpenTelemetry's default, 5 seconds, when nil).
    ///
    /// Not `http/json`: swift-otel 1.6.0 writes span and trace ids in it as base64, the Protobuf
    /// JSON mapping, where OTLP says hex — and the OpenTelemetry Collector refuses those ids.
    public static func start(endpoint: String, batchDelay: Duration? = nil) throws(SettingError) -> SpanExport {
        guard let url = URL(string: endpoint), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil
        else { throw SettingError(description: "--otlp-endpoint must be an http or https URL, not \(endpoint)") }
        var configuration = OTel.Configuration.default
        configuration.serviceName = serviceName
        configuration.traces.exporter = .otlp
        // The base URL, as OTEL_EXPORTER_OTLP_ENDPOINT is: the traces path goes after it.
        configuration.traces.otlpExporter.endpoint =
            endpoint.hasSuffix("/") ? endpoint + "v1/traces" : endpoint + "/v1/traces"
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        if let batchDelay { configuration.traces.batchSpanProcessor.scheduleDelay = batchDelay }
        // Spans only: the backend's metrics are Prometheus's (--metrics-port), its logs standard error's.
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        do {
            let backend = try OTel.makeTracingBackend(configuration: configuration)
            return SpanExport(tracer: backend.factory, service: backend.service)
        } catch {
            throw SettingError(description: "cannot export spans to \(endpoint): \(error)")
        }
    }
}
