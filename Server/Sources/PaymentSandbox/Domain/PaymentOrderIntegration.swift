#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// How the payer opened a payment order: the order's `integration` field, set by the first
/// opening and kept after (as the real service does).
enum PaymentOrderIntegration: String, Sendable, Equatable, CaseIterable {
    /// The Seamless View: the `view-checkout` / `view-paymentorder` script's iframe.
    case hostedView = "HostedView"
    /// The `redirect-checkout` / `redirect-paymentorder` page in the top-level window.
    case redirect = "Redirect"
    /// The native payment session (`view-paymentsession`).
    case app = "App"
}
#endif
