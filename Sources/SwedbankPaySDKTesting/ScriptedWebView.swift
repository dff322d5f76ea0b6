import Foundation
import SwedbankPaySDK

/// A ``SwedbankPaySDK/WebViewHost`` whose web views are ``ScriptedWebView``s: nothing renders,
/// everything is recorded, and the test plays the page.
@MainActor
public final class ScriptedWebViewHost: SwedbankPaySDK.WebViewHost {
    /// Every web view made so far, in order.
    public private(set) var webViews: [ScriptedWebView] = []
    /// One arrival for each HTML document any of its web views loads: await it instead of polling.
    public nonisolated let htmlLoads = Arrivals()
    /// When set, ``makeWebView()`` throws it instead of making a web view.
    public var makeFailure: (any Error)?
    /// Called with each new web view before it is returned, to script it (``ScriptedWebView/scriptResults``,
    /// ``ScriptedWebView/nextLoadFailure``).
    public var prepare: ((ScriptedWebView) -> Void)?

    /// Creates a host with no web views.
    public init() {}

    /// Makes a ``ScriptedWebView`` (after ``prepare``), or throws ``makeFailure``.
    public func makeWebView() async throws -> any SwedbankPaySDK.WebView {
        if let makeFailure { throw makeFailure }
        let webView = ScriptedWebView(htmlLoads: htmlLoads)
        prepare?(webView)
        webViews.append(webView)
        return webView
    }

    /// The most recently made web view.
    public var last: ScriptedWebView? { webViews.last }
}

/// An in-memory ``SwedbankPaySDK/WebView`` for tests.
///
/// It records what the SDK asks of it (``events``), answers scripts from ``scriptResults``, and lets
/// the test act as the page: ``post(_:to:)`` delivers a message as
/// `window.webkit.messageHandlers.<name>.postMessage` would, ``offer(_:)`` asks the decider about a
/// navigation as the engine would, and ``failLoad(_:)`` reports a failed load.
@MainActor
public final class ScriptedWebView: SwedbankPaySDK.WebView {
    /// What the SDK asked of the web view.
    public enum Event: Sendable, Hashable {
        /// ``loadHTML(_:baseURL:)``.
        case loadHTML(String, baseURL: URL)
        /// ``load(_:)``.
        case load(URL)
        /// ``evaluateJavaScript(_:)`` with this script.
        case evaluate(String)
        /// ``addMessageHandler(name:_:)`` with this name.
        case addMessageHandler(String)
        /// ``removeMessageHandler(name:)`` with this name.
        case removeMessageHandler(String)
        /// ``close()``.
        case close
    }

    /// A plain view controller standing for the web view.
    public let viewController = SwedbankPaySDK.PlatformViewController()
    /// The SDK's decider, asked by ``offer(_:)``.
    public var navigationDecider: SwedbankPaySDK.WebNavigationDecider?
    /// The SDK's failure handler, told by ``failLoad(_:)``.
    public var loadFailureHandler: SwedbankPaySDK.WebViewLoadFailureHandler?
    /// The SDK's dialog handler, asked by ``openDialog(_:)``.
    public var dialogHandler: SwedbankPaySDK.WebDialogHandler?

    /// Every request, in order; each one is also an arrival of ``Arrivals/anything``.
    public private(set) var events: [Event] = [] {
        didSet { Arrivals.anything.arrive() }
    }
    /// The URL of the top-level document: the base URL of loaded HTML, a loaded URL, or the URL of
    /// a main-frame navigation the decider allowed.
    public private(set) var currentURL: URL?
    /// Whether ``close()`` was called.
    public private(set) var isClosed = false
    /// Answers for ``evaluateJavaScript(_:)`` by exact script text; other scripts return `null`.
    public var scriptResults: [String: SwedbankPaySDK.JSONValue] = [:]
    /// When set, the next load (HTML or URL) throws it, and is then cleared.
    public var nextLoadFailure: SwedbankPaySDK.WebViewLoadFailure?

