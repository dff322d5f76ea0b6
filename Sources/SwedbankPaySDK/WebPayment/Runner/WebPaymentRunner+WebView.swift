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
            send(
                .webViewFailed(
                    SwedbankPaySDK.WebPaymentError(SwedbankPaySDKController.ControllerError.missingWebViewHost)))
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
        let matches = configurationMatchesPaymentUrl(request.url)
        return await ask(\.navigations) {
            .navigation(SwedbankPaySDK.WebNavigation(id: $0, request: request), configurationMatchesPaymentUrl: matches)
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
