#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import Logging
import ServerSupport

/// A ``PaymentSandbox`` served on a port of its own until ``stop()``: what a package's tests start
/// in one line to test their backend or app against an offline Swedbank Pay, as stripe-mock's users
/// do. Other packages take it from this repository's root package with its trait `Server`
/// (docs/testing-your-backend.md).
///
/// ```swift
/// let sandbox = try await PaymentSandboxServer.start()
/// // Call sandbox.baseURL with "Authorization: Bearer \(sandbox.merchantToken)", as Swedbank Pay.
/// await sandbox.stop()
/// ```
///
/// Its links name the host each request came to (`http://127.0.0.1:<port>/...` for a client on
/// this machine) unless the configuration has a ``SandboxConfiguration/publicBaseURL``. The
/// control API (`/sandbox/...`: pay an order, arm a fault, read the request log) needs no token on
/// a loopback address.
public final class PaymentSandboxServer: Sendable {
    /// Why the sandbox did not start: the configuration or the host is refused before anything
    /// starts, or the server could not listen.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The sandbox served: its ``PaymentSandbox/reset()`` forgets everything between tests.
    public let sandbox: PaymentSandbox
    /// `http(s)://<host>:<port>`, the port the one the server listens on.
    public let baseURL: URL
    /// A bearer token merchants' calls are accepted with: the configuration's first in sorted order.
    public let merchantToken: String
    private let server: RunningServices

    private init(sandbox: PaymentSandbox, baseURL: URL, merchantToken: String, server: RunningServices) {
        self.sandbox = sandbox
        self.baseURL = baseURL
        self.merchantToken = merchantToken
        self.server = server
    }

    /// Starts a sandbox with `configuration` on `host` and `port` (0, the default, takes a free
    /// one) and returns once it listens. Throws ``StartFailure`` for a configuration without a
    /// merchant token, a host not on loopback without a control token (``ControlBinding``), or a
    /// port it could not listen on; ``ServerURL/UnusableHost`` for a host no URL can name.
    public static func start(
        configuration: SandboxConfiguration = SandboxConfiguration(), host: String = "127.0.0.1", port: Int = 0,
        connections: ConnectionLimits = ConnectionLimits(), logger: Logger = PaymentSandboxServer.quietLogger
    ) async throws -> PaymentSandboxServer {
        guard let merchantToken = configuration.merchantTokens.min() else {
            throw StartFailure(description: "the configuration accepts no merchant token, so no merchant could call it")
        }
        let refused = ControlBinding.problems(host: host, controlToken: configuration.controlToken)
        if !refused.isEmpty { throw StartFailure(description: refused.joined(separator: "; ")) }
        // Before anything starts: a host no URL can name is refused.
        _ = try ServerURL.http(host: host, port: max(port, 1), scheme: configuration.scheme)
        let sandbox = PaymentSandbox(configuration: configuration)
        let (listening, server) = try await RunningServices.listening(logger: logger) { ready in
            try sandbox.application(
                host: host, port: port, connections: connections, logger: logger, onServerRunning: ready)
        }
        guard let listening else {
            await server.stop()
            throw StartFailure(description: "the sandbox could not listen on \(host) port \(port)")
        }
        let baseURL = try ServerURL.http(host: host, port: listening, scheme: configuration.scheme)
        return PaymentSandboxServer(sandbox: sandbox, baseURL: baseURL, merchantToken: merchantToken, server: server)
    }

    /// Stops the server gracefully (what it already accepted is served) and returns once it has.
    public func stop() async {
        await server.stop()
    }

    /// A logger that writes only critical lines, so a test's output stays its own.
    public static var quietLogger: Logger {
        var logger = Logger(label: "PaymentSandbox")
        logger.logLevel = .critical
        return logger
    }
}
#endif
