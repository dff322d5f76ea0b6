import Foundation

/// Carries out what ``PaymentSessionDecision`` decides, for one ``SwedbankPaySDK/SwedbankPayPaymentSession``.
///
/// It owns the session's memory and runs each input through the engine without suspending, so
/// inputs never interleave; everything slow (requests, retries, polls, app launches, web views,
/// the wallet sheet) runs in tasks it tracks and feeds its result back as a new input. Results of a
/// session replaced by `fetchPaymentSession` are dropped (by generation) and its tasks cancelled.
actor PaymentSessionRunner {
    let environment: SwedbankPaySDK.PaymentSessionEnvironment
    /// What the main actor needs to match a returning paymentUrl without waiting for the actor.
    nonisolated let urlState: PaymentURLState
    private let deliver: @Sendable (SwedbankPaySDK.PaymentSessionEvent) -> Void
    /// Told, just before a fetched session's instruments are delivered, whether it takes a new card.
    private let offerNewCreditCard: @Sendable (Bool) -> Void
    private var state: PaymentSessionState
    var generation = 0
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    private var nextTaskID: UInt64 = 0
    private var pollTask: Task<Void, Never>?
    var eventLog: EventLog
    private let views: ThreeDSecureWebViews
    /// The web payment menu handed to the app, and its observer (kept alive here).
    var webController: (SwedbankPaySDKController, AnyObject & Sendable)?

    init(
        manualOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?, environment: SwedbankPaySDK.PaymentSessionEnvironment,
        walletDevice: SwedbankPaySDK.WalletDevice = .everything, views: ThreeDSecureWebViews,
        deliver: @escaping @Sendable (SwedbankPaySDK.PaymentSessionEvent) -> Void,
        offerNewCreditCard: @escaping @Sendable (Bool) -> Void = { _ in }
    ) {
        self.environment = environment
        self.deliver = deliver
        self.offerNewCreditCard = offerNewCreditCard
        self.views = views
        state = PaymentSessionState(manualOrderInfo: manualOrderInfo, walletDevice: walletDevice)
        urlState = PaymentURLState(orderInfo: manualOrderInfo)
        eventLog = EventLog(device: environment.device, wallTime: environment.wallTime)
    }

    // MARK: Inputs

    /// Runs one input through the engine and starts its effects; returns the step (its verdict is
    /// logged for calls, and the wallet's submit learns from it whether the payment completed).
    @discardableResult
    func handle(_ input: PaymentSessionInput) -> PaymentSessionStep {
        let step = PaymentSessionDecision.reduce(&state, input)
        environment.debugLogger?(
            "\(input.kind.rawValue) → \(state.phase.kind.rawValue), \(step.effects.count) effect(s)"
                + (step.verdict == .refused ? ", refused" : ""))
        urlState.update(orderInfo: state.orderInfo, webControllerActive: state.ignoresPaymentURLs)
        for effect in step.effects { perform(effect) }
        return step
    }

    /// A public method was called: log it, then run it.
    func call(_ input: PaymentSessionInput, method: String, values: SwedbankPaySDK.JSONObject = [:]) {
        let step = handle(input)
        // A fetch starts a new session's log.
        if case .fetch = input { eventLog.reset() }
        log(eventLog.method(method, succeeded: step.verdict == .accepted, values: values))
    }

    func returned(to url: URL) {
        log(eventLog.event("ClientAppCallback", values: ["callbackUrl": .string(url.absoluteString)]))
        handle(.paymentURLReturned)
    }

    func callbackDelivered(_ event: SwedbankPaySDK.PaymentSessionEvent, toDelegate: Bool) {
        guard case .showSwedbankPaySDKController = event else {
            log(eventLog.callback(event, succeeded: toDelegate))
            return
        }
    }

    /// Cancels everything: the session object is gone.
    func shutdown() {
        generation += 1
        cancelTasks()
        let views = views
        Task { @MainActor in await views.closeAll() }
    }

    // MARK: Effects

    private func perform(_ effect: PaymentSessionEffect) {
        let generation = generation
        switch effect {
        case .notify(let notice):
            if case .fetched(_, let newCreditCard) = notice { offerNewCreditCard(newCreditCard) }
            deliver(event(for: notice))
        case .send(let request):
            spawn { await $0.execute(request, generation: generation) }
        case .schedulePoll(let request):
            pollTask?.cancel()
            let clock = environment.clock
            let interval = environment.retryPolicy.pollInterval
            pollTask = Task { [weak self] in
                guard (try? await clock.sleep(seconds: interval)) != nil else { return }
                await self?.execute(request, generation: generation)
            }
        case .cancelPolling:
            pollTask?.cancel()
            pollTask = nil
        case .cancelAll:
            self.generation += 1
            cancelTasks()
            webController = nil
            let views = views
            Task { @MainActor in await views.closeAll() }
        case .launchApp(let url, let failure):
            launch(url, failure: failure, generation: generation)
        case .runMethodRequest(let key, let form):
            let views = views
            spawn { runner in
                let succeeded = await views.runMethodRequest(form)
                await runner.ifCurrent(generation) { $0.handle(.methodRequestFinished(key: key, succeeded: succeeded)) }
            }
        case .showChallenge(let creq, let form, let notificationUrl):
            showChallenge(ChallengePage(creq: creq, form: form, notificationUrl: notificationUrl), generation: generation)
        case .reloadChallenge(let page):
            reloadChallenge(page, generation: generation)
        case .presentWallet(let request, let payload):
            presentWallet(request, payload: payload, generation: generation)
        case .makeWebController(let info):
            makeWebController(info, generation: generation)
        }
    }

    func ifCurrent(_ generation: Int, _ body: @Sendable (isolated PaymentSessionRunner) -> Void) {
        guard generation == self.generation else { return }
        body(self)
    }

    /// Starts a task this runner cancels on re-fetch and shutdown.
    func spawn(_ operation: @escaping @Sendable (PaymentSessionRunner) async -> Void) {
        nextTaskID += 1
        let id = nextTaskID
        tasks[id] = Task { [weak self] in
            guard let self else { return }
            await operation(self)
            await self.finished(id)
        }
    }

    private func finished(_ id: UInt64) {
        tasks[id] = nil
    }

    private func cancelTasks() {
        pollTask?.cancel()
        pollTask = nil
        for task in tasks.values { task.cancel() }
        tasks = [:]
    }

    /// Sends a request the app asked to retry, if its session is still the current one.
    func retry(_ request: SessionRequest, generation: Int) {
        guard generation == self.generation else { return }
        spawn { await $0.execute(request, generation: generation) }
    }

    private func launch(_ url: URL, failure: SessionOperation?, generation: Int) {
        let launcher = environment.appLauncher
        let callback = state.orderInfo?.paymentUrl?.absoluteString ?? ""
        spawn { runner in
            let opened = await launcher.open(url)
            await runner.ifCurrent(generation) { runner in
                runner.log(
                    runner.eventLog.event(
                        "LaunchClientApp",
                        values: [
                            "callbackUrl": .string(callback), "clientAppLaunchUrl": .string(url.absoluteString),
                            "launchSucceeded": .string(opened ? "true" : "false"),
                        ]))
                runner.handle(.appLaunched(succeeded: opened, failure: failure))
            }
        }
    }

    private func showChallenge(_ page: ChallengePage, generation: Int) {
        let views = views
        let deliver = deliver
        spawn { runner in
            let result = await views.showChallenge(page.form, notificationUrl: page.notificationUrl, show: deliver)
            await runner.ifCurrent(generation) { $0.handle(.challengeEnded(page, ChallengeEnd(result))) }
        }
    }

    private func reloadChallenge(_ page: ChallengePage, generation: Int) {
        let views = views
        spawn { runner in
            let result = await views.reloadChallenge(page.form, notificationUrl: page.notificationUrl)
            await runner.ifCurrent(generation) { $0.handle(.challengeEnded(page, ChallengeEnd(result))) }
        }
    }

    private func presentWallet(
        _ request: SwedbankPaySDK.WalletPaymentRequest, payload: SessionOperation, generation: Int
    ) {
        let wallet = environment.walletAuthorizer
        spawn { runner in
            let outcome = await wallet.authorize(request) { [weak runner] data in
                await runner?.submitWalletPayment(data, to: payload, generation: generation) ?? false
            }
            await runner.ifCurrent(generation) { $0.handle(.walletFinished(outcome)) }
        }
    }

    /// `attempt-payload` with the wallet's payment data; true when its answer completed the payment.
    private func submitWalletPayment(_ data: Data, to payload: SessionOperation, generation: Int) async -> Bool {
        guard generation == self.generation else { return false }
        var request = SessionRequest(payload, body: .attemptPayload(paymentPayload: data.base64EncodedString()))
        request.purpose = .walletPayload
        let outcome = await send(request)
        guard generation == self.generation else { return false }
        switch outcome {
        case .model(let model):
            eventLog.use(model)
            flushLog()
            return handle(.response(model, to: request)).ended == .completed
        case .failure(let error):
            handle(.failure(error, of: request))
            return false
        case .acknowledged, .cancelled:
            return false
        }
    }

    private func makeWebController(_ info: SwedbankPaySDK.ViewPaymentOrderInfo, generation: Int) {
        let host = environment.webViewHost
        let launcher = environment.appLauncher
        let deliver = deliver
        spawn { runner in
            let controller = await Self.startController(info, host: host, launcher: launcher) { [weak runner] outcome in
                Task { await runner?.webControllerEnded(outcome, generation: generation) }
            }
            await runner.ifCurrent(generation) { $0.webController = controller }
            deliver(.showSwedbankPaySDKController(viewController: controller.0))
        }
    }

    @MainActor
    private static func startController(
        _ info: SwedbankPaySDK.ViewPaymentOrderInfo, host: (any SwedbankPaySDK.WebViewHost)?,
        launcher: any SwedbankPaySDK.AppLauncher,
        onEnd: @escaping @Sendable (WebControllerOutcome) -> Void
    ) -> (SwedbankPaySDKController, AnyObject & Sendable) {
        let (controller, observer) = PaymentSessionWebController.make(
            info: info, webViewHost: host, appLauncher: launcher, onEnd: onEnd)
        return (controller, observer)
    }

    private func webControllerEnded(_ outcome: WebControllerOutcome, generation: Int) {
        guard generation == self.generation else { return }
        handle(.webControllerFinished(outcome))
    }

    // MARK: Notices to events

    func event(for notice: PaymentSessionNotice) -> SwedbankPaySDK.PaymentSessionEvent {
        switch notice {
        case .fetched(let instruments, _): return .paymentSessionFetched(availableInstruments: instruments)
        case .sessionProblem(let problem): return .sessionProblemOccurred(problem: problem)
        case .complete: return .paymentSessionComplete
        case .canceled: return .paymentSessionCanceled
        case .dismiss3DSecure: return .dismiss3DSecureViewController
        case .endStateReached: return .sdkProblemOccurred(problem: .paymentSessionEndStateReached)
        case .internalInconsistency(let reason):
            log(eventLog.event("InternalInconsistency", values: ["reason": .string(String(describing: reason))]))
            return .sdkProblemOccurred(problem: .internalInconsistencyError)
        case .automaticConfigurationFailed: return .sdkProblemOccurred(problem: .automaticConfigurationFailed)
        case .abortNotAllowed: return .sdkProblemOccurred(problem: .abortPaymentNotAllowed)
        case .requestFailed(let error, let request):
            let generation = generation
            let retry: @Sendable () -> Void = { [weak self] in
                Task { await self?.retry(request, generation: generation) }
            }
            return .sdkProblemOccurred(problem: .paymentSessionAPIRequestFailed(error: error, retry: retry))
        case .challengeLoadFailed(let error, let page):
            let generation = generation
            let retry: @Sendable () -> Void = { [weak self] in
                Task { await self?.ifCurrent(generation) { $0.reloadChallenge(page, generation: generation) } }
            }
            return .sdkProblemOccurred(
                problem: .paymentSession3DSecureViewControllerLoadFailed(error: error.error, retry: retry))
        case .webMenuFailed(let error):
            return .sdkProblemOccurred(problem: .paymentControllerPaymentFailed(error: error.error, retry: nil))
        case .webMenuUpdateFailed(let error):
            return .sdkProblemOccurred(problem: .paymentSessionAPIRequestFailed(error: error.error, retry: nil))
        }
    }
}

/// The order info and paymentUrl a session uses, readable from the main actor without waiting for
/// the runner (``SwedbankPaySDK/open(url:)`` answers synchronously, and `orderInfo` is a property).
final class PaymentURLState: @unchecked Sendable {
    private let lock = NSLock()
    private var orderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?
    private var ignoring = true

    init(orderInfo: SwedbankPaySDK.ViewPaymentOrderInfo? = nil) {
        self.orderInfo = orderInfo
    }

    func update(orderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?, webControllerActive: Bool) {
        lock.withLock {
            self.orderInfo = orderInfo
            ignoring = webControllerActive
        }
    }

    /// The order info as the app set it, before the runner takes it in.
    func set(orderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?) {
        lock.withLock { self.orderInfo = orderInfo }
    }

    var currentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo? { lock.withLock { orderInfo } }

    /// Whether `url` is the paymentUrl the session waits for (not while the web menu has it).
    func matches(_ url: URL) -> Bool {
        let (expected, ignoring) = lock.withLock { (orderInfo?.paymentUrl, self.ignoring) }
        guard !ignoring, let expected else { return false }
        return SwedbankPaySDK.PaymentURLMatcher(callbackScheme: nil).url(url, matches: expected)
    }
}
