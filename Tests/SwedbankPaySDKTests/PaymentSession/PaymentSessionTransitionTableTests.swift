import Foundation
import Testing

@testable import SwedbankPaySDK

/// The session engine's transition table: every phase × every input has exactly one expected
/// outcome (the phase after, the verdict for a call of the app, and the effects). The table is
/// keyed by the phases' and inputs' `Kind`s, so a new phase or input cannot be added without
/// deciding every cell of its row or column.
@Suite struct PaymentSessionTransitionTableTests {
    typealias F = SessionFixtures
    typealias D = PaymentSessionDecisionTests
    typealias Phase = PaymentSessionPhase.Kind
    typealias Input = PaymentSessionInput.Kind

    /// One cell: where the session goes, what a call is told, and the effects, in short.
    struct Outcome: Equatable, CustomStringConvertible {
        var phase: Phase
        var verdict: PaymentSessionStep.Verdict?
        var effects: [String]

        var description: String {
            "\(phase) \(verdict.map { "\($0)" } ?? "-") \(effects)"
        }
    }

    /// A session in each phase: not fetched; asked for; prepared with its instruments given (the
    /// card offered, Swish and Apple Pay too); showing the web menu; ended by a redirect to the
    /// complete URL.
    static func state(_ phase: Phase) -> PaymentSessionState {
        switch phase {
        case .notFetched:
            return PaymentSessionState(manualOrderInfo: nil)
        case .fetching:
            var state = PaymentSessionState(manualOrderInfo: nil)
            _ = PaymentSessionDecision.reduce(&state, .fetch(F.sessionURL))
            return state
        case .active:
            return D.prepared()
        case .webMenu:
            var state = D.prepared()
            if let session = state.session { state.phase = .webMenu(session.fetched) }
            return state
        case .finished:
            var state = D.prepared()
            _ = D.respond(&state, F.terminal(redirect: F.completeUrl))
            return state
        }
    }

    /// One input of each kind.
    static func input(_ kind: Input) -> PaymentSessionInput {
        switch kind {
        case .fetch: .fetch(F.sessionURL)
        case .response: .response(F.parsed(F.terminal(redirect: F.completeUrl)), to: D.post("/x"))
        case .failure: .failure(.clientError(status: 409, problem: nil), of: D.post("/customize"))
        case .attempt: .attempt(.swish(msisdn: nil))
        case .createController: .createController(.menu(restrictedToInstruments: nil))
        case .abort: .abort
        case .appLaunched: .appLaunched(succeeded: false, failure: nil)
        case .paymentURLReturned: .paymentURLReturned
        case .methodRequestFinished: .methodRequestFinished(key: "k", succeeded: true)
        case .challengeEnded: .challengeCompleted(creq: "c", cRes: "r")
        case .walletFinished: .walletFinished(.cancelled)
        case .webControllerFinished: .webControllerFinished(.completed)
        case .setOrderInfo: .setOrderInfo(appOrderInfo)
        }
    }

    /// The order info an app sets.
    static let appOrderInfo = SwedbankPaySDK.ViewPaymentOrderInfo(
        isV3: true, webViewBaseURL: nil, viewPaymentLink: URL(string: "https://app.test/view")!,
        completeUrl: URL(string: "https://app.test/done")!, cancelUrl: nil, paymentUrl: nil, termsOfServiceUrl: nil)

    /// An effect in short: the notice's name, or the verb and the request's rel.
    static func describe(_ effect: PaymentSessionEffect) -> String {
        switch effect {
        case .notify(let notice):
            switch notice {
            case .fetched: return "fetched"
            case .sessionProblem: return "sessionProblem"
            case .internalInconsistency(let reason): return "inconsistency \(reason)"
            case .requestFailed: return "requestFailed"
            default: return "\(notice)"
            }
        case .send(let request): return "send \(request.rel)" + (request.purpose == .model ? "" : " (recovery)")
        case .schedulePoll(let request): return "poll \(request.rel)"
        case .cancelPolling: return "cancelPolling"
        case .cancelAll: return "cancelAll"
        case .launchApp: return "launchApp"
        case .runMethodRequest: return "runMethodRequest"
        case .showChallenge: return "showChallenge"
        case .reloadChallenge: return "reloadChallenge"
        case .presentWallet: return "presentWallet"
        case .makeWebController: return "makeWebController"
        }
    }

