import Foundation

/// The payment session's whole decision table: a pure function of the session's state
/// (``PaymentSessionState``) and what just happened, returning what to do next as a
/// ``PaymentSessionStep``. The runner (``PaymentSessionRunner``) carries the
/// effects out; nothing here does I/O.
///
/// The branches for a model follow the Swedbank Pay SDK's documented priority order (reference
/// §3.2), numbered as there, with its defects fixed: customize-payment cannot loop, undecodable
/// answers are not dropped (the runner reports them), a re-fetch forgets everything, an attempt
/// the session cannot take is reported instead of falling through to "end state".
enum PaymentSessionDecision {
    /// Where the procedure leaves an active session.
    enum Next: Sendable, Equatable {
        case stay
        /// The web payment menu was made.
        case webMenu
        case finished(PaymentSessionEnd)
    }

    /// One input's decision as it is made: what the procedure reads besides the session, and what
    /// it decided besides effects — where the session goes, and whether the app's call was refused
    /// (set where the refusal is decided).
    struct Turn {
        /// The app's order info, which wins over the session's own.
        let manualOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?
        let walletDevice: SwedbankPaySDK.WalletDevice
        var next = Next.stay
        var refused = false

        /// The order info the session is paid with.
        func orderInfo(_ session: ActiveSession) -> SwedbankPaySDK.ViewPaymentOrderInfo? {
            manualOrderInfo ?? session.automaticOrderInfo
        }

        /// Refuses the app's call, telling it why.
        mutating func refuse(_ notice: PaymentSessionNotice) -> PaymentSessionEffect {
            refused = true
            return .notify(notice)
        }
    }

    /// Runs `input` on `state`: the new state, and the step's effects, verdict and end.
    static func reduce(_ state: inout PaymentSessionState, _ input: PaymentSessionInput) -> PaymentSessionStep {
        var turn = Turn(manualOrderInfo: state.manualOrderInfo, walletDevice: state.walletDevice)
        var step = PaymentSessionStep(effects: effects(&state, input, &turn))
        if input.isCall { step.verdict = turn.refused ? .refused : .accepted }
        if case .finished(let end) = turn.next { step.ended = end }
        return step
    }

