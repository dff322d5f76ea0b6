import Foundation

/// What the controller's runner works with: the configuration and the app's values of the running
/// payment, the web views, and the work in flight. It decides nothing: every decision is
/// `WebPaymentFlow.reduce`'s; the runner only carries out the actions it returns.
@MainActor
struct WebPaymentRunner {
    /// The configuration of the running payment (nil before it starts, and when it has none).
    var configuration: SwedbankPaySDKConfiguration?
    /// The app's consumer, payment order, user data and the latest update's `updateInfo`.
    var arguments = SwedbankPaySDK.FlowArguments()
    /// The idempotency key of this payment's order: made when the payment starts, saved with it,
    /// and sent by every creation of it (a retry, or the creation redone after restoring).
    var orderKey = SwedbankPaySDK.IdempotencyKey()
    var webViewHost: (any SwedbankPaySDK.WebViewHost)?
    var appLauncher: any SwedbankPaySDK.AppLauncher = SwedbankPaySDK.NoAppLauncher()
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
}

// The runner: inputs go through `WebPaymentFlow.reduce`, and the actions it returns are carried
// out here — configuration calls through the adapters of `ConfigurationCalls.swift`, pages and
// navigation answers through the web view (`+WebView.swift`), prompts and the terms page through
// the presenter (`+Dialogs.swift`), and delegate calls.
extension SwedbankPaySDKController {
    func send(_ input: SwedbankPaySDK.WebPaymentInput) {
        for action in flow.reduce(input) {
            perform(action)
        }
    }

    /// Takes `configuration` for the payment and chooses the web view host and app launcher, when
    /// a payment starts or is restored.
    func run(with configuration: SwedbankPaySDKConfiguration) {
        runner.configuration = configuration
        runner.webViewHost = injectedWebViewHost ?? Self.defaultWebViewHost ?? Self.platformWebViewHost()
        runner.appLauncher = injectedAppLauncher ?? Self.defaultAppLauncher ?? Self.platformAppLauncher()
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
            let taken = delegate?.overrideTermsOfServiceTapped(url: url) == true
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
            activeDialogPresenter?.dismiss()
        case .scheduleCheck(let time):
            scheduleCheck(at: time)
        case .cancelCheck:
            runner.checkTask?.cancel()
            runner.checkTask = nil
        case .useBrowserFromNowOn:
            webRedirectBehavior = .AlwaysUseBrowser
        case .registerForPaymentURLs:
            SwedbankPaySDK.PaymentURLRouter.shared.register(self)
        case .unregisterFromPaymentURLs:
            SwedbankPaySDK.PaymentURLRouter.shared.unregister(self)
        }
    }

    private func notify(_ notice: SwedbankPaySDK.WebPaymentNotice) {
        switch notice {
        case .complete: delegate?.paymentComplete()
        case .canceled: delegate?.paymentCanceled()
        case .failed(let error): delegate?.paymentFailed(error: error.error)
        case .updateFailed(let error):
            delegate?.updatePaymentOrderFailed(updateInfo: runner.arguments.updateInfo, error: error.error)
        case .paymentOrderDidShow(let info): delegate?.paymentOrderDidShow(info: info)
        case .paymentOrderDidHide: delegate?.paymentOrderDidHide()
        case .instrumentSelected: delegate?.instrumentSelected()
        case .javaScriptEvent(let name, let arguments):
            delegate?.javaScriptEvent(name: name, arguments: arguments.mapValues(\.anyValue))
        case .shippingAddressIsKnown: delegate?.shippingAddressIsKnown()
        }
    }

    // MARK: Configuration calls

    private func call(_ effect: SwedbankPaySDK.WebPaymentEffect) {
        guard let configuration = runner.configuration else { return }
        let arguments = runner.arguments
        switch effect {
        case .createConsumerSession:
            runner.creationTask = Task { [weak self] in
                do {
                    let info = try await arguments.postConsumers(configuration)
                    self?.send(.payment(.consumerSessionCreated(info)))
                } catch is CancellationError {
                } catch {
                    self?.send(.payment(.creationFailed(SwedbankPaySDK.WebPaymentError(error))))
                }
            }
        case .createPaymentOrder(let ref, let options):
            let key = runner.orderKey
            runner.creationTask = Task { [weak self] in
                do {
                    // The configuration reads the key as `IdempotencyKey.current`, which its
                    // callback-style bridge's task inherits.
                    let info = try await SwedbankPaySDK.IdempotencyKey.withCurrent(key) {
                        try await arguments.postPaymentorders(configuration, ref: ref, options: options)
                    }
                    self?.send(.payment(.paymentOrderCreated(info)))
                } catch is CancellationError {
                } catch {
                    self?.send(.payment(.creationFailed(SwedbankPaySDK.WebPaymentError(error))))
                }
            }
        case .startUpdate(let update, let info):
            guard let options = flow.payment.options else { return }
            runner.updateTask = Task { [weak self] in
                do {
                    let newInfo = try await arguments.updatePaymentOrder(configuration, options: options, info: info)
                    self?.send(.payment(.updateSucceeded(update: update, newInfo)))
                } catch is CancellationError {
                } catch {
                    self?.send(.payment(.updateFailed(update: update, SwedbankPaySDK.WebPaymentError(error))))
                }
            }
        case .cancelUpdate:
            runner.updateTask?.cancel()
            runner.updateTask = nil
        case .abort(let info):
            Task { [weak self] in
                do {
                    try await arguments.abortPayment(configuration, info: info)
                    self?.send(.payment(.abortSucceeded))
                } catch {
                    self?.send(.payment(.abortFailed(SwedbankPaySDK.WebPaymentError(error))))
                }
            }
        case .cancelCreation:
            runner.creationTask?.cancel()
            runner.creationTask = nil
        case .expandPayer(let info):
            Task { [weak self] in
                // A failed expansion leaves the payment as it is: the payer can still pay, the app
                // just does not learn the address.
                guard (try? await configuration.callExpandPayerAfterIdentified(paymentInfo: info)) != nil else {
                    return
                }
                self?.send(.payerExpanded)
            }
        case .showCheckin, .showPaymentMenu, .notifyComplete, .notifyCanceled, .notifyFailed, .notifyUpdateFailed:
            // The flow turns these into pages and notices.
            break
        }
    }
}

