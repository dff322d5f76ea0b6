import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The runner's side of the web view: showing pages and handing their messages, loads and
// navigations to the flow, and answering the web view as the flow decides.
extension WebPaymentRunner {
    /// The web view, made on first use; concurrent callers share one.
    func obtainWebView() async -> (any SwedbankPaySDK.WebView)? {
        if let webView { return webView }
        if let webViewTask { return await webViewTask.value }
        guard let host = setup?.webViewHost else {
            send(.webViewFailed(SwedbankPaySDK.WebPaymentError(SwedbankPaySDKController.ControllerError.missingWebViewHost)))
            return nil
        }
        let task = Task { [weak self] () -> (any SwedbankPaySDK.WebView)? in
            do {
                let webView = try await host.makeWebView()
                self?.attach(webView)
                return webView
            } catch {
                let failure = SwedbankPaySDKController.ControllerError.webViewUnavailable(String(describing: error))
                self?.send(.webViewFailed(SwedbankPaySDK.WebPaymentError(failure)))
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
            self?.send(.webViewFailed(SwedbankPaySDK.WebPaymentFlow.redirectFailure(failure)))
        }
        webView.dialogHandler = { [weak self] dialog in
            await self?.answer(dialog) ?? dialog.unattendedAnswer
        }
        port?.embed(webView.viewController)
    }

    // MARK: Pages

    func show(_ page: SwedbankPaySDK.WebPaymentPage, number: Int, baseURL: URL?, delayed: Bool) {
        let style = port?.paymentMenuStyle.map(SwedbankPaySDK.JSONValue.init(anyObject:))
        let html = page.html(style: style, delayed: delayed)
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
        port?.webNavigationLogger?(request.url)
        let configuration = setup?.configuration
        let policy = SwedbankPaySDK.NavigationPolicy(
            info: flow.payment.paymentOrderInfo,
            webRedirectBehavior: port?.webRedirectBehavior ?? .Default,
            matchesPaymentUrl: { url, paymentUrl in
                configuration?.url(url, matchesPaymentUrl: paymentUrl) ?? false
            }
        )
        navigations.count += 1
        let navigation = SwedbankPaySDK.WebNavigation(id: navigations.count, request: request)
        send(.navigation(navigation, policy.decide(request)))
        if let decision = navigations.answered.removeValue(forKey: navigation.id) { return decision }
        return await withCheckedContinuation { continuation in
            navigations.waiting[navigation.id] = continuation
        }
    }

    func answer(_ navigation: SwedbankPaySDK.WebNavigation, _ decision: SwedbankPaySDK.WebNavigationDecision) {
        if let waiting = navigations.waiting.removeValue(forKey: navigation.id) {
            waiting.resume(returning: decision)
        } else {
            navigations.answered[navigation.id] = decision
        }
    }

    func open(_ opening: SwedbankPaySDK.WebOpening, for navigation: SwedbankPaySDK.WebNavigation) {
        let launcher = setup?.appLauncher ?? SwedbankPaySDK.NoAppLauncher()
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
        guard let configuration = setup?.configuration, let webView,
            let action = Self.navigationAction(for: navigation.request, in: webView)
        else { return send(.configurationPlaced(navigation, inWebView: true)) }
        Task { [weak self] in
            let policy = await configuration.callDecidePolicyForPaymentMenuRedirect(navigationAction: action)
            self?.send(.configurationPlaced(navigation, inWebView: policy == .openInWebView))
        }
    }
}

#if !(canImport(UIKit) && canImport(WebKit))
    extension WebPaymentRunner {
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
