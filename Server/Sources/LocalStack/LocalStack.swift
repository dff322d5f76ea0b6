import Foundation
import Hummingbird
import Logging
import MerchantBackend
import NIOCore
import PaymentSandbox
import ServerSupport
import ServiceLifecycle
import Tracing

/// The Payment Sandbox and, when asked for, a Merchant Backend that calls it, in this process:
/// the one way `swedbankpay serve`, the demos, the benches and the tests start the stack
/// (`swedbankpay backend` starts its backend alone the same way: ``LocalBackend``).
///
/// ``start(_:)`` starts the sandbox, then the backend on the sandbox's URL (with its database
/// opened and migrated), each on the given port or a free one, and returns once each listens.
/// ``stop()`` stops them in the other order and closes the database.
///
/// ```swift
/// var plan = LocalStack.Plan(sandbox: SandboxConfiguration(merchantTokens: ["token"]))
/// plan.backend = .init(database: .sqlite(path: "/tmp/demo.sqlite")) { sandboxURL, port in
///     BackendConfiguration(
///         swedbankPayBaseURL: sandboxURL, merchantToken: Secret("token"), payeeId: "demo",
///         publicBaseURL: URL(string: "http://127.0.0.1:\(port)")!, apiKeys: [Secret("key")])
/// }
/// let stack = try await LocalStack.start(plan)
/// print(stack.backendURL!)  // http://127.0.0.1:<port>
/// await stack.stop()
/// ```
public final class LocalStack: Sendable {
    /// What to start, and where.
    public struct Plan: Sendable {
        /// The interface both servers listen on.
        public var host: String
        /// The sandbox's configuration.
        public var sandbox: SandboxConfiguration
        /// Whether a sandbox configured without a `publicBaseURL` gets `http://<host>:<port>` as
        /// its public URL (the links it hands out name it); false lets its links name the host
        /// each request came to, for a sandbox reached under other names.
        public var sandboxNamesItsPort: Bool
        /// The sandbox's port; 0 takes a free one.
        public var sandboxPort: Int
        /// The backend, when one is wanted.
        public var backend: BackendPlan?
        /// The timeouts and the connection limit of each server (each has a limit of its own).
        public var connections: ConnectionLimits
        /// The certificate both servers serve HTTPS with (each calls the other trusting it); nil
        /// serves plain HTTP.
        public var tls: TLSIdentity?
        public var logger: Logger

        public init(
            host: String = "127.0.0.1", sandbox: SandboxConfiguration, sandboxPort: Int = 0,
            sandboxNamesItsPort: Bool = true, backend: BackendPlan? = nil, tls: TLSIdentity? = nil,
            connections: ConnectionLimits = ConnectionLimits(), logger: Logger = LocalStack.quietLogger
        ) {
            self.host = host
            self.sandbox = sandbox
            self.sandboxNamesItsPort = sandboxNamesItsPort
            self.sandboxPort = sandboxPort
            self.backend = backend
            self.connections = connections
            self.tls = tls
            self.logger = logger
        }

        /// `https` with ``tls``, else `http`.
        var scheme: String { tls == nil ? "http" : "https" }
    }

    /// The Merchant Backend of a plan.
    public struct BackendPlan: Sendable {
        public var database: DatabaseLocation
        /// The backend's port; 0 takes a free one.
        public var port: Int
        /// PostgreSQL connections per event loop (see ``BackendDatabase/open(_:connectionsPerEventLoop:migrate:logger:clock:)``).
        public var connectionsPerEventLoop: Int
        /// The backend's configuration, given the sandbox's URL and the port the backend listens
        /// on (its public URL usually names it). The plan's ``Plan/tls`` replaces its `tls`.
        public var configuration: @Sendable (_ sandboxURL: URL, _ port: Int) throws -> BackendConfiguration
        /// Where the backend's spans go (``MerchantBackend/init(configuration:database:clock:tracer:)``);
        /// nil records none.
        public var tracer: (any Tracer)?
        /// Whether opening the database brings its schema up to date; false leaves it as it is
        /// (`swedbankpay backend --skip-migrations`: `/readyz` says what is missing).
        public var migrate: Bool

        public init(
            database: DatabaseLocation, port: Int = 0, connectionsPerEventLoop: Int = 8,
            tracer: (any Tracer)? = nil, migrate: Bool = true,
            configuration: @escaping @Sendable (_ sandboxURL: URL, _ port: Int) throws -> BackendConfiguration
        ) {
            self.database = database
            self.port = port
            self.connectionsPerEventLoop = connectionsPerEventLoop
            self.tracer = tracer
            self.migrate = migrate
            self.configuration = configuration
        }
    }

    /// A server that did not come up.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    public let sandbox: PaymentSandbox
    /// `http(s)://<host>:<port>` of the sandbox (a wildcard host is reached on 127.0.0.1).
    public let sandboxURL: URL
    /// The backend, when one was started, with its server and database.
    public let localBackend: LocalBackend?
    public var backend: MerchantBackend? { localBackend?.backend }
    /// `http(s)://<host>:<port>` of the backend, when one was started.
    public var backendURL: URL? { localBackend?.url }
    /// The backend's database, open until ``stop()``.
    public var database: BackendDatabase? { localBackend?.database }
    private let sandboxServer: RunningServices

    private init(sandbox: PaymentSandbox, sandboxURL: URL, sandboxServer: RunningServices, backend: LocalBackend?) {
        self.sandbox = sandbox
        self.sandboxURL = sandboxURL
        self.sandboxServer = sandboxServer
        localBackend = backend
    }

    /// A logger that says only what is critical: tests and demos keep their output clean.
    public static var quietLogger: Logger {
        var logger = Logger(label: "LocalStack")
        logger.logLevel = .critical
        return logger
    }

