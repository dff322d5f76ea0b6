#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The problem of the latest failed attempt, shown in every model until the SDK acknowledges it.
struct PendingPaymentProblem: Sendable, Equatable {
    /// Numbers the session's problems, so each has its own acknowledge href (the SDK shows a problem
    /// once per href).
    let number: Int
    let problem: PaymentAttemptProblem
    var acknowledged = false
}
#endif