    private static func effects(
        _ state: inout PaymentSessionState, _ input: PaymentSessionInput, _ turn: inout Turn
    ) -> [PaymentSessionEffect] {
        switch input {
        case .fetch(let url):
            state.phase = .fetching(url: url)
            return [.cancelAll, .send(.getSession(url))]

        case .response(let model, let request):
            return receive(&state, model, to: request, &turn)

        case .failure(let error, let request):
            return fail(state, error, request)

        case .attempt(let instrument):
            guard var session = state.session else { return [refusal(state, &turn)] }
            if case .swish(let msisdn?) = instrument, !SwishWire.isValidMSISDN(msisdn) {
                return [turn.refuse(.internalInconsistency(.invalidMSISDN))]
            }
            session.request = .attempt(instrument, customizeSent: nil, expandSent: false)
            return proceed(&state, session, &turn)

        case .createController(let mode):
            guard var session = state.session else { return [refusal(state, &turn)] }
            guard offeredNames(mode, in: session.model) != nil else {
                return [turn.refuse(.internalInconsistency(.instrumentNotOffered(paymentMethod: modeNames(mode))))]
            }
            session.request = .controller(mode, customizeSent: nil)
            return proceed(&state, session, &turn)

        case .abort:
            guard let session = state.session else { return [refusal(state, &turn)] }
            guard let abort = session.model.topLevel(SessionRel.abortPayment) else {
                return [turn.refuse(.abortNotAllowed)]
            }
            return [.cancelPolling, .send(SessionRequest(abort))]

        case .paymentURLReturned:
            guard case .active(let session) = state.phase,
                let poll = session.model.allMethodOperations.first(where: { $0.rel == SessionRel.getPayment })
            else { return [] }
            return [.cancelPolling, .send(SessionRequest(poll))]

        case .appLaunched(let succeeded, let failure):
            guard !succeeded else { return [] }
            if let failure {
                return [
                    .send(
                        SessionRequest(
                            failure, body: .failAttempt(problemType: .clientAppLaunchFailed, errorCode: nil)))
                ]
            }
            // Without the operation the session cannot record it; the app still learns, in the same words.
            return [
                .notify(
                    .sessionProblem(
                        SwedbankPaySDK.ProblemDetails(
                            type: SwedbankPaySDK.ProblemTypeURI.clientAppLaunchFailed,
                            title: "The payment app could not be started.", status: 400)))
            ]

        case .methodRequestFinished(let key, let succeeded):
            guard var session = state.session else { return [] }
            session.threeDSecure.methodRequests[key] = .finished(succeeded: succeeded)
            return proceed(&state, session, &turn)

        case .challengeEnded(let page, .completed(let cRes)):
            guard var session = state.session else { return [] }
            if case .answered = session.threeDSecure.challenges[page.creq] { return [] }
            session.threeDSecure.challenges[page.creq] = .answered(cRes: cRes)
            return [.notify(.dismiss3DSecure)] + proceed(&state, session, &turn)

        case .challengeEnded(let page, .failed(let error)):
            // The page stays up; the app may load it again.
            return [.notify(.challengeLoadFailed(error, retry: page))]

        case .challengeEnded(_, .cancelled):
            // Taken away because the session moved on: nothing waits for it.
            return []

        case .walletFinished(let outcome):
            switch outcome {
            case .submitted: return []
            case .cancelled: return failWalletAttempt(state.session, problemType: .userCancelled, errorCode: nil)
            case .failed(let reason):
                return failWalletAttempt(state.session, problemType: .technicalError, errorCode: reason)
            }

        case .setOrderInfo(let info):
            state.manualOrderInfo = info
            return []

        case .webControllerFinished(let outcome):
            return webControllerFinished(&state, outcome, &turn)
        }
    }

    /// What the web menu reported: its end ends the session; a failure of its payment or of an
    /// update is the app's to hear, and the menu stays.
    private static func webControllerFinished(
        _ state: inout PaymentSessionState, _ outcome: WebControllerOutcome, _ turn: inout Turn
    ) -> [PaymentSessionEffect] {
        let end: PaymentSessionEnd
        switch outcome {
        case .failed(let error): return [.notify(.webMenuFailed(error))]
        case .updateFailed(let error): return [.notify(.webMenuUpdateFailed(error))]
        case .completed: end = .completed
        case .canceled: end = .canceled
        }
        // The menu's outcome is the session's whatever native work was started beside it
        // (reference §3.8 forwards it; §3.1's "web controller active" lasts until a new fetch):
        // an Apple Pay attempt started from the menu makes the session active, and the menu it
        // leaves shown still ends the payment. (The runner drops a replaced menu's outcome.)
        guard let session = state.session else { return [] }
        state.phase = .finished(end, automaticOrderInfo: session.automaticOrderInfo)
        turn.next = .finished(end)
        return [.cancelPolling, .notify(end == .completed ? .complete : .canceled)]
    }

    /// Runs the procedure on `session` and puts the session back in the phase it leads to. The
    /// web menu keeps no native work: what the procedure leaves under way (a request, a 3-D
    /// Secure page, the wallet) makes the session active again, and what it finished is not kept.
    private static func proceed(
        _ state: inout PaymentSessionState, _ session: ActiveSession, _ turn: inout Turn, afterRecovery: Bool = false
    ) -> [PaymentSessionEffect] {
        let outcome = decide(session, turn, afterRecovery: afterRecovery)
        turn = outcome.turn
        switch turn.next {
        case .stay:
            if case .webMenu = state.phase, !outcome.session.hasWorkUnderWay {
                state.phase = .webMenu(outcome.session.fetched)
            } else {
                state.phase = .active(outcome.session)
            }
        case .webMenu:
            state.phase = .webMenu(outcome.session.fetched)
        case .finished(let end):
            state.phase = .finished(end, automaticOrderInfo: outcome.session.automaticOrderInfo)
        }
        return outcome.effects
    }

