#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The rels of the payment session's operations and integration tasks, by their names on the
/// wire: the one place the offer (what the model shows), the requests (what the routes accept) and
/// the transitions spell them.
enum PaymentSessionRel: String, Sendable, CaseIterable, CustomStringConvertible {
    // Top-level and method operations.
    case preparePayment = "prepare-payment"
    case expandMethod = "expand-method"
    case startPaymentAttempt = "start-payment-attempt"
    case failPaymentAttempt = "fail-payment-attempt"
    case attemptPayload = "attempt-payload"
    case createAuthentication = "create-authentication"
    case completeAuthentication = "complete-authentication"
    case getPayment = "get-payment"
    case redirectPayer = "redirect-payer"
    case abortPayment = "abort-payment"
    case customizePayment = "customize-payment"
    case viewPayment = "view-payment"
    case eventLogging = "event-logging"
    case acknowledgeFailedAttempt = "acknowledge-failed-attempt"
    // Integration tasks.
    case launchClientApp = "launch-client-app"
    case scaMethodRequest = "sca-method-request"
    case scaRedirect = "sca-redirect"
    case walletSDK = "wallet-sdk"

    /// The wire name, so a message that names a rel says what the model says.
    var description: String { rawValue }
}
#endif
