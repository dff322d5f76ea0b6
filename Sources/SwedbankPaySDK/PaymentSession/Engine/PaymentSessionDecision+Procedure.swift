import Foundation

/// The decision procedure on a session's current model (reference §3.2): the problem first, then
/// the first step that applies, in the documented priority order. Each step is a named function
/// from what it reads (``Situation``) to what it decided (``Outcome``), nil when it does not
/// apply; none changes its input.
extension PaymentSessionDecision {
    /// What a step reads: the session as the answer left it, its model's operations in priority
    /// order, the turn so far, and what came before the steps.
    struct Situation {
        let session: ActiveSession
        let turn: Turn
        /// Step 1 showed a problem: the app was told something.
        let problemShown: Bool
        /// The answer is a 409 re-fetch's.
        let afterRecovery: Bool
        let operations: [SessionOperation]

        init(session: ActiveSession, turn: Turn, problemShown: Bool, afterRecovery: Bool) {
            self.session = session
            self.turn = turn
            self.problemShown = problemShown
            self.afterRecovery = afterRecovery
            operations = session.model.prioritisedOperations
        }

        var model: SessionModel { session.model }

        /// The first operation with `rel`, in priority order.
        func offered(_ rel: SessionRel) -> SessionOperation? { operations.first { $0.rel == rel } }

        /// The tasks named `rel`, one per operation that has one, in priority order.
        func tasks(_ rel: SessionRel) -> [SessionTask] { operations.compactMap { $0.task(rel) } }

        /// A step's decision: `effects`, with the session as the step leaves it.
        func answer(_ effects: [PaymentSessionEffect], session: ActiveSession? = nil) -> Outcome {
            Outcome(session: session ?? self.session, turn: turn, effects: effects)
        }

        /// Refuses the app's call, telling it why, then `more`.
        func refuse(
            _ notice: PaymentSessionNotice, session: ActiveSession? = nil, then more: [PaymentSessionEffect] = []
        ) -> Outcome {
            var turn = turn
            turn.refused = true
            return Outcome(session: session ?? self.session, turn: turn, effects: [.notify(notice)] + more)
        }
    }

    /// What the procedure decided: the session and turn it leaves, and the effects.
    struct Outcome {
        var session: ActiveSession
        var turn: Turn
        var effects: [PaymentSessionEffect]
    }

    /// Runs the procedure on the session's model. After a 409 re-fetch the instruments are given
    /// again when nothing else applies: the app learns the session is back to choosing, instead
    /// of an end state it is not in.
    static func decide(_ session: ActiveSession, _ turn: Turn, afterRecovery: Bool = false) -> Outcome {
        let shown = showProblem(session)
        let situation = Situation(
            session: shown.session, turn: turn, problemShown: !shown.effects.isEmpty, afterRecovery: afterRecovery)
        var outcome = firstApplying(situation)
        outcome.effects = shown.effects + outcome.effects
        return outcome
    }

    /// The steps after the problem, numbered as in the reference; the last always applies.
    private static func firstApplying(_ situation: Situation) -> Outcome {
        let steps: [(Situation) -> Outcome?] = [
            preparePayment, applePaySheet, webMenu, startPendingAttempt, launchSwishApp, methodRequest,
            createAuthentication, challenge, completeAuthentication, redirectPayer, pendingInstrument, poll,
            deliverInstruments,
        ]
        for step in steps {
            if let outcome = step(situation) { return outcome }
        }
        return endState(situation)
    }

    // MARK: - The steps

    /// Step 1: a problem is shown and acknowledged once; evaluation continues. No effects when
    /// there is none or it was shown.
    static func showProblem(_ session: ActiveSession) -> (session: ActiveSession, effects: [PaymentSessionEffect]) {
        guard let problem = session.model.problem, !session.shownProblems.contains(problem.shownKey) else {
            return (session, [])
        }
        var session = session
        session.shownProblems.insert(problem.shownKey)
        var effects: [PaymentSessionEffect] = [.notify(.sessionProblem(problem))]
        if let acknowledge = problem.operation, acknowledge.rel == SessionRel.acknowledgeFailedAttempt {
            var request = SessionRequest(acknowledge)
            request.purpose = .acknowledge
            effects.append(.send(request))
        }
        return (session, effects)
    }

    /// Branch 1: prepare-payment.
    static func preparePayment(_ situation: Situation) -> Outcome? {
        guard let prepare = situation.offered(SessionRel.preparePayment) else { return nil }
        return situation.answer([.send(SessionRequest(prepare, body: .prepare))])
    }

