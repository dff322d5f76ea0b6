import Foundation

/// What the decision engine knows about the payment session: the phase it is in, with what that
/// phase holds, and the one fact that spans every session (the app's own order info).
///
/// `fetchPaymentSession` starts a new session; nothing of the previous one survives it.
///
/// ```
/// notFetched ──fetch──▶ fetching ──model──▶ active ──makeWebController──▶ webMenu
///                            ▲                 │                              │
///                            └──────fetch──────┤ redirect-payer               │ menu ended
///                                              ▼                              ▼
///                                          finished ◀─────────────────────────┘
/// ```
struct PaymentSessionState: Sendable, Equatable {
    /// The app's order info (given at creation or set later); nil means automatic configuration
    /// from the session's `urls`.
    var manualOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?
    var phase: PaymentSessionPhase = .notFetched
    /// What the payer's wallet can pay with (read when the session object was made).
    let walletDevice: SwedbankPaySDK.WalletDevice

    init(manualOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?, walletDevice: SwedbankPaySDK.WalletDevice = .everything)
    {
        self.manualOrderInfo = manualOrderInfo
        self.walletDevice = walletDevice
    }

    /// The session while it has a model: working through the procedure or showing the web menu.
    var session: ActiveSession? {
        switch phase {
        case .active(let session), .webMenu(let session): session
        case .notFetched, .fetching, .finished: nil
        }
    }

    /// The order's URLs as far as they are known: the payment URL a returning app is matched with.
    var orderInfo: SwedbankPaySDK.ViewPaymentOrderInfo? {
        switch phase {
        case .notFetched, .fetching: manualOrderInfo
        case .active(let session), .webMenu(let session): session.orderInfo
        case .finished(_, let orderInfo): orderInfo
        }
    }

    /// Whether a returning payment URL is none of the session's business: the web menu handles
    /// its own, and a finished session waits for nothing.
    var ignoresPaymentURLs: Bool {
        switch phase {
        case .webMenu, .finished: true
        case .notFetched, .fetching, .active: false
        }
    }
}

/// The phases of a payment session. Each holds only what it needs, so a finished session cannot
/// have a pending attempt and a session without a model cannot show a menu.
enum PaymentSessionPhase: Sendable, Equatable {
    /// `fetchPaymentSession` was not called.
    case notFetched
    /// The session's URL was given and asked for; no model has come yet.
    case fetching(url: URL)
    /// A model is known: the decision procedure runs on every answer and call.
    case active(ActiveSession)
    /// The web payment menu runs; payment URLs that return are its own.
    case webMenu(ActiveSession)
    /// redirect-payer was reached or the web menu ended, as `end` says; nothing more is polled
    /// or sent.
    case finished(PaymentSessionEnd, orderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?)

    /// The phase's name alone, for tables of transitions.
    enum Kind: String, Sendable, CaseIterable {
        case notFetched, fetching, active, webMenu, finished
    }

    var kind: Kind {
        switch self {
        case .notFetched: .notFetched
        case .fetching: .fetching
        case .active: .active
        case .webMenu: .webMenu
        case .finished: .finished
        }
    }
}

/// One fetched session with a model.
struct ActiveSession: Sendable, Equatable {
    /// The URL given to `fetchPaymentSession`; the 409 re-fetch uses it.
    let url: URL
    /// The URLs the session redirects to and returns with.
    var orderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?
    /// The latest model.
    var model: SessionModel
    /// What the app asked for that the session has not done yet.
    var request: AppRequest = .none
    /// Whether the app was given the instruments of this session.
    var instrumentsDelivered = false
    /// The problems shown, by acknowledge href (or content when a problem has none).
    var shownProblems: Set<String> = []
    /// The `launch-client-app` hrefs already opened.
    var launchedAppURLs: Set<String> = []
    var threeDSecure = ThreeDSecureProgress()
    var wallet = WalletProgress()
    /// What the payer's wallet can pay with, for the Apple Pay instrument's flags.
    var walletDevice = SwedbankPaySDK.WalletDevice.everything
}

/// What the app asked of the session that is still under way.
enum AppRequest: Sendable, Equatable {
    case none
    /// `makeNativePaymentAttempt`, until its attempt is started. `customizeSent` is the
    /// customize-payment body sent for it (the same one twice would be a loop); `expandSent`
    /// whether expand-method was sent.
    case attempt(
        SwedbankPaySDK.PaymentAttemptInstrument, customizeSent: SessionRequestBody.CustomizeBody?, expandSent: Bool)
    /// `createSwedbankPaySDKController`, until the controller is made.
    case controller(
        SwedbankPaySDK.SwedbankPayPaymentSessionSDKControllerMode, customizeSent: SessionRequestBody.CustomizeBody?)

    /// The instrument of a pending attempt.
    var instrument: SwedbankPaySDK.PaymentAttemptInstrument? {
        if case .attempt(let instrument, _, _) = self { return instrument }
        return nil
    }

    /// The customize-payment body sent for this request.
    var customizeSent: SessionRequestBody.CustomizeBody? {
        switch self {
        case .none: nil
        case .attempt(_, let body, _), .controller(_, let body): body
        }
    }

    /// The same request, with `body` recorded as sent.
    func sending(_ body: SessionRequestBody.CustomizeBody) -> AppRequest {
        switch self {
        case .none: .none
        case .attempt(let instrument, _, let expandSent):
            .attempt(instrument, customizeSent: body, expandSent: expandSent)
        case .controller(let mode, _): .controller(mode, customizeSent: body)
        }
    }
}

/// 3-D Secure of the current card attempt: method pages and challenges.
struct ThreeDSecureProgress: Sendable, Equatable {
    /// Method requests done, by `threeDSMethodData`: `Y` or `N`.
    var methodRequests: [String: String] = [:]
    var methodRequestsRunning: Set<String> = []
    /// Challenges shown (by `creq`) and the `cres` each ended with.
    var challengesShown: Set<String> = []
    var challengeResults: [String: String] = [:]
    /// The `NotificationUrl` of create-authentication: where the challenge ends.
    var notificationUrl: String?
}

/// Apple Pay of the current attempt.
struct WalletProgress: Sendable, Equatable {
    /// The merchant identifier the app gave with the attempt.
    var merchantIdentifier: String?
    /// Whether the sheet was shown for the current attempt.
    var presented = false
}
