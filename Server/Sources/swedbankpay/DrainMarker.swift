import Foundation
import Logging
import MerchantBackend
import ServerSupport
import ServiceLifecycle

/// Drains a server — the backend or the sandbox — the moment a graceful shutdown begins
/// (``DrainPhase`` in ServerSupport says the rule): its `/readyz` answers 503, and this returns
/// once the requests begun before are answered, so the servers listed before it stop only then.
/// Listed last among a service group's services, it is the first told to stop. A grace that ends
/// with requests still owed fails the run (exit 1).
///
/// Other servers of the process (`serve`'s sandbox) are `alongside`: their `/readyz` says
/// draining from the same moment, but the drain does not wait for their requests — they serve
/// the drained server's last calls, and stop after it, gracefully.
struct DrainMarker: Service {
    let gate: DrainGate
    /// Seconds the drain waits for the requests owed.
    let grace: TimeInterval
    /// The gates of the servers that drain with this one, not waited for.
    let alongside: [DrainGate]
    let logger = Logger(label: "swedbankpay")

    /// The backend's drain, within the grace its configuration says, with `alongside`'s.
    init(backend: MerchantBackend, alongside: [DrainGate] = []) {
        self.init(gate: backend.drainGate, grace: backend.configuration.shutdownGracePeriod, alongside: alongside)
    }

    init(gate: DrainGate, grace: TimeInterval, alongside: [DrainGate] = []) {
        self.gate = gate
        self.grace = grace
        self.alongside = alongside
    }

    func run() async throws {
        // Returns when the graceful shutdown begins, or throws when the group is cancelled.
        try await gracefulShutdown()
        gate.beginDraining()
        for other in alongside { other.beginDraining() }
        logger.notice(
            "draining",
            metadata: [
                "requests_owed": .stringConvertible(gate.requestsOwed),
                "grace_seconds": .stringConvertible(grace),
            ])
        let cut = await gate.drain(withinSeconds: grace)
        guard cut == 0 else {
            throw RunFailure("the shutdown grace (\(grace) s) ended with \(cut) requests still being answered")
        }
        logger.notice("drained")
    }
}
