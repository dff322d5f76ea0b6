import Foundation

/// What happens to a payment session: the app's calls and the answers of the outside world.
enum PaymentSessionInput: Sendable, Equatable {
    /// The input's name alone, for tables of transitions.
    enum Kind: String, Sendable, CaseIterable {
        case fetch, response, failure, attempt, createController, abort, appLaunched, paymentURLReturned
        case methodRequestFinished, challengeEnded, walletFinished, webControllerFinished, setOrderInfo
    }

    var kind: Kind {
        switch self {
        case .fetch: .fetch
        case .response: .response
        case .failure: .failure
        case .attempt: .attempt
        case .createController: .createController
        case .abort: .abort
        case .appLaunched: .appLaunched
        case .paymentURLReturned: .paymentURLReturned
        case .methodRequestFinished: .methodRequestFinished
        case .challengeEnded: .challengeEnded
        case .walletFinished: .walletFinished
        case .webControllerFinished: .webControllerFinished
        case .setOrderInfo: .setOrderInfo
        }
    }

    /// Whether the input is a call of the app's, which is taken or refused.
    var isCall: Bool { [.fetch, .attempt, .createController, .abort].contains(kind) }

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
    /// The challenge page shown for `challenge.creq` ended.
    case challengeEnded(ChallengePage, ChallengeEnd)
    /// The wallet sheet closed; `submitted` outcomes were handled through `attempt-payload`.
    case walletFinished(SwedbankPaySDK.WalletAuthorizationOutcome)
    /// The web payment menu ended, or told of a failure.
    case webControllerFinished(WebControllerOutcome)
    /// The app set `orderInfo`: used from now on instead of the session's `urls` (nil: the next
    /// fetch configures itself from them again).
    case setOrderInfo(SwedbankPaySDK.ViewPaymentOrderInfo?)
}

/// A 3-D Secure challenge page as the engine asked for it: what a retry shows again.
struct ChallengePage: Sendable, Hashable {
    var creq: String
    var form: FormPost
    var notificationUrl: String?
}

/// How a challenge page ended.
enum ChallengeEnd: Sendable, Equatable {
    /// The page posted `cres` to the NotificationUrl.
    case completed(cRes: String)
    /// The page could not be loaded.
    case failed(SwedbankPaySDK.WebPaymentError)
    /// The page was taken away (re-fetch, shutdown).
    case cancelled
}

/// What the web payment menu reported.
enum WebControllerOutcome: Sendable, Equatable {
    case completed
    case canceled
    /// The menu's payment failed; the menu itself stays.
    case failed(SwedbankPaySDK.WebPaymentError)
    /// An update of the menu's payment order failed; the menu stays.
    case updateFailed(SwedbankPaySDK.WebPaymentError)
}

/// What the engine decided for one input, as data: the effects to carry out, whether a call of the
/// app was taken, and how the session ended when this input ended it — each decided where the
/// engine decides it, not read back from the effects. The runner carries the effects out and logs
/// the verdict; it never looks into the effects to learn a decision.
struct PaymentSessionStep: Sendable, Equatable {
    var effects: [PaymentSessionEffect]
    /// For a call of the app (`fetch`, `attempt`, `createController`, `abort`): whether it was
    /// taken; nil for the outside world's inputs.
    var verdict: Verdict?
    /// Set on the step that ended the session.
    var ended: PaymentSessionEnd?

    enum Verdict: Sendable, Equatable {
        case accepted
        /// The app was told why (an internal inconsistency, abort not allowed, or the end state).
        case refused
    }
}

/// How a session ended: redirected to the order's complete or cancel URL (or the web menu said
/// so), or to a URL the order does not name.
enum PaymentSessionEnd: Sendable, Equatable {
    case completed, canceled, unknown
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
    /// Load a challenge page that failed to load again, in the view it failed in.
    case reloadChallenge(ChallengePage)
    /// Show the wallet sheet; its payment data goes to `payload`.
    case presentWallet(SwedbankPaySDK.WalletPaymentRequest, payload: SessionOperation)
    /// Make the web payment menu for this order info and hand it to the app.
    case makeWebController(SwedbankPaySDK.ViewPaymentOrderInfo)
}

/// What the app is told, before the runner turns it into a delegate call.
enum PaymentSessionNotice: Sendable, Equatable {
    /// The instruments, and whether a new card can be paid with (a card method, and the session
    /// can be put in card instrument mode).
    case fetched([SwedbankPaySDK.AvailableInstrument], newCreditCard: Bool)
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
    /// The challenge page could not be loaded; `retry` loads it again.
    case challengeLoadFailed(SwedbankPaySDK.WebPaymentError, retry: ChallengePage)
    /// The web menu's payment failed.
    case webMenuFailed(SwedbankPaySDK.WebPaymentError)
    /// The web menu's update of its payment order failed.
    case webMenuUpdateFailed(SwedbankPaySDK.WebPaymentError)
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

    init(url: String, method: String, contentType: String?, fields: [Field]) {
        self.url = url
        self.method = method
        self.contentType = contentType
        self.fields = fields
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
