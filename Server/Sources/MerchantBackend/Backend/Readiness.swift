import Synchronization

/// Whether the backend takes new work: not once it began draining (a graceful shutdown began), so
/// `/readyz` tells a load balancer or orchestrator to send it nothing more while it finishes what
/// it has.
final class Readiness: Sendable {
    private let draining = Mutex(false)

    func beginDraining() { draining.withLock { $0 = true } }

    var isDraining: Bool { draining.withLock { $0 } }
}
