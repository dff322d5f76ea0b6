import ArgumentParser
import ServerSupport

/// The options bounding each server's connections (``ConnectionLimits``): `serve`, `backend` and
/// `sandbox` take them. Each flag has an environment variable; a flag wins.
struct ConnectionOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Seconds a request's head may take to arrive, from its first byte; then the connection is closed. Env: SWEDBANKPAY_HEADER_TIMEOUT. Default: 10.",
            valueName: "seconds"))
    var headerTimeout: Double?

    @Option(
        help: ArgumentHelp(
            "Seconds a connection may wait for its client: for the next request, or for the rest of a body. Env: SWEDBANKPAY_IDLE_TIMEOUT. Default: 75.",
            valueName: "seconds"))
    var idleTimeout: Double?

    @Option(
        help: ArgumentHelp(
            "Connections each server holds open; at the limit a new one replaces the one waiting longest. Lowered to fit the file limit (ulimit -n) less 256. Env: SWEDBANKPAY_MAX_CONNECTIONS. Default: 4096.",
            valueName: "count"))
    var maxConnections: Int?

    /// The limits given (flag, else environment, else default), the connection limit fitted to
    /// the process's file limit shared by `servers` servers. Says so when it lowered the limit.
    func resolved(servers: Int) throws -> ConnectionLimits {
        var limits = ConnectionLimits()
        if let seconds = try Self.seconds(headerTimeout, "SWEDBANKPAY_HEADER_TIMEOUT") {
            limits.headerTimeout = seconds
        }
        if let seconds = try Self.seconds(idleTimeout, "SWEDBANKPAY_IDLE_TIMEOUT") {
            limits.idleTimeout = seconds
        }
        if let count = maxConnections {
            limits.maxConnections = count
        } else if let text = Environment.value("SWEDBANKPAY_MAX_CONNECTIONS") {
            guard let count = Int(text) else {
                throw ValidationError("SWEDBANKPAY_MAX_CONNECTIONS must be a whole number, not \(text)")
            }
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

    private static func seconds(_ flag: Double?, _ variable: String) throws -> Duration? {
        let value: Double
        if let flag {
            value = flag
        } else if let text = Environment.value(variable) {
            guard let parsed = Double(text) else { throw ValidationError("\(variable) must be seconds, not \(text)") }
            value = parsed
        } else {
            return nil
        }
        guard value.isFinite, value > 0, value <= 86_400 else {
            throw ValidationError("timeouts must be more than 0 and at most 86400 seconds, not \(value)")
        }
        return .milliseconds(Int64((value * 1_000).rounded(.up)))
    }
}
