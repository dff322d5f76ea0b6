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
        private var handlers = SwedbankPaySDK.WebMessageHandlers()
        private var deciding: [SwedbankPaySDK.WebNavigationRequest: WKNavigationAction] = [:]
        private typealias OwnLoads = SwedbankPaySDK.WebKitOwnLoads<
            ObjectIdentifier, CheckedContinuation<Void, any Error>
        >
        private var ownLoads = OwnLoads()

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
            let base = SwedbankPaySDK.WebKitNavigationRules.htmlBaseURL(baseURL)
            try await awaitLoad(of: baseURL) { webView.loadHTMLString(html, baseURL: base) }
        }

        func load(_ url: URL) async throws {
            try await awaitLoad(of: url) { webView.load(URLRequest(url: url)) }
        }

        private func awaitLoad(of url: URL, _ start: () -> WKNavigation?) async throws {
            ownLoads.expect(url)
            try await withCheckedThrowingContinuation { continuation in
                guard let navigation = start() else { return continuation.resume() }
                ownLoads.started(ObjectIdentifier(navigation), continuation)
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
            for continuation in ownLoads.close() { continuation.resume() }
            webView.stopLoading()
            webView.configuration.userContentController.removeAllScriptMessageHandlers()
            handlers.removeAll()
            navigationDecider = nil
            loadFailureHandler = nil
            dialogHandler = nil
            webView.navigationDelegate = nil
        }

        fileprivate func deliver(_ message: WKScriptMessage) {
            handlers.deliver(name: message.name, body: message.body, isMainFrame: message.frameInfo.isMainFrame)
        }

        // MARK: WKNavigationDelegate

        func webView(
            _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction
        ) async -> WKNavigationActionPolicy {
            let step = ownLoads.step(
                url: navigationAction.request.url, method: navigationAction.request.httpMethod,
                targetIsMainFrame: navigationAction.targetFrame?.isMainFrame, body: navigationAction.request.httpBody)
            guard case .ask(let request) = step else { return .allow }
            deciding[request] = navigationAction
            defer { deciding[request] = nil }
            switch await SwedbankPaySDK.WebKitNavigationRules.answer(request, by: navigationDecider) {
            case .allow: return .allow
            case .cancel: return .cancel
            case .cancelAndLoadInPlace:
                webView.load(navigationAction.request)
                return .cancel
            }
        }

        func webView(_ webView: WKWebView, didFinish navigation: WKNavigation?) {
            ended(navigation, .finished)
        }

        func webView(_ webView: WKWebView, didFail navigation: WKNavigation?, withError error: any Error) {
            ended(navigation, .failed(error))
        }

        func webView(
            _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation?, withError error: any Error
        ) {
            ended(navigation, .failed(error))
        }

        /// WebKit declares the navigation `WKNavigation!` and passes nil for some navigations
        /// (through the back/forward cache): taken as optional, never unwrapped here;
        /// `WebKitOwnLoads.end` decides what a nil one means.
        private func ended(_ navigation: WKNavigation?, _ ending: OwnLoads.Ending) {
            switch ownLoads.end(navigation.map(ObjectIdentifier.init), ending) {
            case .resume(let continuations, let result):
                for continuation in continuations { continuation.resume(with: result) }
            case .report(let failure): loadFailureHandler?(failure)
            case .ignore: break
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
            _ = await SwedbankPaySDK.WebDialog.alert(message: message).answer(by: dialogHandler)
        }

        func webView(
            _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
            initiatedByFrame frame: WKFrameInfo
        ) async -> Bool {
            await SwedbankPaySDK.WebDialog.confirm(message: message).answer(by: dialogHandler).confirmResult
        }

        func webView(
            _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
            initiatedByFrame frame: WKFrameInfo
        ) async -> String? {
            await SwedbankPaySDK.WebDialog.prompt(message: prompt, defaultText: defaultText).answer(by: dialogHandler)
                .promptResult
        }
    }

    /// Shows ``SwedbankPaySDK/PayerDialog``s as `UIAlertController`s over the topmost presented
    /// controller; one at a time, as `PayerDialogSlot` rules.
    @MainActor
    final class AlertDialogPresenter: SwedbankPaySDK.PayerDialogPresenter {
        private let slot = SwedbankPaySDK.PayerDialogSlot<UIAlertController> { $0.dismiss(animated: false) }

        func present(
            _ dialog: SwedbankPaySDK.PayerDialog, over viewController: UIViewController
        ) async -> SwedbankPaySDK.PayerDialogResponse {
            await slot.present(
                make: { answer in
                    let alert = UIAlertController(title: dialog.title, message: dialog.message, preferredStyle: .alert)
                    if let text = dialog.textField {
                        alert.addTextField { $0.text = text }
                    }
                    for (index, button) in dialog.buttons.enumerated() {
                        alert.addAction(
                            UIAlertAction(title: button.title, style: button.isCancel ? .cancel : .default) {
                                [weak alert] _ in
                                let text = alert?.textFields?.first?.text
                                answer(SwedbankPaySDK.PayerDialogResponse(button: index, text: text))
                            })
                    }
                    return alert
                },
                display: { alert in
                    SwedbankPaySDK.PayerDialogs.topmost(from: viewController, presented: \.presentedViewController)
                        .present(alert, animated: true)
                })
        }

        func dismiss() {
            slot.dismiss()
        }
    }

    /// Calls its closure on the main actor each time a notification of one name is posted, for as
    /// long as it lives.
    final class NotificationObserver: @unchecked Sendable {
        private let token: any NSObjectProtocol

        @MainActor
        init(_ name: Notification.Name, _ action: @escaping @MainActor () -> Void) {
            token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
                MainActor.assumeIsolated { action() }
            }
        }

        deinit {
            NotificationCenter.default.removeObserver(token)
        }
    }

    /// Tells the controller when the app becomes active, for as long as it lives.
    typealias ActivationObserver = NotificationObserver

    extension NotificationObserver {
        @MainActor
        convenience init(_ onActive: @escaping @MainActor () -> Void) {
            self.init(UIApplication.didBecomeActiveNotification, onActive)
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
