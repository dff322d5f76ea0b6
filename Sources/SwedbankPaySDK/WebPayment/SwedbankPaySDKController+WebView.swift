import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The controller's side of the web view: showing pages, receiving their messages, and deciding
// navigations with `NavigationPolicy`.
extension SwedbankPaySDKController {
    /// Chooses the web view host and app launcher, when a payment starts or is restored.
    func chooseEnvironment() {
        webViewHost = injectedWebViewHost ?? Self.defaultWebViewHost ?? Self.platformWebViewHost()
        appLauncher = injectedAppLauncher ?? Self.defaultAppLauncher ?? Self.platformAppLauncher()
    }

    /// The web view, made on first use; concurrent callers share one.
    func obtainWebView() async -> (any SwedbankPaySDK.WebView)? {
        if let webView { return webView }
        if let webViewTask { return await webViewTask.value }
        guard let host = webViewHost else {
            send(.pageFailed(SwedbankPaySDK.WebPaymentError(ControllerError.missingWebViewHost)))
            return nil
        }
        let task = Task { [weak self] () -> (any SwedbankPaySDK.WebView)? in
            do {
                let webView = try await host.makeWebView()
                self?.attach(webView)
                return webView
            } catch {
                let failure = ControllerError.webViewUnavailable(String(describing: error))
                self?.send(.pageFailed(SwedbankPaySDK.WebPaymentError(failure)))
                return nil
            }
        }
        webViewTask = task
        return await task.value
    }

    private func attach(_ webView: any SwedbankPaySDK.WebView) {
        self.webView = webView
        webView.navigationDecider = { [weak self] request in
            await self?.decide(request) ?? .cancel
        }
        webView.loadFailureHandler = { [weak self] failure in
            self?.send(.pageFailed(SwedbankPaySDK.WebPaymentError(WebContentError.RedirectFailure(error: failure))))
        }
        webView.dialogHandler = { [weak self] dialog in
            await self?.answer(dialog) ?? dialog.unattendedAnswer
        }
        embed(webView.viewController)
    }

    // MARK: Pages

    func show(_ page: SwedbankPaySDK.WebPaymentPage, baseURL: URL?, delayed: Bool) {
        pageCount += 1
        let number = pageCount
        shownPage = (page, number)
        isShowingOwnPage = true
        let html = page.html(style: paymentMenuStyle.map(SwedbankPaySDK.JSONValue.init(anyObject:)), delayed: delayed)
        let infoShown = state.paymentOrderInfo
        watch(.webViewNavigated)
        Task { [weak self] in
            guard let self, let webView = await self.obtainWebView() else { return }
            do {
                try await webView.addMessageHandler(name: SwedbankPaySDK.WebPaymentPage.messageHandlerName) {
                    [weak self] body in
                    self?.receive(body, fromPage: number)
                }
                try await webView.loadHTML(html, baseURL: baseURL ?? URL(string: "about:blank")!)
            } catch {
                // A load replaced by a newer page (a reload, an update) is not a failure.
                guard self.shownPage?.number == number else { return }
                let failure =
                    error as? SwedbankPaySDK.WebViewLoadFailure
                    ?? SwedbankPaySDK.WebViewLoadFailure(url: baseURL, description: String(describing: error))
                self.send(.pageFailed(SwedbankPaySDK.WebPaymentError(WebContentError.RedirectFailure(error: failure))))
                return
            }
            // v2 has no "loaded" event: the menu counts as shown when its page has loaded.
            if case .paymentMenu = page, let infoShown, self.shownPage?.number == number, !self.state.isTerminal {
                self.delegate?.paymentOrderDidShow(info: infoShown)
            }
        }
    }

    private func receive(_ body: SwedbankPaySDK.JSONValue, fromPage number: Int) {
        guard let shownPage, shownPage.number == number, isShowingOwnPage,
            let message = SwedbankPaySDK.WebPaymentMessage(body: body, page: shownPage.page)
        else { return }
        switch message {
        case .scriptLoaded, .shippingDetailsAvailable:
            break
        case .scriptError(let url):
            send(.pageFailed(SwedbankPaySDK.WebPaymentError(WebContentError.ScriptLoadingFailure(scriptUrl: url))))
        case .error(let failure):
            send(.pageFailed(SwedbankPaySDK.WebPaymentError(WebContentError.ScriptError(failure))))
        case .consumerIdentified(let ref):
            send(.consumerIdentified(consumerProfileRef: ref))
        case .payerIdentified:
            send(.payerIdentified)
        case .paid:
            send(.completed)
        case .event(let name, let arguments):
            if case .checkout = shownPage.page, let info = currentPaymentOrder {
                if name == "OnCheckoutLoaded" {
                    delegate?.paymentOrderDidShow(info: info)
                } else if name == "OnInstrumentSelected" {
                    delegate?.instrumentSelected()
                }
            }
            delegate?.javaScriptEvent(name: name, arguments: arguments.mapValues(\.anyValue))
        }
    }

