import Foundation

/// The operation and task rels of the payment session API.
enum SessionRel {
    static let expandMethod = "expand-method"
    static let startPaymentAttempt = "start-payment-attempt"
    static let createAuthentication = "create-authentication"
    static let completeAuthentication = "complete-authentication"
    static let getPayment = "get-payment"
    static let preparePayment = "prepare-payment"
    static let redirectPayer = "redirect-payer"
    static let acknowledgeFailedAttempt = "acknowledge-failed-attempt"
    static let abortPayment = "abort-payment"
    static let eventLogging = "event-logging"
    static let viewPayment = "view-payment"
    static let attemptPayload = "attempt-payload"
    static let customizePayment = "customize-payment"
    static let failPaymentAttempt = "fail-payment-attempt"

    /// The rels the SDK acts on; others are ignored when choosing what to do.
    static let known: Set<String> = [
        expandMethod, startPaymentAttempt, createAuthentication, completeAuthentication, getPayment,
        preparePayment, redirectPayer, acknowledgeFailedAttempt, abortPayment, eventLogging, viewPayment,
        attemptPayload, customizePayment, failPaymentAttempt,
    ]

    static let scaMethodRequest = "sca-method-request"
    static let scaRedirect = "sca-redirect"
    static let launchClientApp = "launch-client-app"
    static let walletSDK = "wallet-sdk"

    /// The task rels the SDK carries out.
    static let tasks: Set<String> = [scaMethodRequest, scaRedirect, launchClientApp, walletSDK]
}
