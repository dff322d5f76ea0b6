import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The runner's side of the web view: showing pages and handing their messages, loads and
// navigations to the flow, and answering the web view as the flow decides.
extension SwedbankPaySDKController {
    /// The web view, made on first use; concurrent callers share one.
    func obtainWebView() async -> (any SwedbankPaySDK.WebView)? {
        if let webView = runner.webView { return webView }
        if let webViewTask = runner.webViewTask { return await webViewTask.value }
        guard let host = runner.webViewHost else {
            send(.webViewFailed(SwedbankPaySDK.WebPaymentError(ControllerError.missingWebViewHost)))
            return nil
        }
        let task = Task { [weak self] () -> (any SwedbankPaySDK.WebView)? in
            do {
                let webView = try await host.makeWebView()
                self?.attach(webView)
                return webView
            } catch {
                let failure = ControllerError.webViewUnavailable(String(describing: error))
                self?.send(.webViewFailed(SwedbankPaySDK.WebPaymentError(failure)))
                return nil
            }
        }
        runner.webViewTask = task
        return await task.value
    }

    private func attach(_ webView: any SwedbankPaySDK.WebView) {
        runner.webView = webView
        webView.navigationDecider = { [weak self] request in
            await self?.decide(request) ?? .cancel
        }
        webView.loadFailureHandler = { [weak self] failure in
            self?.send(.webViewFailed(SwedbankPaySDK.WebPaymentFlow.redirectFailure(failure)))
        }
        webView.dialogHandler = { [weak self] dialog in
            await self?.answer(dialog) ?? dialog.unattendedAnswer
        }
        embed(webView.viewController)
    }

    // MARK: Pages

    func show(_ page: SwedbankPaySDK.WebPaymentPage, number: Int, baseURL: URL?, delayed: Bool) {
        let html = page.html(style: paymentMenuStyle.map(SwedbankPaySDK.JSONValue.init(anyObject:)), delayed: delayed)
        Task { [weak self] in
            guard let self, let webView = await self.obtainWebView() else { return }
            do {
                try await webView.addMessageHandler(name: SwedbankPaySDK.WebPaymentPage.messageHandlerName) {
                    [weak self] body in
                    self?.send(.posted(page: number, body))
                }
                try await webView.loadHTML(html, baseURL: baseURL ?? URL(string: "about:blank")!)
            } catch {
                let failure =
                    error as? SwedbankPaySDK.WebViewLoadFailure
                    ?? SwedbankPaySDK.WebViewLoadFailure(url: baseURL, description: String(describing: error))
                self.send(.pageLoadFailed(page: number, failure))
                return
            }
            self.send(.pageLoaded(page: number))
        }
    }

    // MARK: Navigation

    /// Asks the flow about a navigation and waits for its answer (which may come after an app
    /// launch or the configuration's say).
    private func decide(_ request: SwedbankPaySDK.WebNavigationRequest) async -> SwedbankPaySDK.WebNavigationDecision {
        webNavigationLogger?(request.url)
        let configuration = runner.configuration
        let policy = SwedbankPaySDK.NavigationPolicy(
            info: currentPaymentOrder,
            webRedirectBehavior: webRedirectBehavior,
            matchesPaymentUrl: { url, paymentUrl in
                configuration?.url(url, matchesPaymentUrl: paymentUrl) ?? false
            }
        )
        runner.navigations.count += 1
        let navigation = SwedbankPaySDK.WebNavigation(id: runner.navigations.count, request: request)
        send(.navigation(navigation, policy.decide(request)))
        if let decision = runner.navigations.answered.removeValue(forKey: navigation.id) { return decision }
        return await withCheckedContinuation { continuation in
            runner.navigations.waiting[navigation.id] = continuation
        }
    }

    func answer(_ navigation: SwedbankPaySDK.WebNavigation, _ decision: SwedbankPaySDK.WebNavigationDecision) {
        if let waiting = runner.navigations.waiting.removeValue(forKey: navigation.id) {
            waiting.resume(returning: decision)
        } else {
            runner.navigations.answered[navigation.id] = decision
        }
    }

    func open(_ opening: SwedbankPaySDK.WebOpening, for navigation: SwedbankPaySDK.WebNavigation) {
        let launcher = runner.appLauncher
        Task { [weak self] in
            let opened: Bool
            switch opening {
            case .app(let url), .browser(let url): opened = await launcher.open(url)
            case .appLink(let url, _): opened = await launcher.openAppLink(url)
            }
            guard let self else { return }
            self.send(.opened(navigation, opening, succeeded: opened, at: self.clock.now))
        }
    }

    func askConfiguration(_ navigation: SwedbankPaySDK.WebNavigation) {
        // Without a configuration or a navigation action to show it, the page opens in the web view.
        guard let configuration = runner.configuration, let webView = runner.webView,
            let action = Self.navigationAction(for: navigation.request, in: webView)
        else { return send(.configurationPlaced(navigation, inWebView: true)) }
        Task { [weak self] in
            let policy = await configuration.callDecidePolicyForPaymentMenuRedirect(navigationAction: action)
            self?.send(.configurationPlaced(navigation, inWebView: policy == .openInWebView))
        }
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
        guard let paymentUrl = currentPaymentOrder?.paymentUrl, let configuration = runner.configuration else {
            return false
        }
        let matches =
            SwedbankPaySDK.NavigationPolicy.normalized(url) == SwedbankPaySDK.NavigationPolicy.normalized(paymentUrl)
            || configuration.url(url, matchesPaymentUrl: paymentUrl)
        guard matches else { return false }
        send(.payment(.paymentUrlReturned))
        return true
    }
}
