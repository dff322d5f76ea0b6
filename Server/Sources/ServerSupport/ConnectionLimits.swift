#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// How long a server waits for its clients, and how many connections it holds open: what keeps a
/// client that opens connections and sends nothing, or half a request, from taking the server's
/// file descriptors away from everyone else (docs/security.md, "Slow and broken HTTP").
///
/// Both servers take one (`MerchantBackend.application`, `PaymentSandbox.application`); the
/// command line sets it with `--header-timeout`, `--idle-timeout` and `--max-connections`.
public struct ConnectionLimits: Sendable, Equatable {
    /// The longest a request's head (request line and headers) may take to arrive, counted from
    /// its first byte. A client still sending its head then is disconnected without an answer.
    public var headerTimeout: Duration
    /// The longest a connection may wait for its client: for the next request's first byte (a
    /// new connection, or one kept alive after an answer), or for the rest of a request's body,
    /// counted from its head. Longer than the 60 s an HTTP client pool keeps connections idle
    /// (the backend's own is 60 s), so a pooled connection is closed by its client first.
    public var idleTimeout: Duration
    /// Connections held open at once. A new connection beyond it takes the place of the one that
    /// has waited longest for its client (no request in progress, or a head still arriving); when
    /// every connection is serving a request, new ones wait in the listen queue.
    public var maxConnections: Int

    public static let defaultHeaderTimeout: Duration = .seconds(10)
    public static let defaultIdleTimeout: Duration = .seconds(75)
    public static let defaultMaxConnections = 4_096
    /// The allowed ``headerTimeout``.
    public static let headerTimeoutRange: ClosedRange<Duration> = .milliseconds(1)...Duration.seconds(3_600)
    /// The allowed ``idleTimeout``.
    public static let idleTimeoutRange: ClosedRange<Duration> = .milliseconds(1)...Duration.seconds(86_400)
    /// The allowed ``maxConnections``.
    public static let maxConnectionsRange = 1...1_000_000
    /// File descriptors a process keeps out of its servers' connection limits, for everything
    /// else it opens: the database, calls to Swedbank Pay, metrics, its own files.
    public static let reservedDescriptors = 256
    /// The largest request head (request line and header fields together, and any one field) a
    /// server reads; a larger one is a 431 problem.
    public static let maxHeadBytes = 80 * 1_024
    /// The most header fields a request head may have; more is a 431 problem.
    public static let maxHeaderFields = 1_000

    public init(
        headerTimeout: Duration = ConnectionLimits.defaultHeaderTimeout,
        idleTimeout: Duration = ConnectionLimits.defaultIdleTimeout,
        maxConnections: Int = ConnectionLimits.defaultMaxConnections
    ) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }

    /// One message per setting that cannot work; empty when all can.
    public func problems() -> [String] {
        var problems: [String] = []
        if !Self.headerTimeoutRange.contains(headerTimeout) {
            problems.append("the header timeout must be from 0.001 to 3600 seconds")
        }
        if !Self.idleTimeoutRange.contains(idleTimeout) {
            problems.append("the idle timeout must be from 0.001 to 86400 seconds")
        }
        if !Self.maxConnectionsRange.contains(maxConnections) {
            problems.append("the connection limit must be from 1 to 1000000")
        }
        return problems
    }

    /// These limits with `maxConnections` lowered, when needed, so that `servers` servers of one
    /// process stay ``reservedDescriptors`` below its file limit (`RLIMIT_NOFILE`): a server that
    /// runs out of descriptors cannot accept even a health check, while one at its connection
    /// limit replaces a waiting connection with the new one. Never below one connection.
    public func fitted(toFileLimit fileLimit: Int, servers: Int) -> ConnectionLimits {
        var fitted = self
        let share = (fileLimit - Self.reservedDescriptors) / max(servers, 1)
        fitted.maxConnections = max(1, min(maxConnections, share))
        return fitted
    }

    var headerNanoseconds: Int64 { Self.nanoseconds(headerTimeout) }
    var idleNanoseconds: Int64 { Self.nanoseconds(idleTimeout) }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        // Saturating: a limit of centuries is "never", not a trap.
        guard seconds < Int64.max / 1_000_000_000 - 1 else { return .max }
        guard seconds >= 0 else { return 0 }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
#endif
