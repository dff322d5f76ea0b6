import Foundation

extension SwedbankPaySDK {
    /// Makes the web views the SDK shows pages in: the payment menu, consumer identification and
    /// 3-D Secure challenges.
    ///
    /// On UIKit platforms the SDK brings its own host (`WKWebView`). Elsewhere a host is injected —
    /// in this repository's tests and demo it drives headless Chromium. A host and its web views
    /// live on the main actor, as UIKit views do.
    @MainActor
    public protocol WebViewHost: AnyObject, Sendable {
        /// Creates a new web view showing nothing (`about:blank`), with no message handlers and no
        /// navigation decider. The caller owns it and calls ``WebView/close()`` when done.
        func makeWebView() async throws -> any WebView
    }

    /// One web view: a browser engine showing one top-level document, which the SDK drives.
    ///
    /// The protocol holds what both `WKWebView` and a DevTools-driven Chromium page can do, and no
    /// more:
    /// - loading HTML as a document at a base URL (``loadHTML(_:baseURL:)``), or a URL (``load(_:)``);
    /// - evaluating JavaScript in the top-level document (``evaluateJavaScript(_:)``);
    /// - asking ``navigationDecider`` before every navigation the page makes itself;
    /// - delivering what page scripts post with `window.webkit.messageHandlers.<name>.postMessage`
    ///   (``addMessageHandler(name:_:)``);
    /// - reporting loads that fail (``loadFailureHandler``);
    /// - handing the page's JavaScript dialogs to ``dialogHandler``.
    ///
    /// A web view never opens windows itself: a popup (`window.open`, a `target="_blank"` link)
    /// is offered to the decider with ``WebNavigationRequest/isNewWindow`` set, and if allowed it is
    /// loaded in this web view in place of the current document.
    @MainActor
    public protocol WebView: AnyObject, Sendable {
        /// The view to present. The SDK embeds or hands it to the app; it shows this web view.
        var viewController: PlatformViewController { get }

        /// Asked before every navigation the page makes itself — link, script, form POST, popup,
        /// server redirect, in the top-level document or in a frame — and the navigation waits for
        /// the answer. Loads the SDK asks for with ``loadHTML(_:baseURL:)`` and ``load(_:)`` are not
        /// offered (redirects they lead to are). Without a decider every navigation is allowed.
        var navigationDecider: WebNavigationDecider? { get set }

        /// Told when a top-level document fails to load: a network error, a refused connection, a
        /// URL the engine cannot show. Navigations the decider cancelled are not failures.
        var loadFailureHandler: WebViewLoadFailureHandler? { get set }

        /// Asked to answer each JavaScript dialog (`alert`, `confirm`, `prompt`) the top-level
        /// document or a frame opens; the page waits for the answer. Without a handler dialogs
        /// are answered as an engine without a UI answers them: alerts close, the rest are
        /// dismissed. Web views that cannot show dialogs may leave it to the default, which
        /// holds nothing.
        var dialogHandler: WebDialogHandler? { get set }

        /// Shows `html` as the top-level document at `baseURL`, so the page's origin is that of
        /// `baseURL` and its relative URLs resolve against it (`loadHTMLString(_:baseURL:)`).
        /// `about:blank` gives the page an opaque origin. Returns when the document has loaded, or
        /// when a newer load replaced it before it finished.
        ///
        /// - Throws: ``WebViewLoadFailure`` if the document could not be shown.
        func loadHTML(_ html: String, baseURL: URL) async throws

        /// Navigates the top-level document to `url`. Returns when the document has loaded.
        ///
        /// - Throws: ``WebViewLoadFailure`` if it could not be loaded.
        func load(_ url: URL) async throws

        /// Evaluates `script` in the top-level document and returns its value as JSON (a returned
        /// promise is awaited; `undefined` and values JSON cannot hold are ``JSONValue/null``).
        ///
        /// - Throws: an error describing the exception if the script threw.
        func evaluateJavaScript(_ script: String) async throws -> JSONValue

        /// Makes `window.webkit.messageHandlers.<name>.postMessage(body)` deliver `body` (as JSON) to
        /// `handler`, in the current document and every later one, until removed. Adding a handler
        /// under a name in use replaces it.
        ///
        /// Only posts from the top-level document are delivered; a frame's are dropped, however
        /// the frame reached the handler. A frame may hold any third-party page (a bank's, an
        /// ad), and a message such as the payment page's `onPaid` must come from the page the SDK
        /// shows. (`WKWebView` tells by `WKScriptMessage.frameInfo.isMainFrame`.)
        func addMessageHandler(name: String, _ handler: @escaping WebViewMessageHandler) async throws

        /// Stops delivering messages posted to `name`; later posts are ignored.
        func removeMessageHandler(name: String) async

        /// Stops loading, drops the handlers and the decider, and releases the engine's resources.
        /// A closed web view does nothing more.
        func close() async
    }

    /// Decides about a navigation before it happens.
    public typealias WebNavigationDecider = @MainActor (WebNavigationRequest) async -> WebNavigationDecision

    /// Receives what a page script posted to one message handler.
    public typealias WebViewMessageHandler = @MainActor (JSONValue) -> Void

    /// Receives a failed load of a top-level document.
    public typealias WebViewLoadFailureHandler = @MainActor (WebViewLoadFailure) -> Void
}