    // MARK: - Answers

    private static func receive(
        _ state: inout PaymentSessionState, _ model: SessionModel, to request: SessionRequest, _ turn: inout Turn
    ) -> [PaymentSessionEffect] {
        if request.purpose == .acknowledge { return [] }
        var session: ActiveSession
        switch state.phase {
        case .notFetched, .finished:
            return []
        case .fetching(let url):
            session = ActiveSession(FetchedSession(url: url, model: model))
        case .active, .webMenu:
            guard let current = state.session else { return [] }
            session = current
        }
        // Kept even while the app's order info wins, so clearing the app's falls back to it.
        if let info = model.automaticOrderInfo(sessionURL: session.url) {
            session.automaticOrderInfo = info
        } else if state.manualOrderInfo == nil, request.rel == SessionRel.getPayment {
            // Every get-payment answer must carry the URLs in automatic mode (reference §2.5).
            return [.cancelPolling, .notify(.automaticConfigurationFailed)]
        }
        session.model = model
        let afterRecovery: Bool
        if case .recovery = request.purpose { afterRecovery = true } else { afterRecovery = false }
        return proceed(&state, session, &turn, afterRecovery: afterRecovery)
    }

    private static func fail(
        _ state: PaymentSessionState, _ error: SwedbankPaySDK.PaymentSessionAPIError, _ request: SessionRequest
    ) -> [PaymentSessionEffect] {
        switch request.purpose {
        case .walletPayload:
            // The sheet shows failure; the session learns through fail-payment-attempt.
            return failWalletAttempt(state.session, problemType: .technicalError, errorCode: error.description)
        case .recovery(let original):
            return [.notify(.requestFailed(error, retry: original))]
        case .acknowledge:
            return [.notify(.requestFailed(error, retry: request))]
        case .model:
            break
        }
        let sessionURL: URL? =
            switch state.phase {
            case .fetching(let url): url
            case .active(let session): session.url
            case .webMenu(let fetched): fetched.url
            case .notFetched, .finished: nil
            }
        var effects: [PaymentSessionEffect] = []
        if case .clientError(409, let problem) = error, request.rel != SessionRel.getPayment {
            if request.rel == SessionRel.abortPayment,
                problem?.type == SwedbankPaySDK.ProblemTypeURI.operationNotAllowed
            {
                effects = [.notify(.abortNotAllowed)]
            } else if let url = sessionURL {
                return [.send(.getSession(url, recovering: request))]
            } else {
                effects = [.notify(.requestFailed(error, retry: request))]
            }
        } else {
            effects = [.notify(.requestFailed(error, retry: request))]
        }
        // An abort that did not happen leaves the attempt running: keep checking its status.
        if request.rel == SessionRel.abortPayment,
            let poll = state.session?.model.prioritisedOperations.first(where: { $0.rel == SessionRel.getPayment })
        {
            effects.append(.schedulePoll(SessionRequest(poll)))
        }
        return effects
    }

    // MARK: - Shared

    /// fail-payment-attempt of the Apple Pay attempt; the app is told when the session has none.
    static func failWalletAttempt(
        _ session: ActiveSession?, problemType: AttemptProblemType, errorCode: String?
    ) -> [PaymentSessionEffect] {
        guard let fail = session?.model.method(PaymentMethodName.applePay)?.operation(SessionRel.failPaymentAttempt)
        else { return [.notify(.internalInconsistency(.missingSessionData("ApplePay fail-payment-attempt")))] }
        return [.send(SessionRequest(fail, body: .failAttempt(problemType: problemType, errorCode: errorCode)))]
    }

    /// The refusal of a call that needs a fetched, unfinished session.
    private static func refusal(_ state: PaymentSessionState, _ turn: inout Turn) -> PaymentSessionEffect {
        if case .finished = state.phase { return turn.refuse(.endStateReached) }
        return turn.refuse(.internalInconsistency(.sessionNotFetched))
    }
}
