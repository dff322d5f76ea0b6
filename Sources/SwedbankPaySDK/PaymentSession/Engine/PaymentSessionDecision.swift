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
            if case .swish(let msisdn?) = instrument, !isValidMSISDN(msisdn) {
                return [turn.refuse(.internalInconsistency(.invalidMSISDN))]
            }
            session.request = .attempt(instrument, customizeSent: nil, expandSent: false)
            return proceed(&state, session, &turn) { decide(&$0, &$1) }

        case .createController(let mode):
            guard var session = state.session else { return [refusal(state, &turn)] }
            guard offeredNames(mode, in: session.model) != nil else {
                return [turn.refuse(.internalInconsistency(.instrumentNotOffered(paymentMethod: modeNames(mode))))]
            }
            session.request = .controller(mode, customizeSent: nil)
            return proceed(&state, session, &turn) { decide(&$0, &$1) }

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
                            type: clientAppLaunchFailed, title: "The payment app could not be started.", status: 400)))
            ]

        case .methodRequestFinished(let key, let succeeded):
            guard var session = state.session else { return [] }
            session.threeDSecure.methodRequests[key] = .finished(succeeded: succeeded)
            return proceed(&state, session, &turn) { decide(&$0, &$1) }

        case .challengeEnded(let page, .completed(let cRes)):
            guard var session = state.session else { return [] }
            if case .answered = session.threeDSecure.challenges[page.creq] { return [] }
            session.threeDSecure.challenges[page.creq] = .answered(cRes: cRes)
            return [.notify(.dismiss3DSecure)] + proceed(&state, session, &turn) { decide(&$0, &$1) }

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

    /// Runs `body` on the session of `state` (active, or showing the web menu) and puts the session
    /// back in the phase the body leads to. The web menu keeps no native work: what the body leaves
    /// under way (a request, a 3-D Secure page, the wallet) makes the session active again, and
    /// what it finished is not kept.
    private static func proceed(
        _ state: inout PaymentSessionState, _ session: ActiveSession, _ turn: inout Turn,
        _ body: (inout ActiveSession, inout Turn) -> [PaymentSessionEffect]
    ) -> [PaymentSessionEffect] {
        var session = session
        let effects = body(&session, &turn)
        switch turn.next {
        case .stay:
            if case .webMenu = state.phase, !session.hasWorkUnderWay {
                state.phase = .webMenu(session.fetched)
            } else {
                state.phase = .active(session)
            }
        case .webMenu:
            state.phase = .webMenu(session.fetched)
        case .finished(let end):
            state.phase = .finished(end, automaticOrderInfo: session.automaticOrderInfo)
        }
        return effects
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
        if let info = automaticOrderInfo(model, sessionURL: session.url) {
            session.automaticOrderInfo = info
        } else if state.manualOrderInfo == nil, request.rel == SessionRel.getPayment {
            // Every get-payment answer must carry the URLs in automatic mode (reference §2.5).
            return [.cancelPolling, .notify(.automaticConfigurationFailed)]
        }
        session.model = model
        let afterRecovery: Bool
        if case .recovery = request.purpose { afterRecovery = true } else { afterRecovery = false }
        return proceed(&state, session, &turn) { decide(&$0, &$1, afterRecovery: afterRecovery) }
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
            if request.rel == SessionRel.abortPayment, problem?.type == operationNotAllowed {
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

    static let clientAppLaunchFailed = SwedbankPaySDK.ProblemTypeURI.clientAppLaunchFailed
    static let operationNotAllowed = SwedbankPaySDK.ProblemTypeURI.operationNotAllowed

    // MARK: - The decision procedure (reference §3.2)

    /// Runs the procedure on the current model. After a 409 re-fetch the instruments are given
    /// again when nothing else applies: the app learns the session is back to choosing, instead
    /// of an end state it is not in.
    private static func decide(_ session: inout ActiveSession, _ turn: inout Turn, afterRecovery: Bool = false)
        -> [PaymentSessionEffect]
    {
        let model = session.model
        var effects: [PaymentSessionEffect] = []

        // Step 1: a problem is shown and acknowledged once; evaluation continues.
        var problemShown = false
        if let problem = model.problem {
            let key = problem.operation?.href ?? "\(problem.type)|\(problem.title ?? "")|\(problem.detail ?? "")"
            if !session.shownProblems.contains(key) {
                session.shownProblems.insert(key)
                problemShown = true
                effects.append(.notify(.sessionProblem(problem)))
                if let acknowledge = problem.operation, acknowledge.rel == SessionRel.acknowledgeFailedAttempt {
                    var request = SessionRequest(acknowledge)
                    request.purpose = .acknowledge
                    effects.append(.send(request))
                }
            }
        }
        return effects
            + branch(&session, &turn, model, problemShown: problemShown, afterRecovery: afterRecovery)
    }

    private static func branch(
        _ session: inout ActiveSession, _ turn: inout Turn, _ model: SessionModel, problemShown: Bool,
        afterRecovery: Bool
    ) -> [PaymentSessionEffect] {
        let list = model.prioritisedOperations
        func offered(_ rel: SessionRel) -> SessionOperation? { list.first { $0.rel == rel } }

        // 1. prepare-payment
        if let prepare = offered(SessionRel.preparePayment) {
            return [.send(SessionRequest(prepare, body: .prepare))]
        }
        // 2. Apple Pay: the sheet, once per attempt.
        if let payload = offered(SessionRel.attemptPayload), let task = payload.task(SessionRel.walletSDK),
            model.method(PaymentMethodName.applePay)?.operation(SessionRel.failPaymentAttempt) != nil
        {
            let merchantIdentifier: String?
            switch (session.wallet, session.request.instrument) {
            case (.sheetShown, _): return []
            case (.awaitingSheet(let started), _): merchantIdentifier = started
            // The session asks for the payload before the app's attempt was started.
            case (.idle, .applePay(let pending)?): merchantIdentifier = pending
            case (.idle, _): merchantIdentifier = nil
            }
            session.wallet = .sheetShown
            guard let merchantIdentifier else {
                return [turn.refuse(.internalInconsistency(.missingSessionData("Apple Pay merchant identifier")))]
                    + failWalletAttempt(session, problemType: .technicalError, errorCode: "No merchant identifier")
            }
            return [.presentWallet(.init(merchantIdentifier: merchantIdentifier, task: task), payload: payload)]
        }
        // 3–9. The web payment menu: customize the session until it shows what was asked for.
        if let effects = webFallback(&session, &turn, model) { return effects }
        // 10. start-payment-attempt for the pending instrument.
        if offered(SessionRel.startPaymentAttempt) != nil, let instrument = session.request.instrument,
            let start = model.method(instrument.paymentMethod)?.operation(SessionRel.startPaymentAttempt)
        {
            return [startAttempt(&session, instrument, start, culture: model.culture, &turn)]
        }
        // 11. Launch the Swish app.
        if let task = list.lazy.compactMap({ $0.task(SessionRel.launchClientApp) }).first, let href = task.href,
            !href.isEmpty, !session.launchedAppURLs.contains(href)
        {
            session.launchedAppURLs.insert(href)
            if session.request.instrument != nil { session.request = .none }
            guard let url = swishLaunchURL(href: href, paymentUrl: turn.orderInfo(session)?.paymentUrl) else {
                return [turn.refuse(.internalInconsistency(.missingSessionData("launch-client-app href")))]
            }
            let failure = model.method(PaymentMethodName.swish)?.operation(SessionRel.failPaymentAttempt)
            return [.launchApp(url, failure: failure)]
        }
        // 12. The 3-D Secure method page, in a hidden web view; the procedure runs again after it.
        for task in list.compactMap({ $0.task(SessionRel.scaMethodRequest) }) {
            guard let form = FormPost(task) else { continue }
            let key = task.string("threeDSMethodData") ?? "null"
            switch session.threeDSecure.methodRequests[key] {
            case .finished: continue
            case .running: return []
            case nil:
                session.threeDSecure.methodRequests[key] = .running
                return [.runMethodRequest(key: key, form)]
            }
        }
        // 13. create-authentication.
        if let create = offered(SessionRel.createAuthentication), let notificationUrl = create.string("NotificationUrl")
        {
            session.threeDSecure.notificationUrl = notificationUrl
            let performed = create.task(SessionRel.scaMethodRequest).flatMap {
                session.threeDSecure.methodRequests[$0.string("threeDSMethodData") ?? "null"]?.completionIndicator
            }
            let indicator = performed ?? create.string("methodCompletionIndicator") ?? "U"
            let body = SessionRequestBody.createAuthentication(
                methodCompletionIndicator: indicator, notificationUrl: notificationUrl)
            return [.send(SessionRequest(create, body: body, isLong: true))]
        }
        // 14. The challenge, shown once per creq; while it is up there is nothing else to do.
        for task in list.compactMap({ $0.task(SessionRel.scaRedirect) }) {
            guard let creq = task.string("creq"), let form = FormPost(task) else { continue }
            switch session.threeDSecure.challenges[creq] {
            case .answered: continue
            case .shown: return []
            case nil:
                session.threeDSecure.challenges[creq] = .shown
                return [.showChallenge(creq: creq, form, notificationUrl: session.threeDSecure.notificationUrl)]
            }
        }
        // 15. complete-authentication with the captured cres.
        let challenges = session.threeDSecure.challenges
        if let complete = offered(SessionRel.completeAuthentication),
            let cRes = complete.tasks.compactMap({ $0.string("creq") }).lazy.compactMap({
                if case .answered(let cRes) = challenges[$0] { return cRes }
                return nil
            }).first
        {
            return [.send(SessionRequest(complete, body: .completeAuthentication(cRes: cRes), isLong: true))]
        }
        // 16. redirect-payer: the session ended.
        if let redirect = offered(SessionRel.redirectPayer) {
            return finish(session, &turn, redirect: redirect.href)
        }
        var effects: [PaymentSessionEffect] = []
        // 17. The pending instrument's own operations: expand, start, or check the status.
        if case .attempt(let instrument, let customizeSent, let expandSent) = session.request {
            if !instrument.requiresInstrumentMode, let method = model.method(instrument.paymentMethod),
                let operation = method.operations.first(where: {
                    [.expandMethod, .startPaymentAttempt, .getPayment].contains($0.rel)
                })
            {
                switch operation.rel {
                case .expandMethod where !expandSent:
                    session.request = .attempt(instrument, customizeSent: customizeSent, expandSent: true)
                    return [.send(SessionRequest(operation, body: .expand(paymentMethod: method.paymentMethod)))]
                case .startPaymentAttempt:
                    return [startAttempt(&session, instrument, operation, culture: model.culture, &turn)]
                case .getPayment:
                    session.request = .none
                    return [.cancelPolling, .send(SessionRequest(operation))]
                default:
                    break  // expand again: the session did not move; reported below.
                }
            }
            session.request = .none
            effects.append(
                turn.refuse(.internalInconsistency(.instrumentNotOffered(paymentMethod: instrument.paymentMethod))))
            if offered(SessionRel.getPayment) == nil { return effects }
        }
        // 18. Poll.
        if let poll = offered(SessionRel.getPayment) {
            return effects + [.schedulePoll(SessionRequest(poll))]
        }
        // 19. The instruments, once per fetched session.
        if !session.instrumentsDelivered || afterRecovery {
            session.instrumentsDelivered = true
            return [
                .notify(
                    .fetched(
                        availableInstruments(model, wallet: turn.walletDevice),
                        newCreditCard: newCreditCardAvailable(model)))
            ]
        }
        // 20. Nothing to do and nothing was said: the SDK cannot continue.
        return problemShown ? [] : [turn.refuse(.endStateReached)]
    }

    // MARK: - Branch helpers

    private static func startAttempt(
        _ session: inout ActiveSession, _ instrument: SwedbankPaySDK.PaymentAttemptInstrument,
        _ start: SessionOperation, culture: String?, _ turn: inout Turn
    ) -> PaymentSessionEffect {
        session.request = .none
        // The merchant identifier moves from the request to the wallet, which needs it next.
        if case .applePay(let merchantIdentifier) = instrument {
            session.wallet = .awaitingSheet(merchantIdentifier: merchantIdentifier)
        } else {
            session.wallet = .idle
        }
        switch instrument {
        case .swish(let msisdn):
            return .send(SessionRequest(start, body: .startSwish(culture: culture, msisdn: msisdn)))
        case .creditCard(let prefill):
            return .send(
                SessionRequest(
                    start, body: .startCard(culture: culture, paymentToken: prefill.paymentToken), isLong: true))
        case .applePay:
            return .send(SessionRequest(start, body: .startApplePay(culture: culture)))
        case .newCreditCard:
            return turn.refuse(.internalInconsistency(.customizationNotPossible))  // never reached: branch 4/5 take it
        }
    }

    /// redirect-payer: cancelled, completed, or an end the SDK does not know. The session is over
    /// (its problems, launches and 3-D Secure go with it), and nothing more is polled.
    private static func finish(_ session: ActiveSession, _ turn: inout Turn, redirect href: String?)
        -> [PaymentSessionEffect]
    {
        let end: PaymentSessionEnd
        let orderInfo = turn.orderInfo(session)
        if let href, href == orderInfo?.cancelUrl?.absoluteString {
            end = .canceled
        } else if let href, href == orderInfo?.completeUrl.absoluteString {
            end = .completed
        } else {
            end = .unknown
        }
        turn.next = .finished(end)
        let notice: PaymentSessionNotice =
            switch end {
            case .completed: .complete
            case .canceled: .canceled
            case .unknown: .endStateReached
            }
        return [.cancelPolling, .notify(notice)]
    }

    private static func failWalletAttempt(
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

    /// `+`, a country code not starting with 0, 8 to 15 digits in all; nothing else.
    static func isValidMSISDN(_ msisdn: String) -> Bool {
        let digits = msisdn.utf8.dropFirst()
        return msisdn.utf8.first == UInt8(ascii: "+") && (8...15).contains(digits.count)
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && digits.first != UInt8(ascii: "0")
    }

    /// The Swish URL with `callbackurl=<paymentUrl>` added (percent-encoded once, as a query
    /// value), unless it already has a non-empty one. Other schemes are opened as given.
    static func swishLaunchURL(href: String, paymentUrl: URL?) -> URL? {
        guard var components = URLComponents(string: href) else { return nil }
        let hasCallback = (components.queryItems ?? []).contains {
            $0.name == "callbackurl" && !($0.value ?? "").isEmpty
        }
        if components.scheme?.lowercased() == "swish", let paymentUrl, !hasCallback {
            var unreserved = CharacterSet(
                charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            unreserved.insert(charactersIn: "-._~")
            let value = paymentUrl.absoluteString.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
            let query = components.percentEncodedQuery.map { $0.isEmpty ? "" : $0 + "&" } ?? ""
            components.percentEncodedQuery = query + "callbackurl=" + value
        }
        return components.url
    }

    /// The order info automatic configuration builds from a model; nil without the complete URL
    /// or a host URL.
    private static func automaticOrderInfo(_ model: SessionModel, sessionURL: URL?) -> SwedbankPaySDK
        .ViewPaymentOrderInfo?
    {
        guard let urls = model.urls, let completeUrl = urls.completeUrl, let host = urls.hostUrls?.first,
            let viewLink = model.topLevel(SessionRel.viewPayment)?.href.flatMap(URL.init(string:)) ?? sessionURL
        else { return nil }
        return SwedbankPaySDK.ViewPaymentOrderInfo(
            isV3: true, webViewBaseURL: host, viewPaymentLink: viewLink, completeUrl: completeUrl,
            cancelUrl: urls.cancelUrl, paymentUrl: urls.paymentUrl, termsOfServiceUrl: urls.termsOfServiceUrl)
    }

    /// Whether a card the payer enters can be paid with: the session has a card method and can be
    /// put in card instrument mode (or already is).
    static func newCreditCardAvailable(_ model: SessionModel) -> Bool {
        model.methods.contains { $0.paymentMethod == PaymentMethodName.creditCard }
            && (model.topLevel(SessionRel.customizePayment) != nil
                || model.instrumentModePaymentMethod == PaymentMethodName.creditCard)
    }

    static func availableInstruments(_ model: SessionModel, wallet: SwedbankPaySDK.WalletDevice)
        -> [SwedbankPaySDK.AvailableInstrument]
    {
        model.methods.flatMap { method -> [SwedbankPaySDK.AvailableInstrument] in
            switch method.paymentMethod {
            case PaymentMethodName.swish:
                return [.swish(prefills: method.swishPrefills)]
            case PaymentMethodName.creditCard:
                return [.creditCard(prefills: method.cardPrefills)]
            case PaymentMethodName.applePay:
                return [
                    .applePay(
                        canMakePayments: wallet.canMakePayments,
                        canMakePaymentsUsingNetworksAndCapabilities: wallet.canPay(
                            networks: method.cardBrands ?? [], capabilities: method.merchantCapabilities ?? []))
                ]
            default:
                return [.webBased(paymentMethod: method.paymentMethod)]
            }
        }
    }
}