    // MARK: Navigation

    private func decide(_ request: SwedbankPaySDK.WebNavigationRequest) async -> SwedbankPaySDK.WebNavigationDecision {
        webNavigationLogger?(request.url)
        let configuration = runningConfiguration
        let policy = SwedbankPaySDK.NavigationPolicy(
            info: currentPaymentOrder,
            webRedirectBehavior: webRedirectBehavior,
            matchesPaymentUrl: { url, paymentUrl in
                configuration?.url(url, matchesPaymentUrl: paymentUrl) ?? false
            }
        )
        switch policy.decide(request) {
        case .allow:
            leaveOwnPage(request)
            return .allow
        case .deny:
            return .cancel
        case .complete:
            send(.completed)
            return .cancel
        case .cancelPayment:
            send(.canceledByPayer)
            return .cancel
        case .reloadPaymentMenu:
            send(.paymentUrlReturned)
            return .cancel
        case .termsOfService(let url):
            if delegate?.overrideTermsOfServiceTapped(url: url) != true {
                await showTermsOfService(url)
            }
            return .cancel
        case .launchApp(let url):
            if await appLauncher.open(url) { watch(.openedApp(at: clock.now)) }
            return .cancel
        case .openInBrowser(let url):
            if await appLauncher.open(url) { watch(.openedBrowser) }
            return .cancel
        case .thirdPartyPage(let url, let placement):
            if await appLauncher.openAppLink(url) {
                watch(.openedApp(at: clock.now))
                return .cancel
            }
            guard await opensInWebView(request, placement: placement) else {
                if await appLauncher.open(url) { watch(.openedBrowser) }
                return .cancel
            }
            leaveOwnPage(request)
            return .allow
        }
    }

    private func opensInWebView(
        _ request: SwedbankPaySDK.WebNavigationRequest, placement: SwedbankPaySDK.ThirdPartyPlacement
    ) async -> Bool {
        switch placement {
        case .webView:
            return true
        case .browser:
            return false
        case .askConfiguration:
            guard let configuration = runningConfiguration, let webView,
                let action = Self.navigationAction(for: request, in: webView)
            else { return true }
            return await configuration.callDecidePolicyForPaymentMenuRedirect(navigationAction: action)
                == .openInWebView
        }
    }

    private func leaveOwnPage(_ request: SwedbankPaySDK.WebNavigationRequest) {
        // The payment moved on in the web view: it is not stuck in another app.
        if request.isMainFrame { watch(.webViewNavigated) }
        guard request.isMainFrame, !request.isNewWindow, isShowingOwnPage else { return }
        isShowingOwnPage = false
        delegate?.paymentOrderDidHide()
    }
}

#if !(canImport(UIKit) && canImport(WebKit))
    extension SwedbankPaySDKController {
        /// What a configuration's `decidePolicyForPaymentMenuRedirect` is given for `request`.
        static func navigationAction(
            for request: SwedbankPaySDK.WebNavigationRequest, in webView: any SwedbankPaySDK.WebView
        ) -> SwedbankPaySDK.NavigationAction? {
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method
            urlRequest.httpBody = request.body
            return SwedbankPaySDK.NavigationAction(request: urlRequest, isMainFrame: request.isMainFrame)
        }
    }
#endif

#if !canImport(UIKit)
    extension SwedbankPaySDKController {
        static func platformWebViewHost() -> (any SwedbankPaySDK.WebViewHost)? { nil }

        static func platformDialogPresenter() -> (any SwedbankPaySDK.PayerDialogPresenter)? { nil }

        /// Without a view system the host shows the terms page's web view; nothing to present.
        func presentTermsOfService(_ viewController: SwedbankPaySDK.PlatformViewController, title: String) {
            viewController.title = title
        }

        func dismissTermsOfServicePresentation(_ viewController: SwedbankPaySDK.PlatformViewController) {}

        static func platformAppLauncher() -> any SwedbankPaySDK.AppLauncher { SwedbankPaySDK.NoAppLauncher() }

        /// Without a view system there is nothing to embed: the host shows the web view.
        func embed(_ viewController: SwedbankPaySDK.PlatformViewController) {}
    }
#endif

extension SwedbankPaySDKController: SwedbankPaySDK.PaymentURLReceiver {
    /// A paymentUrl given to `SwedbankPaySDK.open(url:)`: if it is this payment's (by the
    /// configuration's `url(_:matchesPaymentUrl:)`), the payment menu reloads.
    func receivePaymentURL(_ url: URL) -> Bool {
        guard let paymentUrl = currentPaymentOrder?.paymentUrl, let configuration = runningConfiguration else {
            return false
        }
        let matches =
            SwedbankPaySDK.NavigationPolicy.normalized(url) == SwedbankPaySDK.NavigationPolicy.normalized(paymentUrl)
            || configuration.url(url, matchesPaymentUrl: paymentUrl)
        guard matches else { return false }
        send(.paymentUrlReturned)
        return true
    }
}
