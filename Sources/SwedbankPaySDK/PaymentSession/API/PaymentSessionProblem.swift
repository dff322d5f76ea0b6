import Foundation

extension SwedbankPaySDK {
    /// A problem in the SDK or in reaching the payment session, as
    /// ``SwedbankPaySDKPaymentSessionDelegate/sdkProblemOccurred(problem:)`` reports it.
    ///
    /// `retry` is a plain closure, as in 5.0.3, so app code (a test, say) can build a problem with
    /// any closure. The type is `@unchecked Sendable` because events carrying it cross from the
    /// SDK's session actor to the main actor: every closure the SDK puts here is `@Sendable` (it
    /// only sends a message to the session), and the app calls it on the main actor.
    public enum PaymentSessionProblem: @unchecked Sendable, CustomStringConvertible {
        /// A request to the payment session failed: at once for a 4xx answer or an answer the SDK
        /// cannot read, after retrying for a while (``PaymentSessionRetryPolicy``) for network
        /// errors and 5xx answers. The error is a ``PaymentSessionAPIError``. `retry` sends the
        /// same request again.
        case paymentSessionAPIRequestFailed(error: any Error, retry: (() -> Void)?)
        /// The web payment menu from ``SwedbankPayPaymentSession/createSwedbankPaySDKController(mode:)``
        /// failed. `retry` is nil: start a new session.
        case paymentControllerPaymentFailed(error: any Error, retry: (() -> Void)?)
        /// The 3-D Secure page could not be loaded. `retry` loads it again in the same view.
        case paymentSession3DSecureViewControllerLoadFailed(error: any Error, retry: (() -> Void)?)
        /// The SDK was used out of order (an attempt before the session was fetched, an MSISDN
        /// that is not `+` and digits, an instrument the session does not offer) or the session
        /// lacked what the step needs. See ``PaymentSessionUsageError`` in the event log and
        /// `description`.
        case internalInconsistencyError
        /// The session is in a state the SDK cannot continue from (it was paid or aborted
        /// elsewhere, or it redirects the payer to a URL that is neither the complete nor the
        /// cancel URL). Start over with a new payment order.
        case paymentSessionEndStateReached
        /// The session's `urls` lack the complete URL or the host URLs, which the SDK needs when
        /// no manual order info was given.
        case automaticConfigurationFailed
        /// The session cannot be aborted now (while the payer is in the Swish app, for example).
        case abortPaymentNotAllowed

        /// The case's name, as the event log records it.
        public var name: String {
            switch self {
            case .paymentSessionAPIRequestFailed: return "paymentSessionAPIRequestFailed"
            case .paymentControllerPaymentFailed: return "paymentControllerPaymentFailed"
            case .paymentSession3DSecureViewControllerLoadFailed:
                return "paymentSession3DSecureViewControllerLoadFailed"
            case .internalInconsistencyError: return "internalInconsistencyError"
            case .paymentSessionEndStateReached: return "paymentSessionEndStateReached"
            case .automaticConfigurationFailed: return "automaticConfigurationFailed"
            case .abortPaymentNotAllowed: return "abortPaymentNotAllowed"
            }
        }

        /// The underlying error, for the cases that have one.
        public var error: (any Error)? {
            switch self {
            case .paymentSessionAPIRequestFailed(let error, _), .paymentControllerPaymentFailed(let error, _),
                .paymentSession3DSecureViewControllerLoadFailed(let error, _):
                return error
            default:
                return nil
            }
        }

        /// The retry closure, for the cases that have one.
        public var retry: (() -> Void)? {
            switch self {
            case .paymentSessionAPIRequestFailed(_, let retry), .paymentControllerPaymentFailed(_, let retry),
                .paymentSession3DSecureViewControllerLoadFailed(_, let retry):
                return retry
            default:
                return nil
            }
        }

        public var description: String {
            error.map { "\(name): \($0)" } ?? name
        }
    }

    /// Why a request to the payment session failed.
    public enum PaymentSessionAPIError: Error, Sendable, Hashable, CustomStringConvertible {
        /// No response arrived (the last attempt's error, after retrying).
        case transport(TransportError)
        /// A 5xx answer (the last one, after retrying).
        case serverError(status: Int, problem: ProblemDetails?)
        /// A 4xx answer; `problem` is its problem document when it had one.
        case clientError(status: Int, problem: ProblemDetails?)
        /// A 2xx answer whose body is not a payment session model.
        case invalidResponse(status: Int, reason: String)
        /// The session gave an operation without a usable href.
        case invalidURL(String)

        public var description: String {
            switch self {
            case .transport(let error): return "no response: \(error)"
            case .serverError(let status, let problem), .clientError(let status, let problem):
                return "HTTP \(status)" + (problem.map { " \($0.type)" } ?? "")
            case .invalidResponse(let status, let reason): return "unreadable answer (HTTP \(status)): \(reason)"
            case .invalidURL(let href): return "invalid operation href: \(href)"
            }
        }
    }

    /// How the SDK was misused, or what the session lacked: the detail behind
    /// ``PaymentSessionProblem/internalInconsistencyError``, written to the event log.
    public enum PaymentSessionUsageError: Error, Sendable, Hashable {
        /// A method needing a fetched session was called before one was fetched.
        case sessionNotFetched
        /// An MSISDN for another device must be `+`, a country code and digits (8 to 15 digits).
        case invalidMSISDN
        /// The session does not offer the instrument (or not now: another attempt is in progress).
        case instrumentNotOffered(paymentMethod: String)
        /// The session cannot switch to what a web payment menu needs (no `customize-payment`, or
        /// it answered with something else).
        case customizationNotPossible
        /// The session lacks data the step needs (a `view-payment` operation, order info).
        case missingSessionData(String)
    }
}
