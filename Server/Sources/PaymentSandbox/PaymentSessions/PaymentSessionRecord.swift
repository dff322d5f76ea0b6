#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The sandbox's state of one payment session: the native flow of one payment order, keyed by the
/// order's `sessionToken`. It only changes through ``PaymentSessionTransition``.
struct PaymentSessionRecord: Sendable, Equatable {
    let token: String
    let orderID: String
    var phase: PaymentSessionPhase = .fresh
    /// customize-payment's instrument mode (nil: the order's own mode, if any, applies).
    var instrumentModePaymentMethod: String?
    /// customize-payment's restricted menu.
    var restrictToPaymentMethods: [String]?
    /// customize-payment hides the saved cards (the new-card web flow).
    var hideStoredPaymentOptions = false
    /// customize-payment's consent checkbox choice, kept for the hosted view.
    var showConsentAffirmation: Bool?
    /// Methods expanded with expand-method.
    var expandedMethods: Set<String> = []
    var problem: PendingPaymentProblem?
    /// Problems raised so far; the next one gets `problemCount + 1`.
    var problemCount = 0
    /// Every Swish token and 3-D Secure transaction the session issued, so the simulators can find
    /// the session and tell "already answered" from "unknown".
    var swishTokens: [String] = []
    var transactionIDs: [String] = []

    init(token: String, orderID: String) {
        self.token = token
        self.orderID = orderID
    }
}
#endif