    /// Branch 2: the Apple Pay sheet, once per attempt.
    static func applePaySheet(_ situation: Situation) -> Outcome? {
        let model = situation.model
        guard let payload = situation.offered(SessionRel.attemptPayload),
            let task = payload.task(SessionRel.walletSDK),
            model.method(PaymentMethodName.applePay)?.operation(SessionRel.failPaymentAttempt) != nil
        else { return nil }
        var session = situation.session
        let merchantIdentifier: String?
        switch (session.wallet, session.request.instrument) {
        case (.sheetShown, _): return situation.answer([])
        case (.awaitingSheet(let started), _): merchantIdentifier = started
        // The session asks for the payload before the app's attempt was started.
        case (.idle, .applePay(let pending)?): merchantIdentifier = pending
        case (.idle, _): merchantIdentifier = nil
        }
        session.wallet = .sheetShown
        guard let merchantIdentifier else {
            return situation.refuse(
                .internalInconsistency(.missingSessionData("Apple Pay merchant identifier")), session: session,
                then: failWalletAttempt(session, problemType: .technicalError, errorCode: "No merchant identifier"))
        }
        return situation.answer(
            [.presentWallet(.init(merchantIdentifier: merchantIdentifier, task: task), payload: payload)],
            session: session)
    }

    /// Branch 10: start-payment-attempt for the pending instrument.
    static func startPendingAttempt(_ situation: Situation) -> Outcome? {
        guard situation.offered(SessionRel.startPaymentAttempt) != nil,
            let instrument = situation.session.request.instrument,
            let start = situation.model.method(instrument.paymentMethod)?.operation(SessionRel.startPaymentAttempt)
        else { return nil }
        return startAttempt(situation, instrument, start)
    }

    /// Branch 11: launch the Swish app, once per href.
    static func launchSwishApp(_ situation: Situation) -> Outcome? {
        guard let task = situation.tasks(SessionRel.launchClientApp).first, let href = task.href, !href.isEmpty,
            !situation.session.launchedAppURLs.contains(href)
        else { return nil }
        var session = situation.session
        session.launchedAppURLs.insert(href)
        if session.request.instrument != nil { session.request = .none }
        guard let url = SwishWire.launchURL(href: href, paymentUrl: situation.turn.orderInfo(session)?.paymentUrl)
        else {
            return situation.refuse(
                .internalInconsistency(.missingSessionData("launch-client-app href")), session: session)
        }
        let failure = situation.model.method(PaymentMethodName.swish)?.operation(SessionRel.failPaymentAttempt)
        return situation.answer([.launchApp(url, failure: failure)], session: session)
    }

    /// Branch 12: the 3-D Secure method page, in a hidden web view; the procedure runs again
    /// after it.
    static func methodRequest(_ situation: Situation) -> Outcome? {
        for task in situation.tasks(SessionRel.scaMethodRequest) {
            guard let form = FormPost(task) else { continue }
            let key = task.string("threeDSMethodData") ?? "null"
            switch situation.session.threeDSecure.methodRequests[key] {
            case .finished: continue
            case .running: return situation.answer([])
            case nil:
                var session = situation.session
                session.threeDSecure.methodRequests[key] = .running
                return situation.answer([.runMethodRequest(key: key, form)], session: session)
            }
        }
        return nil
    }

    /// Branch 13: create-authentication, with the method page's completion when it ran.
    static func createAuthentication(_ situation: Situation) -> Outcome? {
        guard let create = situation.offered(SessionRel.createAuthentication),
            let notificationUrl = create.string("NotificationUrl")
        else { return nil }
        var session = situation.session
        session.threeDSecure.notificationUrl = notificationUrl
        let performed = create.task(SessionRel.scaMethodRequest).flatMap {
            session.threeDSecure.methodRequests[$0.string("threeDSMethodData") ?? "null"]?.completionIndicator
        }
        let indicator = performed ?? create.string("methodCompletionIndicator") ?? "U"
        let body = SessionRequestBody.createAuthentication(
            methodCompletionIndicator: indicator, notificationUrl: notificationUrl)
        return situation.answer([.send(SessionRequest(create, body: body, isLong: true))], session: session)
    }

    /// Branch 14: the challenge, shown once per creq; while it is up there is nothing else to do.
    static func challenge(_ situation: Situation) -> Outcome? {
        for task in situation.tasks(SessionRel.scaRedirect) {
            guard let creq = task.string("creq"), let form = FormPost(task) else { continue }
            switch situation.session.threeDSecure.challenges[creq] {
            case .answered: continue
            case .shown: return situation.answer([])
            case nil:
                var session = situation.session
                session.threeDSecure.challenges[creq] = .shown
                let notificationUrl = session.threeDSecure.notificationUrl
                return situation.answer(
                    [.showChallenge(creq: creq, form, notificationUrl: notificationUrl)], session: session)
            }
        }
        return nil
    }

    /// Branch 15: complete-authentication with the captured cres.
    static func completeAuthentication(_ situation: Situation) -> Outcome? {
        let challenges = situation.session.threeDSecure.challenges
        guard let complete = situation.offered(SessionRel.completeAuthentication),
            let cRes = complete.tasks.compactMap({ $0.string("creq") }).lazy.compactMap({
                if case .answered(let cRes) = challenges[$0] { return cRes }
                return nil
            }).first
        else { return nil }
        return situation.answer([
            .send(SessionRequest(complete, body: .completeAuthentication(cRes: cRes), isLong: true))
        ])
    }

