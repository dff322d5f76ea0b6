#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Everything a hosted-view decision needs besides the order and the view's state: time, ids and
/// the payer's stored cards. Passing them in keeps ``HostedViewPayment`` free of I/O.
struct HostedViewContext: Sendable {
    /// Wall time, for history entries and card expiry.
    let date: Date
    /// The sandbox clock (seconds), for the Swish approval delay.
    let now: TimeInterval
    let ids: IDGenerator
    /// The payer's stored tokens (empty for guest orders).
    let storedTokens: [PayerTokenRecord]
    /// ``SandboxConfiguration/swishWebApprovalDelay``: nil (the default) leaves a Swish payment
    /// to the payer's Approve or Decline.
    let swishApprovalDelay: TimeInterval?
}
#endif
