#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// A Swish payment request waiting for the payer.
struct SwishPaymentAttempt: Sendable, Equatable {
    /// The order's attempt number.
    let number: Int64
    /// The payment request token in the `swish://` URL and the simulator routes.
    let swishToken: String
    /// The payer's number for a payment on another device; nil for a local start (Swish app on
    /// this device).
    let msisdn: String?
    /// When it started, on the sandbox clock (for the automatic other-device approval).
    let startedAt: TimeInterval

    var isLocalStart: Bool { msisdn == nil }
}
#endif
