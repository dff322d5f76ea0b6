#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird

/// `GET /sandbox/callbacks`: every callback delivery attempt, oldest first, so a developer (or a
/// test) can see what the merchant was told and how it answered. A control route
/// (``ControlAccessMiddleware``).
struct CallbackRoutes: SandboxModule {
    let services: SandboxServices

    /// The answer of `GET /sandbox/callbacks`.
    struct Listing: Encodable {
        let callbacks: [CallbackDelivery]
        /// Deliveries still trying (first attempt or waiting for a retry).
        let pending: Int
    }

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        open.controlGroup(services.configuration).get("/sandbox/callbacks") { _, _ in
            JSONResponse.make(
                Listing(callbacks: await services.callbacks.log.all(), pending: services.callbacks.pendingDeliveries))
        }
    }

    func reset() async {
        await services.callbacks.reset()
    }
}
#endif
