#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Hummingbird
import Logging
import ServiceLifecycle

/// Services — servers, usually — that run until ``stop()``, which shuts them down gracefully.
///
/// Stopping a server by cancelling its task drops the connections it has accepted but not yet
/// begun to serve, and SwiftNIO traps on such a connection ("Deinited NIOAsyncWriter without
/// calling finish()"). A graceful shutdown closes the listening socket first and serves what
/// was already accepted, so tests and tools that start and stop servers use this instead.
public final class RunningServices: Sendable {
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Starts `services`; on ``stop()`` the last one listed stops first.
    /// - Parameter maximumShutdown: after this long a graceful shutdown gives up and cancels.
    public init(_ services: [any Service], maximumShutdown: Duration = .seconds(15), logger: Logger) {
        var configuration = ServiceGroupConfiguration(
            services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) }, logger: logger)
        configuration.maximumGracefulShutdownDuration = maximumShutdown
        let group = ServiceGroup(configuration: configuration)
        self.group = group
        task = Task { try await group.run() }
    }

    /// Returns once the services have stopped, whether by ``stop()`` or because one failed (a
    /// server that could not bind its port, for example).
    public func waitUntilStopped() async {
        _ = await task.result
    }

    /// Waits until the services have stopped and returns the error they stopped with, nil when
    /// none (a server that could not bind its port throws the socket's error).
    public func failure() async -> (any Error)? {
        if case .failure(let error) = await task.result { return error }
        return nil
    }

    /// Shuts the services down gracefully and waits until they have stopped.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}

extension RunningServices {
    /// Starts the service `make` returns and returns once it listens: `make` hands the service
    /// `ready`, which the service calls with the port it listens on. The port is nil when the
    /// service stopped first (a server that could not bind its port), so that is no hang.
    public static func listening(
        logger: Logger, _ make: (_ ready: @escaping @Sendable (Int) async -> Void) throws -> some Service
    ) async rethrows -> (port: Int?, server: RunningServices) {
        let (ports, ready) = AsyncStream<Int>.makeStream()
        let server = RunningServices([try make { ready.yield($0) }], logger: logger)
        Task {
            await server.waitUntilStopped()
            ready.finish()
        }
        var iterator = ports.makeAsyncIterator()
        return (await iterator.next(), server)
    }

    /// `router` served on 127.0.0.1 at a port the system picks, with a logger that writes nothing
    /// but critical lines: the small HTTP servers tests stand up (a collector, a callback
    /// receiver, a stand-in for Swedbank Pay). Returns once it listens; nil port if it never did.
    public static func onLoopback(
        _ router: Router<BasicRequestContext>, label: String
    ) async -> (port: Int?, server: RunningServices) {
        var logger = Logger(label: label)
        logger.logLevel = .critical
        return await listening(logger: logger) { ready in
            Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { await ready($0.localAddress?.port ?? 0) }, logger: logger)
        }
    }
}
#endif
