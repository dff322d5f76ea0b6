#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// A saved-card attempt in 3-D Secure.
struct CardPaymentAttempt: Sendable, Equatable {
    /// Which 3-D Secure step the attempt waits for.
    enum Step: Sendable, Equatable {
        /// create-authentication (after the optional method request).
        case awaitingAuthentication
        /// complete-authentication, after the challenge page.
        case awaitingChallenge
    }

    let number: Int64
    let card: SavedCardPrefill
    var transaction: ThreeDSecureTransaction
    var step: Step
}
#endif