    /// Branch 16: redirect-payer — cancelled, completed, or an end the SDK does not know. The
    /// session is over (its problems, launches and 3-D Secure go with it), and nothing more is
    /// polled.
    static func redirectPayer(_ situation: Situation) -> Outcome? {
        guard let redirect = situation.offered(SessionRel.redirectPayer) else { return nil }
        let orderInfo = situation.turn.orderInfo(situation.session)
        let end: PaymentSessionEnd
        let notice: PaymentSessionNotice
        switch redirect.href {
        case let href? where href == orderInfo?.cancelUrl?.absoluteString: (end, notice) = (.canceled, .canceled)
        case let href? where href == orderInfo?.completeUrl.absoluteString: (end, notice) = (.completed, .complete)
        default: (end, notice) = (.unknown, .endStateReached)
        }
        var outcome = situation.answer([.cancelPolling, .notify(notice)])
        outcome.turn.next = .finished(end)
        return outcome
    }

    /// Branch 17: the pending instrument's own operations — expand, start, or check the status.
    /// An instrument the session does not offer is refused, and polling goes on if it can.
    static func pendingInstrument(_ situation: Situation) -> Outcome? {
        guard case .attempt(let instrument, let customizeSent, let expandSent) = situation.session.request else {
            return nil
        }
        var session = situation.session
        if !instrument.requiresInstrumentMode, let method = situation.model.method(instrument.paymentMethod),
            let operation = method.operations.first(where: {
                [.expandMethod, .startPaymentAttempt, .getPayment].contains($0.rel)
            })
        {
            switch operation.rel {
            case .expandMethod where !expandSent:
                session.request = .attempt(instrument, customizeSent: customizeSent, expandSent: true)
                return situation.answer(
                    [.send(SessionRequest(operation, body: .expand(paymentMethod: method.paymentMethod)))],
                    session: session)
            case .startPaymentAttempt:
                return startAttempt(situation, instrument, operation)
            case .getPayment:
                session.request = .none
                return situation.answer([.cancelPolling, .send(SessionRequest(operation))], session: session)
            default:
                break  // expand again: the session did not move; reported below.
            }
        }
        session.request = .none
        return situation.refuse(
            .internalInconsistency(.instrumentNotOffered(paymentMethod: instrument.paymentMethod)), session: session,
            then: poll(situation)?.effects ?? [])
    }

    /// Branch 18: poll.
    static func poll(_ situation: Situation) -> Outcome? {
        guard let poll = situation.offered(SessionRel.getPayment) else { return nil }
        return situation.answer([.schedulePoll(SessionRequest(poll))])
    }

    /// Branch 19: the instruments, once per fetched session (and again after a re-fetch).
    static func deliverInstruments(_ situation: Situation) -> Outcome? {
        guard !situation.session.instrumentsDelivered || situation.afterRecovery else { return nil }
        var session = situation.session
        session.instrumentsDelivered = true
        let model = situation.model
        let instruments = model.availableInstruments(wallet: situation.turn.walletDevice)
        return situation.answer(
            [.notify(.fetched(instruments, newCreditCard: model.newCreditCardAvailable))], session: session)
    }

    /// Branch 20: nothing to do and nothing was said — the SDK cannot continue.
    static func endState(_ situation: Situation) -> Outcome {
        situation.problemShown ? situation.answer([]) : situation.refuse(.endStateReached)
    }

    // MARK: - Shared by the steps

    /// Starts the pending attempt with `start`: the request is done, and the wallet waits for the
    /// sheet when the attempt is Apple Pay's.
    private static func startAttempt(
        _ situation: Situation, _ instrument: SwedbankPaySDK.PaymentAttemptInstrument, _ start: SessionOperation
    ) -> Outcome {
        var session = situation.session
        session.request = .none
        // The merchant identifier moves from the request to the wallet, which needs it next.
        if case .applePay(let merchantIdentifier) = instrument {
            session.wallet = .awaitingSheet(merchantIdentifier: merchantIdentifier)
        } else {
            session.wallet = .idle
        }
        let culture = situation.model.culture
        switch instrument {
        case .swish(let msisdn):
            return situation.answer(
                [.send(SessionRequest(start, body: .startSwish(culture: culture, msisdn: msisdn)))], session: session)
        case .creditCard(let prefill):
            let body = SessionRequestBody.startCard(culture: culture, paymentToken: prefill.paymentToken)
            return situation.answer([.send(SessionRequest(start, body: body, isLong: true))], session: session)
        case .applePay:
            return situation.answer(
                [.send(SessionRequest(start, body: .startApplePay(culture: culture)))], session: session)
        case .newCreditCard:
            // Never reached: branches 4 and 5 take it.
            return situation.refuse(.internalInconsistency(.customizationNotPossible), session: session)
        }
    }
}