    static let fetchEffects = ["cancelAll", "send get-payment"]
    static let recovery = ["send get-payment (recovery)"]
    static let completed = ["cancelPolling", "complete"]
    static let notFetched = ["inconsistency sessionNotFetched"]
    static let ended = ["endStateReached"]
    static let walletMissing = [#"inconsistency missingSessionData("ApplePay fail-payment-attempt")"#]
    static let launchFailed = ["sessionProblem"]

    /// The table. Rows are phases, columns inputs; every cell is filled.
    static let table: [Phase: [Input: Outcome]] = [
        .notFetched: [
            .fetch: .init(phase: .fetching, verdict: .accepted, effects: fetchEffects),
            .response: .init(phase: .notFetched, effects: []),
            .failure: .init(phase: .notFetched, effects: ["requestFailed"]),
            .attempt: .init(phase: .notFetched, verdict: .refused, effects: notFetched),
            .createController: .init(phase: .notFetched, verdict: .refused, effects: notFetched),
            .abort: .init(phase: .notFetched, verdict: .refused, effects: notFetched),
            .appLaunched: .init(phase: .notFetched, effects: launchFailed),
            .paymentURLReturned: .init(phase: .notFetched, effects: []),
            .methodRequestFinished: .init(phase: .notFetched, effects: []),
            .challengeEnded: .init(phase: .notFetched, effects: []),
            .walletFinished: .init(phase: .notFetched, effects: walletMissing),
            .webControllerFinished: .init(phase: .notFetched, effects: []),
            .setOrderInfo: .init(phase: .notFetched, effects: []),
        ],
        .fetching: [
            .fetch: .init(phase: .fetching, verdict: .accepted, effects: fetchEffects),
            .response: .init(phase: .finished, effects: completed),
            .failure: .init(phase: .fetching, effects: recovery),
            .attempt: .init(phase: .fetching, verdict: .refused, effects: notFetched),
            .createController: .init(phase: .fetching, verdict: .refused, effects: notFetched),
            .abort: .init(phase: .fetching, verdict: .refused, effects: notFetched),
            .appLaunched: .init(phase: .fetching, effects: launchFailed),
            .paymentURLReturned: .init(phase: .fetching, effects: []),
            .methodRequestFinished: .init(phase: .fetching, effects: []),
            .challengeEnded: .init(phase: .fetching, effects: []),
            .walletFinished: .init(phase: .fetching, effects: walletMissing),
            .webControllerFinished: .init(phase: .fetching, effects: []),
            .setOrderInfo: .init(phase: .fetching, effects: []),
        ],
        .active: [
            .fetch: .init(phase: .fetching, verdict: .accepted, effects: fetchEffects),
            .response: .init(phase: .finished, effects: completed),
            .failure: .init(phase: .active, effects: recovery),
            .attempt: .init(phase: .active, verdict: .accepted, effects: ["send start-payment-attempt"]),
            .createController: .init(
                phase: .webMenu, verdict: .accepted, effects: ["cancelPolling", "makeWebController"]),
            .abort: .init(phase: .active, verdict: .accepted, effects: ["cancelPolling", "send abort-payment"]),
            .appLaunched: .init(phase: .active, effects: launchFailed),
            .paymentURLReturned: .init(phase: .active, effects: []),
            .methodRequestFinished: .init(phase: .active, effects: ended),
            .challengeEnded: .init(phase: .active, effects: ["dismiss3DSecure", "endStateReached"]),
            .walletFinished: .init(phase: .active, effects: ["send fail-payment-attempt"]),
            // Active with a web menu shown: native work (Apple Pay) was started from it; its
            // outcome is the session's (reference §3.8; see nativeAttemptsFromTheWebMenuAreTheProtocols).
            .webControllerFinished: .init(phase: .finished, effects: completed),
            .setOrderInfo: .init(phase: .active, effects: []),
        ],
        .webMenu: [
            .fetch: .init(phase: .fetching, verdict: .accepted, effects: fetchEffects),
            .response: .init(phase: .finished, effects: completed),
            .failure: .init(phase: .webMenu, effects: recovery),
            .attempt: .init(phase: .webMenu, verdict: .accepted, effects: ["send start-payment-attempt"]),
            .createController: .init(
                phase: .webMenu, verdict: .accepted, effects: ["cancelPolling", "makeWebController"]),
            .abort: .init(phase: .webMenu, verdict: .accepted, effects: ["cancelPolling", "send abort-payment"]),
            .appLaunched: .init(phase: .webMenu, effects: launchFailed),
            .paymentURLReturned: .init(phase: .webMenu, effects: []),
            .methodRequestFinished: .init(phase: .webMenu, effects: ended),
            .challengeEnded: .init(phase: .webMenu, effects: ["dismiss3DSecure", "endStateReached"]),
            .walletFinished: .init(phase: .webMenu, effects: ["send fail-payment-attempt"]),
            .webControllerFinished: .init(phase: .finished, effects: completed),
            .setOrderInfo: .init(phase: .webMenu, effects: []),
        ],
        .finished: [
            .fetch: .init(phase: .fetching, verdict: .accepted, effects: fetchEffects),
            .response: .init(phase: .finished, effects: []),
            .failure: .init(phase: .finished, effects: ["requestFailed"]),
            .attempt: .init(phase: .finished, verdict: .refused, effects: ended),
            .createController: .init(phase: .finished, verdict: .refused, effects: ended),
            .abort: .init(phase: .finished, verdict: .refused, effects: ended),
            .appLaunched: .init(phase: .finished, effects: launchFailed),
            .paymentURLReturned: .init(phase: .finished, effects: []),
            .methodRequestFinished: .init(phase: .finished, effects: []),
            .challengeEnded: .init(phase: .finished, effects: []),
            .walletFinished: .init(phase: .finished, effects: walletMissing),
            .webControllerFinished: .init(phase: .finished, effects: []),
            .setOrderInfo: .init(phase: .finished, effects: []),
        ],
    ]

    @Test func everyCellIsDecided() {
        for phase in Phase.allCases {
            for input in Input.allCases {
                #expect(Self.table[phase]?[input] != nil, "no outcome for \(phase) × \(input)")
            }
        }
    }

    @Test(arguments: Phase.allCases)
    func eachPhaseAnswersEveryInputAsTheTableSays(_ phase: Phase) {
        #expect(Self.state(phase).phase.kind == phase)
        for input in Input.allCases {
            var state = Self.state(phase)
            let step = PaymentSessionDecision.reduce(&state, Self.input(input))
            let outcome = Outcome(
                phase: state.phase.kind, verdict: step.verdict, effects: step.effects.map(Self.describe))
            #expect(outcome == Self.table[phase]?[input], "\(phase) × \(input)")
        }
    }

    /// Order info the app sets is what the session compares its redirect with from then on.
    @Test func setOrderInfoIsWhatTheRedirectIsComparedWith() {
        var state = D.prepared()
        _ = PaymentSessionDecision.reduce(&state, .setOrderInfo(Self.appOrderInfo))
        #expect(state.orderInfo == Self.appOrderInfo)
        #expect(D.respondStep(&state, F.terminal(redirect: "https://app.test/done")).ended == .completed)
        var later = PaymentSessionState(manualOrderInfo: nil)
        _ = PaymentSessionDecision.reduce(&later, .setOrderInfo(Self.appOrderInfo))
        _ = PaymentSessionDecision.reduce(&later, .fetch(F.sessionURL))
        _ = D.respond(&later, F.fresh, to: .getSession(F.sessionURL))
        #expect(later.orderInfo == Self.appOrderInfo)
    }

    /// The step says how the session ended, once: on the input that ended it.
    @Test func theStepThatEndsTheSessionSaysHow() {
        var state = D.prepared()
        #expect(D.respondStep(&state, F.terminal(redirect: F.cancelUrl)).ended == .canceled)
        #expect(D.respondStep(&state, F.terminal(redirect: F.cancelUrl)).ended == nil)
        var menu = Self.state(.webMenu)
        #expect(PaymentSessionDecision.reduce(&menu, .webControllerFinished(.completed)).ended == .completed)
        var elsewhere = D.prepared()
        #expect(D.respondStep(&elsewhere, F.terminal(redirect: "https://elsewhere.test/")).ended == .unknown)
    }

    /// How a challenge page ended is decided by the engine: a failure is the app's to hear, with
    /// the page to load again; a page taken away changes nothing.
    @Test func aChallengePageThatFailedIsReportedWithItsRetryAndOneTakenAwayIsDropped() {
        let page = ChallengePage(
            creq: "c", form: FormPost(url: "https://acs.test/", method: "POST", contentType: nil, fields: []),
            notificationUrl: "https://merchant.test/notify")
        let error = SwedbankPaySDK.WebPaymentError(SwedbankPaySDK.WebViewLoadFailure(url: nil, description: "down"))
        var state = Self.state(.active)
        let before = state
        #expect(
            PaymentSessionDecision.reduce(&state, .challengeEnded(page, .failed(error))).effects == [
                .notify(.challengeLoadFailed(error, retry: page))
            ])
        #expect(PaymentSessionDecision.reduce(&state, .challengeEnded(page, .cancelled)).effects == [])
        #expect(state == before)
    }

