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
    /// from the session's `urls`. Its one owner: a session keeps only what it built itself.
    var manualOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?
    var phase: PaymentSessionPhase = .notFetched
    /// What the payer's wallet can pay with (read when the session object was made).
    let walletDevice: SwedbankPaySDK.WalletDevice

    init(manualOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?, walletDevice: SwedbankPaySDK.WalletDevice = .everything)
    {
        self.manualOrderInfo = manualOrderInfo
        self.walletDevice = walletDevice
    }

    /// The session while it has a model: working through the procedure, or showing the web menu
    /// (with no native work under way).
    var session: ActiveSession? {
        switch phase {
        case .active(let session): session
        case .webMenu(let fetched): ActiveSession(fetched)
        case .notFetched, .fetching, .finished: nil
        }
    }

    /// The order's URLs as far as they are known: the app's, else what automatic configuration
    /// built from the session. The payment URL a returning app is matched with.
    var orderInfo: SwedbankPaySDK.ViewPaymentOrderInfo? {
        if let manualOrderInfo { return manualOrderInfo }
        switch phase {
        case .notFetched, .fetching: return nil
        case .active(let session): return session.automaticOrderInfo
        case .webMenu(let fetched): return fetched.automaticOrderInfo
        case .finished(_, let automaticOrderInfo): return automaticOrderInfo
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
/// have a pending attempt, a session without a model cannot show a menu, and the web menu holds
/// no attempt, 3-D Secure or wallet progress of its own.
enum PaymentSessionPhase: Sendable, Equatable {
    /// `fetchPaymentSession` was not called.
    case notFetched
    /// The session's URL was given and asked for; no model has come yet.
    case fetching(url: URL)
    /// A model is known: the decision procedure runs on every answer and call.
    case active(ActiveSession)
    /// The web payment menu runs; payment URLs that return are its own.
    case webMenu(FetchedSession)
    /// redirect-payer was reached or the web menu ended, as `end` says; nothing more is polled
    /// or sent. Keeps the order info automatic configuration built, for the app to read.
    case finished(PaymentSessionEnd, automaticOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?)

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

/// What a fetched session knows however it is paid, natively or in the web menu.
struct FetchedSession: Sendable, Equatable {
    /// The URL given to `fetchPaymentSession`; the 409 re-fetch uses it.
    let url: URL
    /// The latest model.
    var model: SessionModel
    /// The URLs automatic configuration built from the session's `urls` (the app's own order
    /// info, when it set one, is the state's).
    var automaticOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?
    /// Whether the app was given the instruments of this session.
    var instrumentsDelivered = false
    /// The problems shown, by acknowledge href (or content when a problem has none).
    var shownProblems: Set<String> = []
    /// The `launch-client-app` hrefs already opened.
    var launchedAppURLs: Set<String> = []
}

/// A fetched session being paid natively: what it knows, and the work under way — the app's
/// pending request, 3-D Secure and the wallet.
@dynamicMemberLookup
struct ActiveSession: Sendable, Equatable {
    var fetched: FetchedSession
    /// What the app asked for that the session has not done yet.
    var request: AppRequest = .none
    var threeDSecure = ThreeDSecureProgress()
    var wallet = WalletProgress.idle

    init(_ fetched: FetchedSession) {
        self.fetched = fetched
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<FetchedSession, Value>) -> Value {
        fetched[keyPath: keyPath]
    }

    subscript<Value>(dynamicMember keyPath: WritableKeyPath<FetchedSession, Value>) -> Value {
        get { fetched[keyPath: keyPath] }
        set { fetched[keyPath: keyPath] = newValue }
    }

    /// Whether native work is under way: a request of the app's, a 3-D Secure page, or the
    /// wallet sheet. The web menu can be shown only without any.
    var hasWorkUnderWay: Bool {
        request != .none || threeDSecure.hasPageUnderWay || wallet != .idle
    }
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

/// 3-D Secure of the current card attempt: method pages and challenges, each keyed once with
/// where it is.
struct ThreeDSecureProgress: Sendable, Equatable {
    /// A method request, by `threeDSMethodData`.
    enum MethodRequest: Sendable, Equatable {
        case running
        case finished(succeeded: Bool)

        /// create-authentication's `methodCompletionIndicator` for it: `Y`, `N`, or nil while it
        /// runs.
        var completionIndicator: String? {
            switch self {
            case .running: nil
            case .finished(let succeeded): succeeded ? "Y" : "N"
            }
        }
    }

    /// A challenge, by `creq`.
    enum Challenge: Sendable, Equatable {
        case shown
        /// The `cres` it ended with.
        case answered(cRes: String)
    }

    var methodRequests: [String: MethodRequest] = [:]
    var challenges: [String: Challenge] = [:]
    /// The `NotificationUrl` of create-authentication: where the challenge ends.
    var notificationUrl: String?

    /// Whether a method page runs or a challenge waits for its answer.
    var hasPageUnderWay: Bool {
        methodRequests.values.contains(.running) || challenges.values.contains(.shown)
    }
}

/// Apple Pay of the current attempt.
enum WalletProgress: Sendable, Equatable {
    /// No Apple Pay attempt was started.
    case idle
    /// An Apple Pay attempt was started with the merchant identifier the app gave; the sheet
    /// comes when the session asks for the payload.
    case awaitingSheet(merchantIdentifier: String)
    /// The sheet was shown for the current attempt.
    case sheetShown
}
