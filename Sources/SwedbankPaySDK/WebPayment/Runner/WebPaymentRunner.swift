import Foundation

/// Carries out what ``SwedbankPaySDK/WebPaymentFlow`` decides, for one web payment.
///
/// It owns the payment: the flow (phase, page, stuck-prompt watch), the configuration and the
/// app's values, the web views, the work in flight and the navigations waiting for an answer.
/// Each input goes through `WebPaymentFlow.reduce` and the runner performs the actions it returns,
/// in order, deciding nothing itself: what comes of an action (a configuration's answer, a page
/// loaded, an app opened) comes back as a new input. It reaches the controller only through its
/// ``SwedbankPaySDK/WebPaymentPort``, so tests run it with a stand-in port, web view host,
/// launcher and configuration.
@MainActor
final class WebPaymentRunner {
    /// What the runner needs once a payment runs: the configuration, and where pages are shown and
    /// other apps opened.
    struct Setup {
        var configuration: SwedbankPaySDKConfiguration
        var webViewHost: (any SwedbankPaySDK.WebViewHost)?
        var appLauncher: any SwedbankPaySDK.AppLauncher
    }

    /// The controller (or a test's port); held weakly, as it owns the runner.
    weak var port: (any SwedbankPaySDK.WebPaymentPort)?
    /// The payment and everything decided about it; changed only by `WebPaymentFlow.reduce`.
    private(set) var flow = SwedbankPaySDK.WebPaymentFlow()
    /// Reads the time for the stuck prompt; tests set a manual clock.
    var clock: any SwedbankPaySDK.Clock = SwedbankPaySDK.SystemClock()
    /// The running payment's setup (nil before it starts, and when it has no configuration).
    var setup: Setup?
    /// The app's consumer, payment order, user data and the latest update's `updateInfo`.
    var arguments = SwedbankPaySDK.FlowArguments()
    /// The idempotency key of this payment's order: made when the payment starts, saved with it,
    /// and sent by every creation of it (a retry, or the creation redone after restoring).
    var orderKey = SwedbankPaySDK.IdempotencyKey()
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
    /// Navigations the web view waits for an answer to, by number; answers that came before the
    /// web view waited.
    var navigations = Navigations()

    struct Navigations {
        var count = 0
        var waiting: [Int: CheckedContinuation<SwedbankPaySDK.WebNavigationDecision, Never>] = [:]
        var answered: [Int: SwedbankPaySDK.WebNavigationDecision] = [:]
    }

    init(port: (any SwedbankPaySDK.WebPaymentPort)? = nil) {
        self.port = port
    }

    // MARK: The app's calls

    /// Starts a payment with `arguments`; without a `setup` (no configuration) it fails at once.
    /// Does nothing once a payment was started or restored.
    func start(useCheckin: Bool, isV3: Bool, arguments: SwedbankPaySDK.FlowArguments, setup: Setup?) {
        guard case .idle = flow.payment else { return }
        self.arguments = arguments
        orderKey = SwedbankPaySDK.IdempotencyKey()
        self.setup = setup
        send(.start(useCheckin: useCheckin, isV3: isV3, configured: setup != nil))
    }

    /// Asks the configuration to update the order with `updateInfo`, while the menu is shown.
    func update(with updateInfo: Any) {
        switch flow.payment {
        case .paying, .updatingPaymentOrder:
            // The update the request starts (or replaces the one in flight with) is of this value.
            arguments.updateInfo = updateInfo
            send(.payment(.updateRequested))
        default:
            return
        }
    }

    func abort() {
        send(.payment(.abortRequested))
    }

    /// The payer came back to the app.
    func appBecameActive() {
        send(.appBecameActive(at: clock.now))
    }

    // MARK: Running the flow

    /// Runs `input` through the flow and carries out the actions it returns, in order;
    /// `beforeActions` runs between the decision and the first action.
    func send(_ input: SwedbankPaySDK.WebPaymentInput, beforeActions: () -> Void = {}) {
        let actions = flow.reduce(input)
        beforeActions()
        for action in actions {
            perform(action)
        }
    }

    private func perform(_ action: SwedbankPaySDK.WebPaymentAction) {
        switch action {
        case .configuration(let effect):
            call(effect)
        case .showPage(let page, let number, let baseURL, let delayed):
            show(page, number: number, baseURL: baseURL, delayed: delayed)
        case .notify(let notice):
            notify(notice)
        case .answer(let navigation, let decision):
            answer(navigation, decision)
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
        case .askConfiguration(let navigation):
            askConfiguration(navigation)
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
        }
    }

    private func notify(_ notice: SwedbankPaySDK.WebPaymentNotice) {
        guard let delegate = port?.delegate else { return }
        switch notice {
        case .complete: delegate.paymentComplete()
        case .canceled: delegate.paymentCanceled()
        case .failed(let error): delegate.paymentFailed(error: error.error)
        case .updateFailed(let error):
            delegate.updatePaymentOrderFailed(updateInfo: arguments.updateInfo, error: error.error)
        case .paymentOrderDidShow(let info): delegate.paymentOrderDidShow(info: info)
        case .paymentOrderDidHide: delegate.paymentOrderDidHide()
        case .instrumentSelected: delegate.instrumentSelected()
        case .javaScriptEvent(let name, let arguments):
            delegate.javaScriptEvent(name: name, arguments: arguments.mapValues(\.anyValue))
        case .shippingAddressIsKnown: delegate.shippingAddressIsKnown()
        }
    }
}

extension WebPaymentRunner: SwedbankPaySDK.PaymentURLReceiver {
    /// A paymentUrl given to `SwedbankPaySDK.open(url:)`: if it is this payment's (by the
    /// configuration's `url(_:matchesPaymentUrl:)`), the payment menu reloads.
    func receivePaymentURL(_ url: URL) -> Bool {
        guard let paymentUrl = flow.payment.paymentOrderInfo?.paymentUrl, let configuration = setup?.configuration
        else { return false }
        let matches =
            SwedbankPaySDK.NavigationPolicy.normalized(url) == SwedbankPaySDK.NavigationPolicy.normalized(paymentUrl)
            || configuration.url(url, matchesPaymentUrl: paymentUrl)
        guard matches else { return false }
        send(.payment(.paymentUrlReturned))
        return true
    }
}
