import Foundation
import Logging
import MerchantBackend
import ServerSupport
import ServiceLifecycle

/// A Merchant Backend serving in this process, its database open: what ``LocalStack`` starts
/// beside its sandbox, and what `swedbankpay backend` starts alone against the Swedbank Pay it is
/// given.
///
/// ``start(_:swedbankPayURL:host:tls:connections:logger:)`` opens the database (migrating it
/// unless the plan says not to), then serves the backend on the plan's port (or a free one) and
/// returns once it listens. ``stop()`` stops its server, then its outgoing client, and closes the
/// database.
public final class LocalBackend: Sendable {
    public let backend: MerchantBackend
    /// `http(s)://<host>:<port>` of the backend.
    public let url: URL
    /// The backend's database, open until ``stop()``.
    public let database: BackendDatabase
    let server: RunningServices

    private init(backend: MerchantBackend, url: URL, database: BackendDatabase, server: RunningServices) {
        self.backend = backend
        self.url = url
        self.database = database
        self.server = server
    }

    /// Starts what `plan` asks for, calling Swedbank Pay at `swedbankPayURL`, over HTTPS with
    /// `tls` (which replaces the configuration's). When it cannot start, what was opened is closed
    /// again and the error thrown: ``LocalStack/StartFailure`` for the database or the port.
    public static func start(
        _ plan: LocalStack.BackendPlan, swedbankPayURL: URL, host: String, tls: TLSIdentity?,
        connections: ConnectionLimits, logger: Logger
    ) async throws -> LocalBackend {
        let database: BackendDatabase
        do {
            database = try await BackendDatabase.open(
                plan.database, connectionsPerEventLoop: plan.connectionsPerEventLoop, migrate: plan.migrate,
                logger: logger)
        } catch {
            throw LocalStack.StartFailure(description: "cannot open the \(plan.database): \(String(reflecting: error))")
        }
        var backends: [MerchantBackend] = []
        do {
            let (server, port) = try await LocalStack.listen(host, port: plan.port, what: "backend") { port, ready in
                var configuration = try plan.configuration(swedbankPayURL, port)
                if let tls { configuration.tls = tls }
                let backend = try MerchantBackend(configuration: configuration, database: database, tracer: plan.tracer)
                backends.append(backend)
                return try backend.application(
                    host: host, port: port, connections: connections, logger: logger, onServerRunning: ready)
            } failed: {
                // A start that lost its port leaves a backend whose client must be shut down.
                for backend in backends { try? await backend.shutdown() }
                backends = []
            }
            guard let backend = backends.last else {
                throw LocalStack.StartFailure(description: "the backend was not made")
            }
            let url = try ServerURL.http(host: host, port: port, scheme: tls == nil ? "http" : "https")
            return LocalBackend(backend: backend, url: url, database: database, server: server)
        } catch {
            try? await database.close()
            throw error
        }
    }

    /// Stops the server, then the backend's outgoing client, and closes the database.
    public func stop() async {
        await server.stop()
        try? await backend.shutdown()
        try? await database.close()
    }

    /// The backend as a service of a `ServiceGroup`: it runs until the group shuts down gracefully
    /// (a signal, say) or the server stops on its own, then stops the backend.
    public var service: some Service {
        StopOnShutdown(waitUntilAnyStopped: { [server] in await server.waitUntilStopped() }, stop: stop)
    }
}
