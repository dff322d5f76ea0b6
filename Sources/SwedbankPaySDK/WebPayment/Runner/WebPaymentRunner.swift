import Foundation

/// Carries out what ``SwedbankPaySDK/WebPaymentFlow`` decides, for one web payment.
///
/// It holds the flow (the payment's state, its setup and order key among it), the web views, the
/// work in flight and what waits for an answer (navigations, page dialogs). Each input goes
/// through `WebPaymentFlow.reduce` and the runner performs the effects it returns, in order,
/// deciding nothing itself: what it learns (a configuration's answer, a page loaded, an app
/// opened, whether a presenter exists) goes back as a new input. It reaches the controller only
/// through its ``SwedbankPaySDK/WebPaymentPort``, so tests run it with a stand-in port, web view
/// host, launcher and configuration.
@MainActor
final class WebPaymentRunner {
    typealias Setup = SwedbankPaySDK.WebPaymentSetup

    /// The controller (or a test's port); held weakly, as it owns the runner.
    weak var port: (any SwedbankPaySDK.WebPaymentPort)?
    /// The payment and everything decided about it; changed only by `WebPaymentFlow.reduce`.
    private(set) var flow = SwedbankPaySDK.WebPaymentFlow()
    /// Reads the time for the stuck prompt; tests set a manual clock.
    var clock: any SwedbankPaySDK.Clock = SwedbankPaySDK.SystemClock()
    var webView: (any SwedbankPaySDK.WebView)?
    /// The web view being made; concurrent callers share it.
    var webViewTask: Task<(any SwedbankPaySDK.WebView)?, Never>?
    /// The configuration's `postConsumers` / `postPaymentorders`, and its update, in flight.
    var creationTask: Task<Void, Never>?
    var updateTask: Task<Void, Never>?
    /// The check the stuck-prompt watch scheduled.
    var checkTask: Task<Void, Never>?
    /// The web view of the terms of service page while it is shown.
    var termsWebView: (any SwedbankPaySDK.WebView)?
    /// Navigations the web views wait for an answer to, by number.
    var navigations = Awaited<SwedbankPaySDK.WebNavigationDecision>()
    /// Page dialogs waiting for the payer's answer, by number.
    var dialogs = Awaited<SwedbankPaySDK.WebDialogAnswer>()
    /// The answer to the paymentUrl being offered by `SwedbankPaySDK.open(url:)`.
    private var paymentURLTaken = false

    init(port: (any SwedbankPaySDK.WebPaymentPort)? = nil) {
        self.port = port
    }

    /// The payment's setup, order key and the app's values (nil before it starts, and when it
    /// never ran here).
    var run: SwedbankPaySDK.PaymentRun? { flow.run }

    /// The payment's setup.
    var setup: Setup? { run?.setup }

    // MARK: The app's calls

    /// Starts a payment with `arguments`; without a `setup` (no configuration) it fails at once.
    func start(useCheckin: Bool, isV3: Bool, arguments: SwedbankPaySDK.FlowArguments, setup: Setup?) {
        let launch = SwedbankPaySDK.WebPaymentLaunch(arguments: arguments, setup: setup, newOrderKey: .init())
        send(.start(useCheckin: useCheckin, isV3: isV3, launch))
    }

    /// Asks the configuration to update the order with `updateInfo`.
    func update(with updateInfo: Any) {
        send(.updateRequested(updateInfo: SwedbankPaySDK.AppValue(updateInfo)))
    }

    func abort() {
        send(.abortRequested)
    }

    /// The payer came back to the app.
    func appBecameActive() {
        send(.appBecameActive(at: clock.now))
    }

    // MARK: Running the flow

    /// Runs `input` through the flow and carries out the effects it returns, in order.
    func send(_ input: SwedbankPaySDK.WebPaymentInput) {
        for effect in flow.reduce(input) {
            perform(effect)
        }
    }

