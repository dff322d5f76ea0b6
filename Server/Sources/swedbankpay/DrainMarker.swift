import Logging
import MerchantBackend
import ServiceLifecycle

/// Drains the backend the moment a graceful shutdown begins (``DrainPhase`` in ServerSupport says
/// the rule): `/readyz` answers 503, and this returns once the requests begun before are answered,
/// so the servers listed before it stop only then. Listed last among a service group's services,
/// it is the first told to stop. A grace that ends with requests still owed fails the run (exit 1).
struct DrainMarker: Service {
    let backend: MerchantBackend
    let logger = Logger(label: "swedbankpay")

    func run() async throws {
        // Returns when the graceful shutdown begins, or throws when the group is cancelled.
        try await gracefulShutdown()
        backend.beginDraining()
        let grace = backend.configuration.shutdownGracePeriod
        logger.notice(
            "draining",
            metadata: [
                "requests_owed": .stringConvertible(backend.requestsOwedByDrain),
                "grace_seconds": .stringConvertible(grace),
            ])
        let cut = await backend.drain(within: grace)
        guard cut == 0 else {
            throw RunFailure("the shutdown grace (\(grace) s) ended with \(cut) requests still being answered")
        }
        logger.notice("drained")
    }
}
