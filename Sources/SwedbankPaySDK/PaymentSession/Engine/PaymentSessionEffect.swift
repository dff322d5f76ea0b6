import Foundation

/// What happens to a payment session: the app's calls and the answers of the outside world.
enum PaymentSessionInput: Sendable, Equatable {
    case fetch(URL)
    case response(SessionModel, to: SessionRequest)
    case failure(SwedbankPaySDK.PaymentSessionAPIError, of: SessionRequest)
    case attempt(SwedbankPaySDK.PaymentAttemptInstrument)
    case createController(SwedbankPaySDK.SwedbankPayPaymentSessionSDKControllerMode)
    case abort
    /// The app from `launch-client-app` was opened, or could not be; `failure` is the operation
    /// to report a failed launch to.
    case appLaunched(succeeded: Bool, failure: SessionOperation?)
    /// The app got the session's paymentUrl back (the Swish app returned).
    case paymentURLReturned
    case methodRequestFinished(key: String, succeeded: Bool)
    case challengeCompleted(creq: String, cRes: String)
    /// The wallet sheet closed; `submitted` outcomes were handled through `attempt-payload`.
    case walletFinished(SwedbankPaySDK.WalletAuthorizationOutcome)
    /// The web payment menu ended: true completed, false cancelled.
    case webControllerFinished(completed: Bool)
}

/// What the engine decides: effects the runner carries out, in order.
enum PaymentSessionEffect: Sendable, Equatable {
    /// Tell the app (delegate and event stream).
    case notify(PaymentSessionNotice)
    case send(SessionRequest)
    /// Send after the poll interval, replacing any poll already scheduled.
    case schedulePoll(SessionRequest)
    case cancelPolling
    /// Stop every request, poll and view of the previous session.
    case cancelAll
    /// Open the app; when it cannot be opened, report through `failure` (Swish's
    /// fail-payment-attempt) or, without one, as a `clientapplaunchfailed` problem.
    case launchApp(URL, failure: SessionOperation?)
    /// Load the 3-D Secure method page in a hidden web view.
    case runMethodRequest(key: String, FormPost)
    /// Show the 3-D Secure challenge and watch for its `cres` posted to `notificationUrl`.
    case showChallenge(creq: String, FormPost, notificationUrl: String?)
    /// Show the wallet sheet; its payment data goes to `payload`.
    case presentWallet(SwedbankPaySDK.WalletPaymentRequest, payload: SessionOperation)
    /// Make the web payment menu for this order info and hand it to the app.
    case makeWebController(SwedbankPaySDK.ViewPaymentOrderInfo)
}

/// What the app is told, before the runner turns it into a delegate call.
enum PaymentSessionNotice: Sendable, Equatable {
    case fetched([SwedbankPaySDK.AvailableInstrument])
    case sessionProblem(SwedbankPaySDK.ProblemDetails)
    case complete
    case canceled
    case dismiss3DSecure
    case endStateReached
    case internalInconsistency(SwedbankPaySDK.PaymentSessionUsageError)
    case automaticConfigurationFailed
    case abortNotAllowed
    /// `retry` sends this request again.
    case requestFailed(SwedbankPaySDK.PaymentSessionAPIError, retry: SessionRequest)
}

/// A form the SDK posts in a web view (3-D Secure method and challenge pages).
struct FormPost: Sendable, Hashable {
    var url: String
    var method: String
    var contentType: String?
    var fields: [Field]

    struct Field: Sendable, Hashable {
        var name: String
        var value: String
    }

    /// The task's href, method and string expectations.
    init?(_ task: SessionTask) {
        guard let href = task.href, !href.isEmpty else { return nil }
        url = href
        method = task.method ?? "POST"
        contentType = task.contentType
        fields = task.expects.compactMap { expectation in
            if case .string(let value) = expectation.value { return Field(name: expectation.name, value: value) }
            return nil
        }
    }
}
