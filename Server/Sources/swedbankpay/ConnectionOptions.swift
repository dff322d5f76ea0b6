import ArgumentParser
import ServerSupport

/// The options bounding each server's connections (``ConnectionLimits``): `serve`, `backend` and
/// `sandbox` take them (settings of ``ServerSettings``).
struct ConnectionOptions: ParsableArguments {
    @Option(settings.headerTimeout) var headerTimeout: Double?
    @Option(settings.idleTimeout) var idleTimeout: Double?
    @Option(settings.maxConnections) var maxConnections: Int?

    /// The limits given (flag, else environment, else default), the connection limit fitted to
    /// the process's file limit shared by `servers` servers. Says so when it lowered the limit.
    func resolved(servers: Int) throws -> ConnectionLimits {
        var limits = ConnectionLimits()
        if let seconds = try Self.duration(settings.headerTimeout.resolve(headerTimeout)) {
            limits.headerTimeout = seconds
        }
        if let seconds = try Self.duration(settings.idleTimeout.resolve(idleTimeout)) {
            limits.idleTimeout = seconds
        }
        if let count = try settings.maxConnections.resolve(maxConnections) {
            limits.maxConnections = count
        }
        let problems = limits.problems()
        guard problems.isEmpty else {
            throw ValidationError(
                problems.joined(separator: "; ") + " (--header-timeout, --idle-timeout, --max-connections)")
        }
        guard let fileLimit = FileLimit.raiseToHardLimit() else { return limits }
        let fitted = limits.fitted(toFileLimit: fileLimit, servers: servers)
        if fitted.maxConnections < limits.maxConnections {
            Console.line(
                "Connections: at most \(fitted.maxConnections) per server, to stay \(ConnectionLimits.reservedDescriptors)"
                    + " below the file limit of \(fileLimit) (ulimit -n)")
        }
        return fitted
    }

    private static func duration(_ seconds: Double?) throws -> Duration? {
        guard let seconds else { return nil }
        guard seconds.isFinite, seconds > 0, seconds <= 86_400 else {
            throw ValidationError("timeouts must be more than 0 and at most 86400 seconds, not \(seconds)")
        }
        return .milliseconds(Int64((seconds * 1_000).rounded(.up)))
    }
}
