import Foundation

/// The rel of a payment session operation or task. An open set, as the model is: a rel the SDK does
/// not know is kept as it came and never acted on (``known`` and ``tasks`` are what it acts on).
struct SessionRel: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The rel as the session writes it.
    let rawValue: String

    init(rawValue: String) {
        self.rawValue = rawValue
    }

    init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The word itself, so a rel reads in logs and test tables as on the wire.
    var description: String { rawValue }

    static let expandMethod: SessionRel = "expand-method"
    static let startPaymentAttempt: SessionRel = "start-payment-attempt"
    static let createAuthentication: SessionRel = "create-authentication"
    static let completeAuthentication: SessionRel = "complete-authentication"
    static let getPayment: SessionRel = "get-payment"
    static let preparePayment: SessionRel = "prepare-payment"
    static let redirectPayer: SessionRel = "redirect-payer"
    static let acknowledgeFailedAttempt: SessionRel = "acknowledge-failed-attempt"
    static let abortPayment: SessionRel = "abort-payment"
    static let eventLogging: SessionRel = "event-logging"
    static let viewPayment: SessionRel = "view-payment"
    static let attemptPayload: SessionRel = "attempt-payload"
    static let customizePayment: SessionRel = "customize-payment"
    static let failPaymentAttempt: SessionRel = "fail-payment-attempt"

    /// The operation rels the SDK acts on; others are ignored when choosing what to do.
    static let known: Set<SessionRel> = [
        expandMethod, startPaymentAttempt, createAuthentication, completeAuthentication, getPayment,
        preparePayment, redirectPayer, acknowledgeFailedAttempt, abortPayment, eventLogging, viewPayment,
        attemptPayload, customizePayment, failPaymentAttempt,
    ]

    static let scaMethodRequest: SessionRel = "sca-method-request"
    static let scaRedirect: SessionRel = "sca-redirect"
    static let launchClientApp: SessionRel = "launch-client-app"
    static let walletSDK: SessionRel = "wallet-sdk"

    /// The task rels the SDK carries out.
    static let tasks: Set<SessionRel> = [scaMethodRequest, scaRedirect, launchClientApp, walletSDK]
}
