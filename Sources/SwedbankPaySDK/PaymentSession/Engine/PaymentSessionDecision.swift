import Foundation

/// The payment session's whole decision table: a pure function of the session's memory and what
/// just happened, returning what to do next. The runner (``PaymentSessionRunner``) carries the
/// effects out; nothing here does I/O.
///
/// The branches for a model follow the Swedbank Pay SDK's documented priority order (reference
/// §3.2), numbered as there, with its defects fixed: customize-payment cannot loop, undecodable
/// answers are not dropped (the runner reports them), a re-fetch forgets everything, an attempt
/// the session cannot take is reported instead of falling through to "end state".
enum PaymentSessionDecision {
    static func reduce(_ memory: inout PaymentSessionMemory, _ input: PaymentSessionInput) -> [PaymentSessionEffect] {
        switch input {
        case .fetch(let url):
            memory = PaymentSessionMemory(manualOrderInfo: memory.manualOrderInfo)
            memory.sessionURL = url
            return [.cancelAll, .send(.getSession(url))]

        case .response(let model, let request):
            return receive(&memory, model, to: request)

        case .failure(let error, let request):
            return fail(&memory, error, request)

        case .attempt(let instrument):
            if let refusal = refuseUse(memory) { return refusal }
            if case .swish(let msisdn?) = instrument, !isValidMSISDN(msisdn) {
                return [.notify(.internalInconsistency(.invalidMSISDN))]
            }
            if case .applePay(let merchantIdentifier) = instrument {
                memory.applePayMerchantIdentifier = merchantIdentifier
            }
            memory.pendingInstrument = instrument
            memory.pendingControllerMode = nil
            memory.customizeSent = nil
            memory.expandSent = false
            return decide(&memory)

        case .createController(let mode):
            if let refusal = refuseUse(memory) { return refusal }
            guard let model = memory.model, let offered = offeredNames(mode, in: model) else {
                return [.notify(.internalInconsistency(.instrumentNotOffered(paymentMethod: modeNames(mode))))]
            }
            _ = offered
            memory.pendingControllerMode = mode
            memory.pendingInstrument = nil
            memory.customizeSent = nil
            return decide(&memory)

        case .abort:
            if let refusal = refuseUse(memory) { return refusal }
            guard let abort = memory.model?.topLevel(SessionRel.abortPayment) else {
                return [.notify(.abortNotAllowed)]
            }
            return [.cancelPolling, .send(SessionRequest(abort))]

        case .paymentURLReturned:
            guard !memory.webControllerActive, !memory.finished,
                let poll = memory.model?.allMethodOperations.first(where: { $0.rel == SessionRel.getPayment })
            else { return [] }
            return [.cancelPolling, .send(SessionRequest(poll))]

        case .appLaunched(let succeeded, let failure):
            guard !succeeded else { return [] }
            if let failure {
                return [
                    .send(
                        SessionRequest(
                            failure, body: .failAttempt(problemType: "ClientAppLaunchFailed", errorCode: nil)))
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
            memory.methodRequestsRunning.remove(key)
            memory.methodRequests[key] = succeeded ? "Y" : "N"
            return decide(&memory)

        case .challengeCompleted(let creq, let cRes):
            guard memory.challengeResults[creq] == nil else { return [] }
            memory.challengeResults[creq] = cRes
            return [.notify(.dismiss3DSecure)] + decide(&memory)

        case .walletFinished(let outcome):
            switch outcome {
            case .submitted: return []
            case .cancelled: return failWalletAttempt(memory, problemType: "UserCancelled", errorCode: nil)
            case .failed(let reason): return failWalletAttempt(memory, problemType: "TechnicalError", errorCode: reason)
            }

        case .webControllerFinished(let completed):
            memory.webControllerActive = false
            memory.finished = true
            return [.cancelPolling, .notify(completed ? .complete : .canceled)]
        }
    }

    // MARK: - Answers

    private static func receive(
        _ memory: inout PaymentSessionMemory, _ model: SessionModel, to request: SessionRequest
    ) -> [PaymentSessionEffect] {
        if request.purpose == .acknowledge { return [] }
        if memory.manualOrderInfo == nil {
            if let info = automaticOrderInfo(model, sessionURL: memory.sessionURL) {
                memory.orderInfo = info
            } else if request.rel == SessionRel.getPayment {
                // Every get-payment answer must carry the URLs in automatic mode (reference §2.5).
                return [.cancelPolling, .notify(.automaticConfigurationFailed)]
            }
        }
        memory.model = model
        if case .recovery = request.purpose { return decide(&memory, afterRecovery: true) }
        return decide(&memory)
    }

    private static func fail(
        _ memory: inout PaymentSessionMemory, _ error: SwedbankPaySDK.PaymentSessionAPIError, _ request: SessionRequest
    ) -> [PaymentSessionEffect] {
        switch request.purpose {
        case .walletPayload:
            // The sheet shows failure; the session learns through fail-payment-attempt.
            return failWalletAttempt(memory, problemType: "TechnicalError", errorCode: error.description)
        case .recovery(let original):
            return [.notify(.requestFailed(error, retry: original))]
        case .acknowledge:
            return [.notify(.requestFailed(error, retry: request))]
        case .model:
            break
        }
        var effects: [PaymentSessionEffect] = []
        if case .clientError(409, let problem) = error, request.rel != SessionRel.getPayment {
            if request.rel == SessionRel.abortPayment, problem?.type == operationNotAllowed {
                effects = [.notify(.abortNotAllowed)]
            } else if let url = memory.sessionURL {
                return [.send(.getSession(url, recovering: request))]
            } else {
                effects = [.notify(.requestFailed(error, retry: request))]
            }
        } else {
            effects = [.notify(.requestFailed(error, retry: request))]
        }
        // An abort that did not happen leaves the attempt running: keep checking its status.
        if request.rel == SessionRel.abortPayment,
            let poll = memory.model?.prioritisedOperations.first(where: { $0.rel == SessionRel.getPayment })
        {
            effects.append(.schedulePoll(SessionRequest(poll)))
        }
        return effects
    }

    static let clientAppLaunchFailed = "https://api.payex.com/psp/errordetail/paymentorders/clientapplaunchfailed"
    static let operationNotAllowed = "https://api.payex.com/psp/errordetail/paymentsessions/operationnotallowed"

    // MARK: - The decision procedure (reference §3.2)

    /// Runs the procedure on the current model. After a 409 re-fetch the instruments are given
    /// again when nothing else applies: the app learns the session is back to choosing, instead
    /// of an end state it is not in.
    private static func decide(_ memory: inout PaymentSessionMemory, afterRecovery: Bool = false)
        -> [PaymentSessionEffect]
    {
        guard let model = memory.model else { return [] }
        var effects: [PaymentSessionEffect] = []

        // Step 1: a problem is shown and acknowledged once; evaluation continues.
        var problemShown = false
        if let problem = model.problem {
            let key = problem.operation?.href ?? "\(problem.type)|\(problem.title ?? "")|\(problem.detail ?? "")"
            if !memory.shownProblems.contains(key) {
                memory.shownProblems.insert(key)
                problemShown = true
                effects.append(.notify(.sessionProblem(problem)))
                if let acknowledge = problem.operation, acknowledge.rel == SessionRel.acknowledgeFailedAttempt {
                    var request = SessionRequest(acknowledge)
                    request.purpose = .acknowledge
                    effects.append(.send(request))
                }
            }
        }
        return effects + branch(&memory, model, problemShown: problemShown, afterRecovery: afterRecovery)
    }

    private static func branch(
        _ memory: inout PaymentSessionMemory, _ model: SessionModel, problemShown: Bool, afterRecovery: Bool
    ) -> [PaymentSessionEffect] {
        let list = model.prioritisedOperations
        func offered(_ rel: String) -> SessionOperation? { list.first { $0.rel == rel } }

        // 1. prepare-payment
        if let prepare = offered(SessionRel.preparePayment) {
            return [.send(SessionRequest(prepare, body: .prepare))]
        }
        // 2. Apple Pay: the sheet, once per attempt.
        if let payload = offered(SessionRel.attemptPayload), let task = payload.task(SessionRel.walletSDK),
            model.method(PaymentMethodName.applePay)?.operation(SessionRel.failPaymentAttempt) != nil
        {
            guard !memory.walletPresented else { return [] }
            memory.walletPresented = true
            guard let merchantIdentifier = memory.applePayMerchantIdentifier else {
                return [.notify(.internalInconsistency(.missingSessionData("Apple Pay merchant identifier")))]
                    + failWalletAttempt(memory, problemType: "TechnicalError", errorCode: "No merchant identifier")
            }
            return [.presentWallet(.init(merchantIdentifier: merchantIdentifier, task: task), payload: payload)]
        }
        // 3–9. The web payment menu: customize the session until it shows what was asked for.
        if let effects = webFallback(&memory, model) { return effects }
        // 10. start-payment-attempt for the pending instrument.
        if offered(SessionRel.startPaymentAttempt) != nil, let instrument = memory.pendingInstrument,
            let start = model.method(instrument.paymentMethod)?.operation(SessionRel.startPaymentAttempt)
        {
            return [startAttempt(&memory, instrument, start, culture: model.culture)]
        }
        // 11. Launch the Swish app.
        if let task = list.lazy.compactMap({ $0.task(SessionRel.launchClientApp) }).first, let href = task.href,
            !href.isEmpty, !memory.launchedAppURLs.contains(href)
        {
            memory.launchedAppURLs.insert(href)
            memory.pendingInstrument = nil
            guard let url = swishLaunchURL(href: href, paymentUrl: memory.orderInfo?.paymentUrl) else {
                return [.notify(.internalInconsistency(.missingSessionData("launch-client-app href")))]
            }
            let failure = model.method(PaymentMethodName.swish)?.operation(SessionRel.failPaymentAttempt)
            return [.launchApp(url, failure: failure)]
        }
        // 12. The 3-D Secure method page, in a hidden web view; the procedure runs again after it.
        for task in list.compactMap({ $0.task(SessionRel.scaMethodRequest) }) {
            guard let form = FormPost(task) else { continue }
            let key = task.string("threeDSMethodData") ?? "null"
            if memory.methodRequests[key] != nil { continue }
            if memory.methodRequestsRunning.contains(key) { return [] }
            memory.methodRequestsRunning.insert(key)
            return [.runMethodRequest(key: key, form)]
        }
        // 13. create-authentication.
        if let create = offered(SessionRel.createAuthentication), let notificationUrl = create.string("NotificationUrl")
        {
            memory.notificationUrl = notificationUrl
            let performed = create.task(SessionRel.scaMethodRequest).flatMap {
                memory.methodRequests[$0.string("threeDSMethodData") ?? "null"]
            }
            let indicator = performed ?? create.string("methodCompletionIndicator") ?? "U"
            let body = SessionRequestBody.createAuthentication(
                methodCompletionIndicator: indicator, notificationUrl: notificationUrl)
            return [.send(SessionRequest(create, body: body, isLong: true))]
        }
        // 14. The challenge, shown once per creq; while it is up there is nothing else to do.
        for task in list.compactMap({ $0.task(SessionRel.scaRedirect) }) {
            guard let creq = task.string("creq"), memory.challengeResults[creq] == nil, let form = FormPost(task)
            else { continue }
            if memory.challengesShown.contains(creq) { return [] }
            memory.challengesShown.insert(creq)
            return [.showChallenge(creq: creq, form, notificationUrl: memory.notificationUrl)]
        }
        // 15. complete-authentication with the captured cres.
        let results = memory.challengeResults
        if let complete = offered(SessionRel.completeAuthentication),
            let cRes = complete.tasks.compactMap({ $0.string("creq") }).compactMap({ results[$0] }).first
        {
            return [.send(SessionRequest(complete, body: .completeAuthentication(cRes: cRes), isLong: true))]
        }
        // 16. redirect-payer: the session ended.
        if let redirect = offered(SessionRel.redirectPayer) {
            return finish(&memory, redirect: redirect.href)
        }
        var effects: [PaymentSessionEffect] = []
        // 17. The pending instrument's own operations: expand, start, or check the status.
        if let instrument = memory.pendingInstrument {
            if !instrument.requiresInstrumentMode, let method = model.method(instrument.paymentMethod),
                let operation = method.operations.first(where: {
                    [SessionRel.expandMethod, SessionRel.startPaymentAttempt, SessionRel.getPayment].contains($0.rel)
                })
            {
                switch operation.rel {
                case SessionRel.expandMethod where !memory.expandSent:
                    memory.expandSent = true
                    return [.send(SessionRequest(operation, body: .expand(paymentMethod: method.paymentMethod)))]
                case SessionRel.startPaymentAttempt:
                    return [startAttempt(&memory, instrument, operation, culture: model.culture)]
                case SessionRel.getPayment:
                    memory.pendingInstrument = nil
                    return [.cancelPolling, .send(SessionRequest(operation))]
                default:
                    break  // expand again: the session did not move; reported below.
                }
            }
            memory.pendingInstrument = nil
            effects.append(
                .notify(.internalInconsistency(.instrumentNotOffered(paymentMethod: instrument.paymentMethod))))
            if offered(SessionRel.getPayment) == nil { return effects }
        }
        // 18. Poll.
        if let poll = offered(SessionRel.getPayment) {
            return effects + [.schedulePoll(SessionRequest(poll))]
        }
        // 19. The instruments, once per fetched session.
        if !memory.instrumentsDelivered || afterRecovery {
            memory.instrumentsDelivered = true
            return [.notify(.fetched(availableInstruments(model)))]
        }
        // 20. Nothing to do and nothing was said: the SDK cannot continue.
        return problemShown ? [] : [.notify(.endStateReached)]
    }

    // MARK: - Branch helpers

    private static func startAttempt(
        _ memory: inout PaymentSessionMemory, _ instrument: SwedbankPaySDK.PaymentAttemptInstrument,
        _ start: SessionOperation, culture: String?
    ) -> PaymentSessionEffect {
        memory.pendingInstrument = nil
        memory.walletPresented = false
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
            return .notify(.internalInconsistency(.customizationNotPossible))  // never reached: branch 4/5 take it
        }
    }

    /// redirect-payer: cancelled, completed, or an end the SDK does not know. The session is over:
    /// its memory of problems, launches and 3-D Secure goes, and nothing more is polled.
    private static func finish(_ memory: inout PaymentSessionMemory, redirect href: String?) -> [PaymentSessionEffect] {
        let notice: PaymentSessionNotice
        if let href, href == memory.orderInfo?.cancelUrl?.absoluteString {
            notice = .canceled
        } else if let href, href == memory.orderInfo?.completeUrl.absoluteString {
            notice = .complete
        } else {
            notice = .endStateReached
        }
        memory.finished = true
        memory.sessionURL = nil
        memory.pendingInstrument = nil
        memory.pendingControllerMode = nil
        memory.shownProblems = []
        memory.launchedAppURLs = []
        memory.methodRequests = [:]
        memory.challengesShown = []
        memory.challengeResults = [:]
        memory.notificationUrl = nil
        return [.cancelPolling, .notify(notice)]
    }

    private static func failWalletAttempt(
        _ memory: PaymentSessionMemory, problemType: String, errorCode: String?
    ) -> [PaymentSessionEffect] {
        guard let fail = memory.model?.method(PaymentMethodName.applePay)?.operation(SessionRel.failPaymentAttempt)
        else { return [.notify(.internalInconsistency(.missingSessionData("ApplePay fail-payment-attempt")))] }
        return [.send(SessionRequest(fail, body: .failAttempt(problemType: problemType, errorCode: errorCode)))]
    }

    /// Refuses calls that need a fetched, unfinished session.
    private static func refuseUse(_ memory: PaymentSessionMemory) -> [PaymentSessionEffect]? {
        if memory.finished { return [.notify(.endStateReached)] }
        if memory.model == nil { return [.notify(.internalInconsistency(.sessionNotFetched))] }
        return nil
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

    static func availableInstruments(_ model: SessionModel) -> [SwedbankPaySDK.AvailableInstrument] {
        model.methods.flatMap { method -> [SwedbankPaySDK.AvailableInstrument] in
            switch method.paymentMethod {
            case PaymentMethodName.swish:
                return [.swish(prefills: method.swishPrefills)]
            case PaymentMethodName.creditCard:
                let newCard =
                    model.topLevel(SessionRel.customizePayment) != nil
                    || model.instrumentModePaymentMethod == PaymentMethodName.creditCard
                return [.creditCard(prefills: method.cardPrefills)] + (newCard ? [.newCreditCard] : [])
            case PaymentMethodName.applePay:
                return [.applePay]
            default:
                return [.webBased(paymentMethod: method.paymentMethod)]
            }
        }
    }
}
