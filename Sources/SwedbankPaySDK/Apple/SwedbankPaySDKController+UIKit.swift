#if canImport(UIKit)
    import UIKit
    import WebKit

    // Apple only: the UIKit side of the controller. It decides nothing; every decision is in the
    // cross-platform flow. `scripts/check-apple-only` type-checks it on Linux against a model of
    // Apple's API; only Xcode builds it for real.
    extension SwedbankPaySDKController {
        static func platformWebViewHost() -> (any SwedbankPaySDK.WebViewHost)? { WKWebViewHost() }

        static func platformAppLauncher() -> any SwedbankPaySDK.AppLauncher {
            SwedbankPaySDK.SceneAppLauncher()
        }

        static func platformDialogPresenter() -> (any SwedbankPaySDK.PayerDialogPresenter)? {
            AlertDialogPresenter()
        }

        /// Presents the terms page in a navigation controller with a Done button.
        func presentTermsOfService(_ viewController: UIViewController, title: String) {
            viewController.title = title
            viewController.navigationItem.rightBarButtonItem = UIBarButtonItem(
                systemItem: .done, primaryAction: UIAction { [weak self] _ in self?.dismissTermsOfService() })
            present(UINavigationController(rootViewController: viewController), animated: true)
        }

        func dismissTermsOfServicePresentation(_ viewController: UIViewController) {
            viewController.navigationController?.dismiss(animated: true)
        }

        /// Shows the web view's controller full size inside this one.
        func embed(_ child: UIViewController) {
            addChild(child)
            child.view.frame = view.bounds
            child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(child.view)
            child.didMove(toParent: self)
        }
    }

    /// Makes `WKWebView`s.
    @MainActor
    final class WKWebViewHost: SwedbankPaySDK.WebViewHost {
        func makeWebView() async throws -> any SwedbankPaySDK.WebView { WKWebViewAdapter() }
    }

    /// A `WKWebView` as a ``SwedbankPaySDK/WebView``.
    @MainActor
    final class WKWebViewAdapter: NSObject, SwedbankPaySDK.WebView, WKNavigationActionSource, WKNavigationDelegate,
        WKUIDelegate
    {
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        let viewController = UIViewController()
        var navigationDecider: SwedbankPaySDK.WebNavigationDecider?
        var loadFailureHandler: SwedbankPaySDK.WebViewLoadFailureHandler?
        var dialogHandler: SwedbankPaySDK.WebDialogHandler?
        private var handlers: [String: SwedbankPaySDK.WebViewMessageHandler] = [:]
        private var deciding: [SwedbankPaySDK.WebNavigationRequest: WKNavigationAction] = [:]
        /// Loads the SDK asked for, by navigation, until they finish.
        private var ownLoads: [ObjectIdentifier: CheckedContinuation<Void, any Error>] = [:]
        private var ownLoadURL: URL?

        override init() {
            super.init()
            webView.navigationDelegate = self
            webView.uiDelegate = self
            // Dark Mode: until the page paints, and where it is transparent, the system background
            // shows, not white.
            webView.isOpaque = false
            webView.backgroundColor = .systemBackground
            viewController.view = webView
        }

        func navigationAction(for request: SwedbankPaySDK.WebNavigationRequest) -> WKNavigationAction? {
            deciding[request]
        }

        func loadHTML(_ html: String, baseURL: URL) async throws {
            let base = baseURL.absoluteString == "about:blank" ? nil : baseURL
            try await awaitLoad(of: baseURL) { webView.loadHTMLString(html, baseURL: base) }
        }

        func load(_ url: URL) async throws {
            try await awaitLoad(of: url) { webView.load(URLRequest(url: url)) }
        }

        private func awaitLoad(of url: URL, _ start: () -> WKNavigation?) async throws {
            ownLoadURL = url
            try await withCheckedThrowingContinuation { continuation in
                guard let navigation = start() else { return continuation.resume() }
                ownLoads[ObjectIdentifier(navigation)] = continuation
            }
        }

        func evaluateJavaScript(_ script: String) async throws -> SwedbankPaySDK.JSONValue {
            let value = try await webView.callAsyncJavaScript(
                "return eval(script);", arguments: ["script": script], contentWorld: .page)
            return value.map(SwedbankPaySDK.JSONValue.init(anyObject:)) ?? .null
        }

        func addMessageHandler(name: String, _ handler: @escaping SwedbankPaySDK.WebViewMessageHandler) async throws {
            let contentController = webView.configuration.userContentController
            contentController.removeScriptMessageHandler(forName: name)
            contentController.add(MessageProxy(adapter: self), name: name)
            handlers[name] = handler
        }

        func removeMessageHandler(name: String) async {
            webView.configuration.userContentController.removeScriptMessageHandler(forName: name)
            handlers[name] = nil
        }

        func close() async {
            webView.stopLoading()
            webView.configuration.userContentController.removeAllScriptMessageHandlers()
            handlers.removeAll()
            navigationDecider = nil
            loadFailureHandler = nil
            dialogHandler = nil
            webView.navigationDelegate = nil
        }

        fileprivate func deliver(_ message: WKScriptMessage) {
            // The WebView contract: only the top-level document speaks to the SDK.
            guard message.frameInfo.isMainFrame else { return }
            handlers[message.name]?(SwedbankPaySDK.JSONValue(anyObject: message.body))
        }

        // MARK: WKNavigationDelegate

        func webView(
            _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction
        ) async -> WKNavigationActionPolicy {
            let step = SwedbankPaySDK.WebKitNavigationRules.step(
                url: navigationAction.request.url, method: navigationAction.request.httpMethod,
                targetIsMainFrame: navigationAction.targetFrame?.isMainFrame, body: navigationAction.request.httpBody,
                ownLoadURL: ownLoadURL)
            guard case .ask(let request) = step else {
                ownLoadURL = nil
                return .allow
            }
            deciding[request] = navigationAction
            defer { deciding[request] = nil }
            let decision = await navigationDecider?(request) ?? .allow
            switch SwedbankPaySDK.WebKitNavigationRules.answer(decision, for: request) {
            case .allow: return .allow
            case .cancel: return .cancel
            case .cancelAndLoadInPlace:
                webView.load(navigationAction.request)
                return .cancel
            }
        }

        func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
            ownLoads.removeValue(forKey: ObjectIdentifier(navigation))?.resume()
        }

        func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
            failed(navigation, error)
        }

        func webView(
            _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
        ) {
            failed(navigation, error)
        }

        private func failed(_ navigation: WKNavigation, _ error: any Error) {
            let nsError = error as NSError
            // A load of the SDK's that was cancelled or replaced just ends.
            if SwedbankPaySDK.WebKitNavigationRules.isQuietEnd(errorDomain: nsError.domain, code: nsError.code) {
                ownLoads.removeValue(forKey: ObjectIdentifier(navigation))?.resume()
                return
            }
            let failure = SwedbankPaySDK.WebViewLoadFailure(
                url: nsError.userInfo[NSURLErrorFailingURLErrorKey] as? URL, description: nsError.localizedDescription)
            if let continuation = ownLoads.removeValue(forKey: ObjectIdentifier(navigation)) {
                continuation.resume(throwing: failure)
            } else {
                loadFailureHandler?(failure)
            }
        }

        // MARK: WKUIDelegate

        func webView(
            _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
            for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
        ) -> WKWebView? {
            nil
        }

        // The page's JavaScript dialogs go to the SDK, which asks the payer. Without a handler
        // they are answered as WebKit answers them without a UI delegate.

        func webView(
            _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String,
            initiatedByFrame frame: WKFrameInfo
        ) async {
            _ = await dialogHandler?(.alert(message: message))
        }

        func webView(
            _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
            initiatedByFrame frame: WKFrameInfo
        ) async -> Bool {
            await dialogHandler?(.confirm(message: message)) == .accepted
        }

        func webView(
            _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
            initiatedByFrame frame: WKFrameInfo
        ) async -> String? {
            if case .text(let text)? = await dialogHandler?(.prompt(message: prompt, defaultText: defaultText)) {
                return text
            }
            return nil
        }
    }

    /// Shows ``SwedbankPaySDK/PayerDialog``s as `UIAlertController`s over the topmost presented
    /// controller; one at a time.
    @MainActor
    final class AlertDialogPresenter: SwedbankPaySDK.PayerDialogPresenter {
        private var shown: (alert: UIAlertController, finish: (SwedbankPaySDK.PayerDialogResponse) -> Void)?

        func present(
            _ dialog: SwedbankPaySDK.PayerDialog, over viewController: UIViewController
        ) async -> SwedbankPaySDK.PayerDialogResponse {
            dismiss()
            return await withCheckedContinuation { continuation in
                let alert = UIAlertController(title: dialog.title, message: dialog.message, preferredStyle: .alert)
                var answered = false
                let finish: (SwedbankPaySDK.PayerDialogResponse) -> Void = { response in
                    guard !answered else { return }
                    answered = true
                    continuation.resume(returning: response)
                }
                if let text = dialog.textField {
                    alert.addTextField { $0.text = text }
                }
                for (index, button) in dialog.buttons.enumerated() {
                    alert.addAction(
                        UIAlertAction(title: button.title, style: button.isCancel ? .cancel : .default) {
                            [weak self, weak alert] _ in
                            self?.shown = nil
                            finish(
                                SwedbankPaySDK.PayerDialogResponse(button: index, text: alert?.textFields?.first?.text))
                        })
                }
                shown = (alert, finish)
                var top = viewController
                while let presented = top.presentedViewController { top = presented }
                top.present(alert, animated: true)
            }
        }

        func dismiss() {
            guard let shown else { return }
            self.shown = nil
            shown.alert.dismiss(animated: false)
            shown.finish(SwedbankPaySDK.PayerDialogResponse(button: nil))
        }
    }

    /// Tells the controller when the app becomes active, for as long as it lives.
    final class ActivationObserver: @unchecked Sendable {
        private let token: any NSObjectProtocol

        @MainActor
        init(_ onActive: @escaping @MainActor () -> Void) {
            token = NotificationCenter.default.addObserver(
                forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main
            ) { _ in
                MainActor.assumeIsolated { onActive() }
            }
        }

        deinit {
            NotificationCenter.default.removeObserver(token)
        }
    }

    /// Holds the adapter weakly: `WKUserContentController` retains its handlers.
    @MainActor
    private final class MessageProxy: NSObject, WKScriptMessageHandler {
        weak var adapter: WKWebViewAdapter?

        init(adapter: WKWebViewAdapter) {
            self.adapter = adapter
        }

        func userContentController(
            _ userContentController: WKUserContentController, didReceive message: WKScriptMessage
        ) {
            adapter?.deliver(message)
        }
    }
#endif

#if canImport(UIKit)
    import UIKit

    // The controller restores itself (`viewController(withRestorationIdentifierPath:coder:)` is in
    // the class body, where subclasses can override it).
    extension SwedbankPaySDKController: UIViewControllerRestoration {}
#endif
