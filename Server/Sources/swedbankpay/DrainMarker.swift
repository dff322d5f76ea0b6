import MerchantBackend
import ServiceLifecycle

/// Marks the backend as draining (`/readyz` 503) the moment a graceful shutdown begins. Listed last
/// among a service group's services, it is the first told to stop, before the server closes.
struct DrainMarker: Service {
    let backend: MerchantBackend

    func run() async throws {
        // Returns when the graceful shutdown begins, or throws when the group is cancelled.
        try await gracefulShutdown()
        backend.beginDraining()
    }
}
