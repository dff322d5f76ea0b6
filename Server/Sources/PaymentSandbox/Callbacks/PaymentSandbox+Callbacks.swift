#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

extension PaymentSandbox {
    /// Cancels pending callback deliveries (including waiting retries) and sends no more. Call it
    /// when the sandbox stops serving, so no delivery outlives it.
    public func shutdownCallbacks() {
        services.callbacks.shutdown()
    }
}
#endif
