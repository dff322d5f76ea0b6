import CoreMetrics
import Hummingbird
import Logging
import MerchantBackend
import Prometheus
import ServerSupport

/// `GET /metrics` in Prometheus' text format, on a port of its own (`--metrics-port`), so the
/// metrics are never on the address apps and Swedbank Pay reach. Setting it up makes swift-metrics
/// record into its registry: call ``start(host:port:)`` before the backend is made.
enum MetricsEndpoint {
    /// The buckets of the histograms whose values are not durations.
    static let valueBuckets: [String: [Double]] = [MetricNames.commitBatchRows: [1, 2, 4, 8, 16, 32, 64]]

    /// The endpoint on `host:port`, its connections bounded like the servers' (`connections`:
    /// header and idle timeouts, a connection limit), so a scraper's port is no way around them.
    static func start(host: String, port: Int, connections: ConnectionLimits) -> some ApplicationProtocol {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.valueHistogramBuckets = valueBuckets
        // Every name by Prometheus' conventions under one prefix (``MetricNames``).
        factory.nameAndLabelSanitizer = { label, dimensions in (MetricNames.exported(label), dimensions) }
        MetricsSystem.bootstrap(factory)
        // Which build runs, as the one-valued gauge dashboards join on.
        Gauge(label: MetricNames.buildInfo, dimensions: BuildInfo.labels).record(1)
        let router = Router()
        router.add(middleware: ProblemMiddleware(PlainProblem.self))
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        let served = ServerConnections(limits: connections)
        return Application(
            router: router, server: served.http1(problems: PlainProblem.self),
            configuration: .init(
                address: .hostname(host, port: port), serverName: "metrics",
                availableConnectionsDelegate: served.acceptance),
            onServerRunning: { channel in
                Console.line("Metrics on http://\(host):\(channel.localAddress?.port ?? port)/metrics")
            },
            logger: Logger(label: "swedbankpay.metrics"))
    }
}