    private func perform(_ effect: SwedbankPaySDK.WebPaymentEffect) {
        switch effect {
        case .createConsumerSession, .createPaymentOrder, .startUpdate, .cancelUpdate, .abort, .cancelCreation,
            .expandPayer, .askConfiguration:
            call(effect)
        case .showPage(let page, let number, let baseURL, let delayed):
            show(page, number: number, baseURL: baseURL, delayed: delayed)
        case .notify(let notice):
            notify(notice)
        case .answer(let navigation, let decision):
            navigations.answer(navigation.id, decision)
        case .offerTerms(let navigation, let url):
            let taken = port?.delegate?.overrideTermsOfServiceTapped(url: url) == true
            send(.termsOffered(navigation, url: url, taken: taken))
        case .showTerms(let navigation, let url):
            Task { [weak self] in
                await self?.showTermsOfService(url)
                self?.send(.termsShown(navigation))
            }
        case .open(let navigation, let opening):
            open(opening, for: navigation)
        case .presentDialog(let id, let dialog):
            present(dialog, id: id)
        case .answerDialog(let id, let answer):
            dialogs.answer(id, answer)
        case .presentPrompt(let prompt, let number):
            present(prompt, number: number)
        case .dismissPrompt:
            port?.activeDialogPresenter?.dismiss()
        case .scheduleCheck(let time):
            scheduleCheck(at: time)
        case .cancelCheck:
            checkTask?.cancel()
            checkTask = nil
        case .useBrowserFromNowOn:
            port?.webRedirectBehavior = .AlwaysUseBrowser
        case .registerForPaymentURLs:
            SwedbankPaySDK.PaymentURLRouter.shared.register(self)
        case .unregisterFromPaymentURLs:
            SwedbankPaySDK.PaymentURLRouter.shared.unregister(self)
        case .answerPaymentURL(let taken):
            paymentURLTaken = taken
        }
    }

    private func notify(_ notice: SwedbankPaySDK.WebPaymentNotice) {
        guard let delegate = port?.delegate else { return }
        switch notice {
        case .complete: delegate.paymentComplete()
        case .canceled: delegate.paymentCanceled()
        case .failed(let error): delegate.paymentFailed(error: error.error)
        case .updateFailed(let error, let updateInfo):
            delegate.updatePaymentOrderFailed(updateInfo: updateInfo.value, error: error.error)
        case .paymentOrderDidShow(let info): delegate.paymentOrderDidShow(info: info)
        case .paymentOrderDidHide: delegate.paymentOrderDidHide()
        case .instrumentSelected: delegate.instrumentSelected()
        case .javaScriptEvent(let name, let arguments):
            delegate.javaScriptEvent(name: name, arguments: arguments.mapValues(\.anyValue))
        case .shippingAddressIsKnown: delegate.shippingAddressIsKnown()
        }
    }

    /// What a web view waits for an answer to, by number: answers that come before it waits are
    /// kept for it.
    struct Awaited<Answer: Sendable> {
        private(set) var count = 0
        private(set) var waiting: [Int: CheckedContinuation<Answer, Never>] = [:]
        private var answered: [Int: Answer] = [:]

        /// The number of the next question.
        mutating func next() -> Int {
            count += 1
            return count
        }

        /// Waits for the answer to question `id`, unless it already came.
        mutating func take(_ id: Int, _ continuation: CheckedContinuation<Answer, Never>) {
            if let answer = answered.removeValue(forKey: id) {
                continuation.resume(returning: answer)
            } else {
                waiting[id] = continuation
            }
        }

        mutating func answer(_ id: Int, _ answer: Answer) {
            if let waiting = waiting.removeValue(forKey: id) {
                waiting.resume(returning: answer)
            } else {
                answered[id] = answer
            }
        }
    }

    /// Asks the flow a question numbered from `awaited` and waits for its answer (which may
    /// come after an app launch, the configuration's say or the payer's).
    func ask<Answer: Sendable>(
        _ awaited: ReferenceWritableKeyPath<WebPaymentRunner, Awaited<Answer>>,
        _ input: (Int) -> SwedbankPaySDK.WebPaymentInput
    ) async -> Answer {
        let id = self[keyPath: awaited].next()
        send(input(id))
        return await withCheckedContinuation { continuation in
            self[keyPath: awaited].take(id, continuation)
        }
    }
}

extension WebPaymentRunner: SwedbankPaySDK.PaymentURLReceiver {
    /// A paymentUrl given to `SwedbankPaySDK.open(url:)`: the flow decides whether it is this
    /// payment's (the configuration's `url(_:matchesPaymentUrl:)` is asked first).
    func receivePaymentURL(_ url: URL) -> Bool {
        paymentURLTaken = false
        send(.paymentURLOpened(url, configurationMatches: configurationMatchesPaymentUrl(url)))
        return paymentURLTaken
    }

    /// What the configuration's `url(_:matchesPaymentUrl:)` says of `url` and the payment's
    /// paymentUrl — a fact the flow decides with.
    func configurationMatchesPaymentUrl(_ url: URL) -> Bool {
        guard let paymentUrl = flow.paymentOrderInfo?.paymentUrl, let configuration = setup?.configuration else {
            return false
        }
        return configuration.url(url, matchesPaymentUrl: paymentUrl)
    }
}
