/// The names the backend's metrics are exported under, by Prometheus' conventions: one prefix
/// (`merchant_backend_`), counters ending in `_total`, durations in seconds ending in `_seconds`.
/// The backend's own metrics are made with these names already; Hummingbird's request metrics
/// (`hb.requests`, …) and any other library's get theirs here, where the exporter names them.
public enum MetricNames {
    public static let prefix = "merchant_backend_"
    /// Rows written by one group-commit statement: a histogram with buckets of its own.
    public static let commitBatchRows = prefix + "database_commit_batch_rows"
    /// A gauge of 1 whose labels say which build runs (`version`, `configuration`).
    public static let buildInfo = prefix + "build_info"

    /// The exported name of a swift-metrics label.
    public static func exported(_ label: String) -> String {
        if let known = libraries[label] { return known }
        let name = String(label.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return name.hasPrefix(prefix) ? name : prefix + name
    }

    /// Hummingbird's `MetricsMiddleware`: requests and errors counted, durations in seconds.
    static let libraries: [String: String] = [
        "hb.requests": prefix + "http_requests_total",
        "hb.request.errors": prefix + "http_request_errors_total",
        "http.server.request.duration": prefix + "http_request_duration_seconds",
        "http.server.active_requests": prefix + "http_active_requests",
    ]
}