    /// Starts what `plan` asks for and returns once every part listens. When a part cannot start,
    /// what was started is stopped again and the error thrown; a host that no URL can name throws
    /// ``ServerURL/UnusableHost`` before anything starts.
    public static func start(_ plan: Plan) async throws -> LocalStack {
        // Before anything starts: a host no URL can name (``ServerURL/UnusableHost``) is refused.
        _ = try ServerURL.http(host: plan.host, port: max(plan.sandboxPort, 1))
        var sandbox: PaymentSandbox?
        let scheme = plan.scheme
        let (sandboxServer, sandboxPort) = try await listen(plan.host, port: plan.sandboxPort, what: "sandbox") {
            port, ready in
            var configuration = plan.sandbox
            if let tls = plan.tls { configuration.tls = tls }
            if configuration.publicBaseURL == nil, plan.sandboxNamesItsPort {
                configuration.publicBaseURL = try ServerURL.http(host: plan.host, port: port, scheme: scheme)
            } else if configuration.apiBaseURL == nil, plan.sandboxNamesItsPort, plan.backend != nil {
                // Payers reach it at its public URL; the stack's backend calls it here, and relays
                // only hrefs at the origin it calls, so API resources name this one.
                configuration.apiBaseURL = try ServerURL.http(host: plan.host, port: port, scheme: scheme)
            }
            let made = PaymentSandbox(configuration: configuration)
            sandbox = made
            return try made.application(
                host: plan.host, port: port, connections: plan.connections, logger: plan.logger,
                onServerRunning: ready)
        }
        let sandboxURL = try ServerURL.http(host: plan.host, port: sandboxPort, scheme: scheme)
        guard let sandbox else { throw StartFailure(description: "the sandbox was not made") }
        guard let backendPlan = plan.backend else {
            return LocalStack(sandbox: sandbox, sandboxURL: sandboxURL, sandboxServer: sandboxServer, backend: nil)
        }
        do {
            let backend = try await LocalBackend.start(
                backendPlan, swedbankPayURL: sandboxURL, host: plan.host, tls: plan.tls, connections: plan.connections,
                logger: plan.logger)
            return LocalStack(sandbox: sandbox, sandboxURL: sandboxURL, sandboxServer: sandboxServer, backend: backend)
        } catch {
            await sandboxServer.stop()
            throw error
        }
    }

    /// Stops the backend (its server, then its outgoing client), closes the database, then stops
    /// the sandbox it called.
    public func stop() async {
        await localBackend?.stop()
        await sandboxServer.stop()
    }

    /// Returns once a server of the stack has stopped: by ``stop()``, or on its own (a failure).
    public func waitUntilAnyStopped() async {
        // Waiting for a server is not cancellable, so a task group (which waits for every child)
        // would wait for all of them: each server reports to a stream instead.
        let (stopped, report) = AsyncStream<Void>.makeStream()
        for server in [sandboxServer] + [localBackend?.server].compactMap({ $0 }) {
            Task {
                await server.waitUntilStopped()
                report.yield()
            }
        }
        var iterator = stopped.makeAsyncIterator()
        _ = await iterator.next()
    }

    /// The stack as a service of a `ServiceGroup`: it runs until the group shuts down gracefully
    /// (a signal, say) or one of its servers stops on its own, then stops the stack.
    public var service: some Service {
        StopOnShutdown(waitUntilAnyStopped: waitUntilAnyStopped, stop: stop)
    }

    /// Starts one server on `port`, or on a free port for 0, and waits until it listens. A free
    /// port may be taken by another socket before the server binds it; the start is then tried
    /// again on another, up to five times.
    static func listen<Server: Service>(
        _ host: String, port: Int, what: String,
        make: (_ port: Int, _ ready: @escaping @Sendable (Int) async -> Void) throws -> Server,
        failed: () async -> Void = {}
    ) async throws -> (RunningServices, Int) {
        let attempts = port == 0 ? 5 : 1
        for _ in 1...attempts {
            let chosen = port == 0 ? try await FreePort.pick(host: host) : port
            let (ports, ready) = AsyncStream<Int>.makeStream()
            let server = try make(chosen) { ready.yield($0) }
            let running = RunningServices([server], logger: quietLogger)
            // A server that fails to bind ends without calling back: end the wait then too.
            Task {
                await running.waitUntilStopped()
                ready.finish()
            }
            var iterator = ports.makeAsyncIterator()
            if let listening = await iterator.next() { return (running, listening) }
            let failure = await running.failure()
            await running.stop()
            await failed()
            if port != 0, let failure = failure as? IOError, failure.errnoCode == EADDRINUSE {
                throw StartFailure(description: "cannot listen on \(host):\(port): the address is in use")
            }
        }
        throw StartFailure(
            description: "the \(what) did not start on \(port == 0 ? "any of \(attempts) free ports" : "port \(port)")")
    }
}

/// Servers as a service of a `ServiceGroup`: it runs until the group shuts down gracefully (a
/// signal, say) or one of the servers stops on its own, then stops them.
struct StopOnShutdown: Service {
    let waitUntilAnyStopped: @Sendable () async -> Void
    let stop: @Sendable () async -> Void

    func run() async throws {
        let (ended, report) = AsyncStream<Void>.makeStream()
        // Both inherit the service group's task locals, so the first hears its graceful shutdown.
        let shutdown = Task {
            try? await gracefulShutdown()
            report.yield()
        }
        Task {
            await waitUntilAnyStopped()
            report.yield()
        }
        var iterator = ended.makeAsyncIterator()
        _ = await iterator.next()
        shutdown.cancel()
        await stop()
    }
}
