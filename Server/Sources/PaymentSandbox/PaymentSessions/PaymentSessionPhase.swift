#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Where a payment session is in the native flow. The order's status overrides it: once the order
/// is no longer `Initialized` the session only offers redirect-payer.
enum PaymentSessionPhase: Sendable, Equatable {
    /// Fetched, not yet prepared: only prepare-payment is offered.
    case fresh
    /// Prepared: the payer chooses a method (again, after a failed attempt).
    case choosing
    /// A Swish attempt waits for the payer to answer in the Swish app.
    case swish(SwishPaymentAttempt)
    /// A saved-card attempt is in 3-D Secure.
    case card(CardPaymentAttempt)
    /// An Apple Pay attempt waits for the payment sheet's token (attempt-payload).
    case applePay(attemptNumber: Int64)
    /// The session paid or aborted the order.
    case finished

    /// A short name for the control API (`GET /sandbox/sessions`).
    var name: String {
        switch self {
        case .fresh: return "fresh"
        case .choosing: return "choosing"
        case .swish(let attempt): return attempt.isLocalStart ? "swishLocalStart" : "swishOtherDevice"
        case .card(let attempt):
            return attempt.step == .awaitingAuthentication ? "cardAwaitingAuthentication" : "cardAwaitingChallenge"
        case .applePay: return "applePayAwaitingPayload"
        case .finished: return "finished"
        }
    }
}
#endif