    private var handlers: [String: SwedbankPaySDK.WebViewMessageHandler] = [:]

    /// One arrival for each HTML document loaded (shared with the host that made it).
    public nonisolated let htmlLoads: Arrivals

    /// Creates a web view showing nothing; `htmlLoads` counts its HTML loads.
    public init(htmlLoads: Arrivals = Arrivals()) {
        self.htmlLoads = htmlLoads
    }

    /// The HTML documents loaded so far, in order.
    public var loadedHTML: [(html: String, baseURL: URL)] {
        events.compactMap { event in
            if case .loadHTML(let html, let baseURL) = event { return (html, baseURL) }
            return nil
        }
    }

    /// The names with a message handler now.
    public var messageHandlerNames: Set<String> { Set(handlers.keys) }

    public func loadHTML(_ html: String, baseURL: URL) async throws {
        events.append(.loadHTML(html, baseURL: baseURL))
        defer { htmlLoads.arrive() }
        try finishLoad(at: baseURL)
    }

    public func load(_ url: URL) async throws {
        events.append(.load(url))
        try finishLoad(at: url)
    }

    public func evaluateJavaScript(_ script: String) async throws -> SwedbankPaySDK.JSONValue {
        events.append(.evaluate(script))
        return scriptResults[script] ?? .null
    }

    public func addMessageHandler(name: String, _ handler: @escaping SwedbankPaySDK.WebViewMessageHandler) async throws
    {
        events.append(.addMessageHandler(name))
        handlers[name] = handler
    }

    public func removeMessageHandler(name: String) async {
        events.append(.removeMessageHandler(name))
        handlers[name] = nil
    }

    public func close() async {
        events.append(.close)
        isClosed = true
        handlers.removeAll()
        navigationDecider = nil
        loadFailureHandler = nil
        dialogHandler = nil
    }

    // MARK: Playing the page

    /// Posts `body` to the handler `name`, as a script of the top-level document (or, with
    /// `fromFrame`, of a frame) would. Returns false (and delivers nothing) when no handler has
    /// that name, the web view is closed, or the post came from a frame — the `WebView` contract
    /// delivers the top-level document's posts only.
    @discardableResult
    public func post(_ body: SwedbankPaySDK.JSONValue, to name: String, fromFrame: Bool = false) -> Bool {
        guard !isClosed, !fromFrame, let handler = handlers[name] else { return false }
        handler(body)
        return true
    }

    /// Offers a navigation to the decider, as the engine would, and returns the decision (allow when
    /// there is no decider). An allowed main-frame navigation becomes ``currentURL``.
    @discardableResult
    public func offer(_ request: SwedbankPaySDK.WebNavigationRequest) async -> SwedbankPaySDK.WebNavigationDecision {
        guard !isClosed else { return .cancel }
        let decision = await navigationDecider?(request) ?? .allow
        if decision == .allow && request.isMainFrame {
            currentURL = request.url
        }
        return decision
    }

    /// `offer(_:)` for a GET of `url` in the main frame.
    @discardableResult
    public func offer(_ url: String, isNewWindow: Bool = false) async -> SwedbankPaySDK.WebNavigationDecision {
        await offer(SwedbankPaySDK.WebNavigationRequest(url: URL(string: url)!, isNewWindow: isNewWindow))
    }

    /// Opens a JavaScript dialog, as the page's script would, and returns the page's answer —
    /// without a handler, the answer of an engine without a UI.
    public func openDialog(_ dialog: SwedbankPaySDK.WebDialog) async -> SwedbankPaySDK.WebDialogAnswer {
        if let dialogHandler { return await dialogHandler(dialog) }
        return dialog.unattendedAnswer
    }

    /// Reports a failed top-level load to ``loadFailureHandler``.
    public func failLoad(_ failure: SwedbankPaySDK.WebViewLoadFailure) {
        loadFailureHandler?(failure)
    }

    private func finishLoad(at url: URL) throws {
        if let failure = nextLoadFailure {
            nextLoadFailure = nil
            throw failure
        }
        currentURL = url
    }
}
