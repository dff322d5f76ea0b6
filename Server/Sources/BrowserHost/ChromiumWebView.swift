import Foundation
import SwedbankPaySDK

/// One ``BrowserPage`` as a ``SwedbankPaySDK/WebView``: the adapter between the SDK's web-view
/// contract and Chromium, deciding nothing itself.
///
/// - Every navigation the page makes — links, scripts, form POSTs with their bodies, frames,
///   server redirects (to app schemes too) — waits for the ``navigationDecider``; the loads the
///   SDK asks for are not offered.
/// - A popup is offered with ``SwedbankPaySDK/WebNavigationRequest/isNewWindow`` set and, if
///   allowed, loaded in this page; no window is ever opened.
/// - Failed top-level loads go to ``loadFailureHandler`` (the SDK's own loads throw instead).
/// - Pages on any origin may reach services on this machine, as in a `WKWebView`.
@MainActor
public final class ChromiumWebView: SwedbankPaySDK.WebView {
    /// The page behind this web view, for driving it as a payer would (click, type, screenshot).
    public let page: BrowserPage
    /// A ``ChromiumViewController`` holding ``page``.
    public let viewController: SwedbankPaySDK.PlatformViewController
    /// Asked before every navigation the page makes itself; without one, everything is allowed.
    public var navigationDecider: SwedbankPaySDK.WebNavigationDecider?
    /// Told when a top-level document the page navigated to fails to load.
    public var loadFailureHandler: SwedbankPaySDK.WebViewLoadFailureHandler?
    /// Answers the page's JavaScript dialogs (DevTools' `Page.javascriptDialogOpening`); without
    /// one, alerts close and confirms and prompts are dismissed.
    public var dialogHandler: SwedbankPaySDK.WebDialogHandler?
    /// Whether ``close()`` was called.
    public private(set) var isClosed = false

    private let browser: BrowserHost
    private var handlers: [String: SwedbankPaySDK.WebViewMessageHandler] = [:]
    /// Numbers the SDK's loads, so a load replaced by a newer one ends quietly.
    private var loadNumber = 0
    /// The SDK's loads in flight: their failures are thrown, not reported to the handler.
    private var ownLoadsInFlight = 0
    private var loopbackOrigins: Set<String> = []

    init(page: BrowserPage, browser: BrowserHost) {
        self.page = page
        self.browser = browser
        viewController = ChromiumViewController(page: page)
    }

    func connect() async {
        await page.setNavigationDecider { [weak self] request in
            await self?.decide(request) ?? .cancel
        }
        await page.setPopupHandler { [weak self] url in
            await self?.popupRequested(url)
        }
        await page.setLoadFailureHandler { [weak self] failure in
            await self?.loadFailed(failure)
        }
        await page.setDialogHandler { [weak self] dialog in
            // A web view that is gone answers nothing; for an alert, dismissing is closing.
            await self?.answer(dialog) ?? .dismissed
        }
    }

    private func answer(_ dialog: SwedbankPaySDK.WebDialog) async -> SwedbankPaySDK.WebDialogAnswer {
        if let dialogHandler { return await dialogHandler(dialog) }
        return dialog.unattendedAnswer
    }

    // MARK: Loading

    /// Shows `html` at `baseURL` (its origin); returns when it has loaded or a newer load replaced it.
    ///
    /// - Throws: ``SwedbankPaySDK/WebViewLoadFailure`` if it could not be shown.
    public func loadHTML(_ html: String, baseURL: URL) async throws {
        let number = try beginLoad(of: baseURL)
        defer { ownLoadsInFlight -= 1 }
        await allowLoopbackAccess(from: baseURL)
        do {
            try await page.loadHTML(html, baseURL: baseURL)
        } catch {
            try endFailedLoad(number, url: baseURL, error: error)
        }
    }

    /// Navigates to `url` (not offered to the decider; redirects are); returns when it has loaded,
    /// was replaced by a newer load, or a redirect was cancelled by the decider.
    ///
    /// - Throws: ``SwedbankPaySDK/WebViewLoadFailure`` if it could not be loaded.
    public func load(_ url: URL) async throws {
        let number = try beginLoad(of: url)
        defer { ownLoadsInFlight -= 1 }
        do {
            if let errorText = try await page.navigate(to: url, offered: false) {
                throw BrowserHostError.protocolError(method: "Page.navigate", message: errorText)
            }
        } catch {
            try endFailedLoad(number, url: url, error: error)
        }
    }

