import CoreMetrics
import NIOConcurrencyHelpers

/// The backend's own metrics, through swift-metrics: `swedbankpay backend --metrics-port` exports
/// them (with Hummingbird's per-route request metrics) in Prometheus' text format. swift-metrics is
/// one system per process, set up once at start; until then — and in tests that never set it
/// up — every metric here is a no-op and ``enabled`` is false, so nothing is computed for them.
enum BackendMetrics {
    /// Whether a metrics system was set up before the first use.
    static let enabled = !(MetricsSystem.factory is NOOPMetricsHandler)

    static let callsInFlight = Gauge(label: "merchant_backend_swedbankpay_calls_in_flight")
    static let callsQueued = Gauge(label: "merchant_backend_swedbankpay_calls_queued")
    static let commitBatchSize = Recorder(label: MetricNames.commitBatchRows, dimensions: [], aggregate: true)
    private static let commitDurations = Cache<String, Timer> { statement in
        Timer(
            label: "merchant_backend_database_commit_duration_seconds", dimensions: [("statement", statement)],
            preferredDisplayUnit: .seconds)
    }
    private static let callDurations = Cache<[String], Timer> { key in
        Timer(
            label: "merchant_backend_swedbankpay_call_duration_seconds",
            dimensions: [("operation", key[0]), ("outcome", key[1])],
            preferredDisplayUnit: .seconds)
    }
    private static let creations = Cache<String, Counter> { outcome in
        Counter(label: "merchant_backend_order_creations_total", dimensions: [("outcome", outcome)])
    }
    private static let callbacks = Cache<String, Counter> { outcome in
        Counter(label: "merchant_backend_callbacks_total", dimensions: [("outcome", outcome)])
    }
    private static let statuses = Cache<String, Counter> { status in
        Counter(label: "merchant_backend_order_statuses_recorded_total", dimensions: [("status", status)])
    }

    /// A call to Swedbank Pay ended after `duration`.
    static func swedbankPayCall(operation: String, outcome: String, duration: Duration) {
        callDurations[[operation, outcome]].recordNanoseconds(duration.nanoseconds)
    }

    /// One statement of group commit wrote `size` rows in `duration`.
    static func commit(statement: String, size: Int, duration: Duration) {
        commitBatchSize.record(size)
        commitDurations[statement].recordNanoseconds(duration.nanoseconds)
    }

    /// An order creation ended: `created`, `rejected` (Swedbank Pay refused it) or `failed`.
    static func orderCreation(_ outcome: String) { creations[outcome].increment() }

    /// A well-formed callback was answered: `recorded` for an order of this backend, `early` kept
    /// for an id that is no order yet, `dropped` when too many such ids already wait (a flood of
    /// forged ids shows here rather than as a log line each).
    static func callback(_ outcome: String) { callbacks[outcome].increment() }

    /// A status read from Swedbank Pay was recorded for an order. Only the statuses Swedbank Pay
    /// documents become labels; anything else counts as `other`.
    static func statusRecorded(_ status: OrderStatus) {
        switch status {
        case .documented(let status): statuses[status.rawValue].increment()
        case .other: statuses["other"].increment()
        }
    }

    /// Metric handles by label values, made once each (making one takes the metrics system's lock).
    private final class Cache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
        private let values = NIOLockedValueBox<[Key: Value]>([:])
        private let make: @Sendable (Key) -> Value

        init(_ make: @escaping @Sendable (Key) -> Value) { self.make = make }

        subscript(key: Key) -> Value {
            values.withLockedValue { values in
                if let value = values[key] { return value }
                let value = make(key)
                values[key] = value
                return value
            }
        }
    }
}

extension Duration {
    /// The whole nanoseconds of this duration.
    fileprivate var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
