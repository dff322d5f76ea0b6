#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Everything a transition needs besides the session, the order and the request: time, ids, the
/// payer's stored cards and the links. Passing them in keeps transitions free of I/O.
struct PaymentSessionContext: Sendable {
    let links: PaymentSessionLinks
    /// The sandbox clock (seconds), for the Swish approval delay.
    let now: TimeInterval
    /// Wall time, for history entries and card expiry.
    let date: Date
    let ids: IDGenerator
    /// The payer's stored tokens (empty for guest orders).
    let storedTokens: [PayerTokenRecord]
    /// ``SandboxConfiguration/swishOtherDeviceApprovalDelay``.
    let swishApprovalDelay: TimeInterval?

    /// The CreditCard prefills the session offers now.
    func cardPrefills(session: PaymentSessionRecord, order: PaymentOrderRecord) -> [SavedCardPrefill] {
        SavedCardPrefill.prefills(order: order, storedTokens: storedTokens, hidden: session.hideStoredPaymentOptions)
    }
}
#endif
