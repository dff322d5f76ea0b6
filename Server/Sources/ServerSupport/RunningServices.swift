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

    /// Shuts the services down gracefully and waits until they have stopped.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }
}