    private func beginLoad(of url: URL) throws -> Int {
        guard !isClosed else {
            throw SwedbankPaySDK.WebViewLoadFailure(url: url, description: "the web view is closed")
        }
        loadNumber += 1
        ownLoadsInFlight += 1
        return loadNumber
    }

    /// Replaced or cancelled loads end quietly; anything else is a ``SwedbankPaySDK/WebViewLoadFailure``.
    private func endFailedLoad(_ number: Int, url: URL, error: any Error) throws {
        let description: String
        if case BrowserHostError.protocolError(_, let message) = error {
            description = message
        } else {
            description = String(describing: error)
        }
        if number != loadNumber || description == "net::ERR_ABORTED" { return }
        throw SwedbankPaySDK.WebViewLoadFailure(url: url, description: description)
    }

    private func allowLoopbackAccess(from url: URL) async {
        guard ["http", "https"].contains(url.scheme?.lowercased()), let host = url.host else { return }
        let origin = "\(url.scheme ?? "")://\(host):\(url.port ?? -1)"
        guard loopbackOrigins.insert(origin).inserted else { return }
        try? await browser.allowLoopbackAccess(from: url)
    }

    // MARK: Scripts and messages

    /// Evaluates `script` in the top-level document; a returned promise is awaited.
    ///
    /// - Throws: ``BrowserHostError/javaScriptException(_:)`` if it threw.
    public func evaluateJavaScript(_ script: String) async throws -> SwedbankPaySDK.JSONValue {
        guard !isClosed else { throw BrowserHostError.connectionClosed("the web view is closed") }
        return try await page.evaluate(script)
    }

    /// Delivers what page scripts post to `window.webkit.messageHandlers.<name>` to `handler`, in
    /// this document and later ones, until removed.
    public func addMessageHandler(name: String, _ handler: @escaping SwedbankPaySDK.WebViewMessageHandler) async throws
    {
        guard !isClosed else { return }
        handlers[name] = handler
        try await page.addMessageHandler(name: name) { [weak self] body in
            await self?.deliver(body, to: name)
        }
    }

    /// Drops the handler of `name`; later posts are ignored.
    public func removeMessageHandler(name: String) async {
        handlers[name] = nil
        await page.removeMessageHandler(name: name)
    }

    private func deliver(_ body: SwedbankPaySDK.JSONValue, to name: String) {
        guard !isClosed else { return }
        handlers[name]?(body)
    }

    /// Closes the page; the decider and handlers hear nothing more.
    public func close() async {
        guard !isClosed else { return }
        isClosed = true
        navigationDecider = nil
        loadFailureHandler = nil
        dialogHandler = nil
        handlers.removeAll()
        await page.close()
    }

    // MARK: Page events

    private func decide(_ request: NavigationRequest) async -> NavigationDecision {
        guard !isClosed else { return .cancel }
        guard let navigationDecider else { return .allow }
        let decision = await navigationDecider(
            SwedbankPaySDK.WebNavigationRequest(
                url: request.url, method: request.method, isMainFrame: request.isMainFrame, body: request.body))
        return decision == .allow && !isClosed ? .allow : .cancel
    }

    /// A popup is a new top-level document: offered as one, and if allowed shown here instead.
    private func popupRequested(_ url: URL) async {
        guard !isClosed else { return }
        let request = SwedbankPaySDK.WebNavigationRequest(url: url, isMainFrame: true, isNewWindow: true)
        let decision = await navigationDecider?(request) ?? .allow
        guard decision == .allow, !isClosed else { return }
        _ = try? await page.navigate(to: url, offered: false)
    }

    private func loadFailed(_ failure: LoadFailure) {
        guard !isClosed, ownLoadsInFlight == 0 else { return }
        loadFailureHandler?(SwedbankPaySDK.WebViewLoadFailure(url: failure.url, description: failure.errorText))
    }
}