extension SwedbankPaySDK {
    /// The app's values for one configuration call. `userData` and `updateInfo` are typed `Any`
    /// (the documented API) and so not `Sendable`; the SDK only hands them to the app's own
    /// configuration, never touching them itself, which is what makes the box sound.
    @MainActor
    struct FlowArguments: @unchecked Sendable {
        var consumer: Consumer?
        var paymentOrder: PaymentOrder?
        var userData: Any?
        var updateInfo: Any = ()

        func postConsumers(_ configuration: SwedbankPaySDKConfiguration) async throws -> ViewConsumerIdentificationInfo
        {
            try await configuration.callPostConsumers(consumer: consumer, userData: userData)
        }

        func postPaymentorders(
            _ configuration: SwedbankPaySDKConfiguration, ref: String?, options: VersionOptions
        ) async throws -> ViewPaymentOrderInfo {
            try await configuration.callPostPaymentorders(
                paymentOrder: paymentOrder, userData: userData, consumerProfileRef: ref, options: options)
        }

        func updatePaymentOrder(
            _ configuration: SwedbankPaySDKConfiguration, options: VersionOptions, info: ViewPaymentOrderInfo
        ) async throws -> ViewPaymentOrderInfo {
            try await configuration.callUpdatePaymentOrder(
                paymentOrder: paymentOrder, options: options, userData: userData, viewPaymentOrderInfo: info,
                updateInfo: updateInfo)
        }

        func abortPayment(_ configuration: SwedbankPaySDKConfiguration, info: ViewPaymentOrderInfo) async throws {
            try await configuration.callAbortPayment(paymentInfo: info, userData: userData)
        }
    }
}