    /// The web menu's failures are decided by the engine too: the app hears them and the menu stays.
    @Test func theWebMenusFailuresAreReportedAndTheMenuStays() {
        let error = SwedbankPaySDK.WebPaymentError(SwedbankPaySDK.WebViewLoadFailure(url: nil, description: "down"))
        var state = Self.state(.webMenu)
        let failed = PaymentSessionDecision.reduce(&state, .webControllerFinished(.failed(error)))
        #expect(failed.effects == [.notify(.webMenuFailed(error))])
        let update = PaymentSessionDecision.reduce(&state, .webControllerFinished(.updateFailed(error)))
        #expect(update.effects == [.notify(.webMenuUpdateFailed(error))])
        #expect(state.phase.kind == .webMenu)
        #expect(failed.ended == nil && update.ended == nil)
        #expect(PaymentSessionDecision.reduce(&state, .webControllerFinished(.canceled)).ended == .canceled)
    }

    /// A native attempt made while the web menu shows, checked against the native protocol
    /// (reference §3.2: `makeNativePaymentAttempt` runs the decision procedure on the current
    /// model; §3.1: the "web controller active" flag is not cleared by it, only by a new fetch).
    ///
    /// Swish: start-payment-attempt is sent and the phase stays `webMenu` — documented: the flag
    /// stays, so a returning paymentUrl is still the menu's (§3.6 suppresses the session's
    /// callback handling while the web controller is active).
    ///
    /// Apple Pay: the session waits for the wallet's sheet, which the `webMenu` phase cannot hold,
    /// so it is `active` — not the reference's shape (its flag stays), and decided here: nothing
    /// the reference does is lost while the sheet is up except the paymentUrl's suppression, and
    /// Apple Pay returns through no paymentUrl. What the reference does do — forward the menu's
    /// outcome (§3.8) — the engine dropped once the phase was `active`; fixed: the menu still ends
    /// the session.
    @Test func nativeAttemptsFromTheWebMenuAreTheProtocols() {
        var swish = Self.state(.webMenu)
        let swishStep = PaymentSessionDecision.reduce(&swish, .attempt(.swish(msisdn: nil)))
        #expect(swishStep.verdict == .accepted)
        #expect(swishStep.effects.map(Self.describe) == ["send start-payment-attempt"])
        #expect(swish.phase.kind == .webMenu)
        #expect(PaymentSessionDecision.reduce(&swish, .paymentURLReturned).effects == [])

        var applePay = Self.state(.webMenu)
        let step = PaymentSessionDecision.reduce(&applePay, .attempt(.applePay(merchantIdentifier: "merchant.test")))
        #expect(step.verdict == .accepted)
        #expect(step.effects.map(Self.describe) == ["send start-payment-attempt"])
        #expect(applePay.phase.kind == .active)
        #expect(applePay.session?.wallet == .awaitingSheet(merchantIdentifier: "merchant.test"))
        #expect(applePay.session?.request == AppRequest.none)
        // The menu, still shown under the sheet, completes the payment.
        let finished = PaymentSessionDecision.reduce(&applePay, .webControllerFinished(.completed))
        #expect(finished.ended == .completed)
        #expect(finished.effects == [.cancelPolling, .notify(.complete)])
        #expect(applePay.phase.kind == .finished)
    }

    /// 3-D Secure progress has one entry per method request and per challenge, saying where it is.
    @Test func aMethodRequestAndAChallengeEachHaveOneEntry() {
        var state = Self.state(.active)
        _ = PaymentSessionDecision.reduce(&state, .methodRequestFinished(key: "k", succeeded: false))
        _ = PaymentSessionDecision.reduce(&state, .challengeCompleted(creq: "c", cRes: "r"))
        _ = PaymentSessionDecision.reduce(&state, .challengeCompleted(creq: "c", cRes: "again"))
        #expect(state.session?.threeDSecure.methodRequests == ["k": .finished(succeeded: false)])
        #expect(state.session?.threeDSecure.methodRequests["k"]?.completionIndicator == "N")
        #expect(state.session?.threeDSecure.challenges == ["c": .answered(cRes: "r")])
    }
}
