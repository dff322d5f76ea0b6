import Foundation
import SwedbankPaySDK

/// One page (tab) of a ``BrowserHost``: what a web view host needs — loading HTML with a base URL,
/// navigating, evaluating JavaScript, clicking and typing, waiting, screenshots, console errors —
/// plus the hooks WKWebView gives the SDK: every document navigation is offered to a decider before
/// it happens, and page scripts post messages through `window.webkit.messageHandlers.<name>`.
public actor BrowserPage {
    /// Decides about a navigation before it happens.
    public typealias NavigationDecider = @Sendable (NavigationRequest) async -> NavigationDecision
    /// Where a script runs: the main frame, or the first frame whose URL starts with a prefix.
    public enum Frame: Sendable, Equatable {
        case main
        case urlPrefix(String)
    }

    /// Receives what a page script posted with `window.webkit.messageHandlers.<name>.postMessage(body)`.
    public typealias MessageHandler = @Sendable (SwedbankPaySDK.JSONValue) async -> Void
    /// Told about a popup (`window.open`, `target=_blank`); the popup itself is not opened.
    public typealias PopupHandler = @Sendable (URL) async -> Void
    /// Told when a top-level document fails to load (not when the decider cancelled it).
    public typealias LoadFailureHandler = @Sendable (LoadFailure) async -> Void
    /// Answers a JavaScript dialog (`alert`, `confirm`, `prompt`); the page waits for it.
    public typealias DialogHandler = @Sendable (SwedbankPaySDK.WebDialog) async -> SwedbankPaySDK.WebDialogAnswer

    let connection: DevToolsConnection
    let targetId: String
    let sessionId: String
    /// The page's documents, frames and paused requests, and what to do with them: the pure part.
    var interception = PageInterception() {
        didSet {
            if interception.documentGeneration != oldValue.documentGeneration { wakeChangeWaiters() }
        }
    }
    var decider: NavigationDecider?
    var popupHandler: PopupHandler?
    var loadFailureHandler: LoadFailureHandler?
    var dialogHandler: DialogHandler?
    /// The JavaScript dialogs the page opened, in order.
    public internal(set) var dialogs: [SwedbankPaySDK.WebDialog] = []
    var messageHandlers: [String: MessageHandler] = [:]
    /// The `Page.addScriptToEvaluateOnNewDocument` identifier of each handler's installer.
    private var handlerScripts: [String: String] = [:]
    var isClosed = false
    private var loadWaiters: [CheckedContinuation<Void, Never>] = []
    private var eventTask: Task<Void, Never>?

    /// Console errors, uncaught exceptions and failed loads, in order.
    public internal(set) var consoleErrors: [String] = [] {
        didSet { wakeChangeWaiters() }
    }
    /// Popups the page tried to open.
    public internal(set) var popups: [URL] = [] {
        didSet { wakeChangeWaiters() }
    }
    /// Every document navigation offered to the decider, in order (loads of HTML given to
    /// ``loadHTML(_:baseURL:)`` excluded).
    public internal(set) var navigations: [NavigationRequest] = [] {
        didSet { wakeChangeWaiters() }
    }

    /// What the page recorded, for ``waitForRecord(timeout:until:)``.
    public struct Record: Sendable {
        public let consoleErrors: [String]
        public let popups: [URL]
        public let navigations: [NavigationRequest]
    }

    var record: Record { Record(consoleErrors: consoleErrors, popups: popups, navigations: navigations) }

    /// Who waits for the page to change (``waitForRecord(timeout:until:)``, ``waitFor(_:in:timeout:description:)``):
    /// each is checked again at every change and resumed once its condition holds, or with false
    /// at its deadline.
    var changeWaiters: [(id: UInt64, condition: () -> Bool, continuation: CheckedContinuation<Bool, Never>)] = []
    var nextChangeWaiter: UInt64 = 0
    /// Top-level documents that failed to load, in order.
    public internal(set) var loadFailures: [LoadFailure] = []

    static let bindingName = "__browserHostPost"

    init(connection: DevToolsConnection, targetId: String, sessionId: String) {
        self.connection = connection
        self.targetId = targetId
        self.sessionId = sessionId
    }

    func start(width: Int, height: Int, deviceScaleFactor: Double) async throws {
        let events = await connection.events()
        let sessionId = self.sessionId
        eventTask = Task { [weak self] in
            for await event in events where event.sessionId == sessionId {
                await self?.handle(event)
            }
        }
        try await send("Page.enable")
        try await send("Runtime.enable")
        try await send("Log.enable")
        try await send(
            "Emulation.setDeviceMetricsOverride",
            [
                "width": .integer(Int64(width)), "height": .integer(Int64(height)),
                "deviceScaleFactor": .number(deviceScaleFactor), "mobile": .bool(true),
            ])
        try await setNavigationInterception(enabled: true)
        try await send("Runtime.addBinding", ["name": .string(Self.bindingName)])
        let tree = try await send("Page.getFrameTree")
        interception.mainFrameId = tree["frameTree"]?.objectValue?["frame"]?.objectValue?["id"]?.stringValue
    }

    // MARK: Hooks

    /// Turns the pausing of document requests on (the default) or off. Off, navigations are not
    /// offered to the decider and ``loadHTML(_:baseURL:)`` cannot serve its HTML; for measuring
    /// what interception costs, or for pages that need no decisions.
    public func setNavigationInterception(enabled: Bool) async throws {
        guard enabled else {
            try await send("Fetch.disable")
            return
        }
        // Only documents (main frame and frames) are paused: they are what a web view host
        // decides about, and pausing every script and image would slow every page. They are
        // paused twice: before the request (the decider) and at the response (redirects to app
        // schemes, which never become requests, and load failures).
        try await send(
            "Fetch.enable",
            [
                "patterns": .array(
                    ["Request", "Response"].map { stage in
                        .object([
                            "urlPattern": .string("*"), "resourceType": .string("Document"),
                            "requestStage": .string(stage),
                        ])
                    })
            ]
        )
    }

    /// Sets the decider for document navigations (top level and frames). Without one, everything is
    /// allowed.
    public func setNavigationDecider(_ decider: NavigationDecider?) {
        self.decider = decider
    }

    /// Sets who answers the page's JavaScript dialogs. Without one they are answered as an engine
    /// without a UI answers them: alerts close, confirms and prompts are dismissed.
    public func setDialogHandler(_ handler: DialogHandler?) {
        dialogHandler = handler
    }

    /// Makes the page see the system's appearance as `scheme` (`"light"` or `"dark"`) through
    /// `prefers-color-scheme`; nil shows the browser's own.
    public func emulateColorScheme(_ scheme: String?) async throws {
        let features: [SwedbankPaySDK.JSONValue] = [
            .object(["name": .string("prefers-color-scheme"), "value": .string(scheme ?? "")])
        ]
        try await send("Emulation.setEmulatedMedia", ["features": .array(features)])
    }

    /// Sets who is told about popups.
    public func setPopupHandler(_ handler: PopupHandler?) {
        popupHandler = handler
    }

    /// Sets who is told when a top-level document fails to load: a refused connection, an unknown
    /// host, a URL Chromium cannot show. Navigations the decider cancelled, and loads replaced by
    /// newer ones, are not failures.
    public func setLoadFailureHandler(_ handler: LoadFailureHandler?) {
        loadFailureHandler = handler
    }

    /// Makes `window.webkit.messageHandlers.<name>.postMessage(body)` deliver `body` to `handler`,
    /// in the current document and every document loaded later, until removed. Adding a handler
    /// under a name in use replaces it.
    public func addMessageHandler(name: String, _ handler: @escaping MessageHandler) async throws {
        messageHandlers[name] = handler
        guard handlerScripts[name] == nil else { return }
        let script = try Self.handlerInstaller(name: name)
        let added = try await send("Page.addScriptToEvaluateOnNewDocument", ["source": .string(script)])
        handlerScripts[name] = added["identifier"]?.stringValue ?? ""
        // The current document too; a document being replaced has no context to run it in, and
        // its successor gets the script above.
        _ = try? await evaluate(script)
    }

    /// Stops delivering what page scripts post to `name`; later posts are dropped.
    public func removeMessageHandler(name: String) async {
        messageHandlers[name] = nil
        if let identifier = handlerScripts.removeValue(forKey: name) {
            _ = try? await send("Page.removeScriptToEvaluateOnNewDocument", ["identifier": .string(identifier)])
        }
    }

    /// The script giving page scripts `window.webkit.messageHandlers.<name>`.
    private static func handlerInstaller(name: String) throws -> String {
        let nameLiteral = try Self.jsonLiteral(name)
        let script = """
            (function (name) {
              var webkit = window.webkit || { messageHandlers: {} };
              webkit.messageHandlers[name] = {
                postMessage: function (body) {
                  window.\(Self.bindingName)(JSON.stringify({ name: name, body: body === undefined ? null : body }));
                }
              };
              window.webkit = webkit;
            })(\(nameLiteral));
            """
        return script
    }

    // MARK: Loading

    /// Shows `html` as the document at `baseURL`: the document's origin is the base URL, as
    /// `loadHTMLString(_:baseURL:)` gives on iOS. Returns when the page has loaded.
    public func loadHTML(_ html: String, baseURL: URL, timeout: TimeInterval = 15) async throws {
        guard ["http", "https"].contains(baseURL.scheme?.lowercased()) else {
            // No request to answer: the document is written into a fresh `about:blank`, whose
            // origin is opaque.
            if let error = try await navigate(to: URL(string: "about:blank")!, offered: false, timeout: timeout) {
                throw BrowserHostError.protocolError(method: "Page.navigate", message: error)
            }
            guard let mainFrameId = interception.mainFrameId else {
                throw BrowserHostError.protocolError(method: "Page.setDocumentContent", message: "no main frame")
            }
            try await send("Page.setDocumentContent", ["frameId": .string(mainFrameId), "html": .string(html)])
            return
        }
        let load = interception.give(html, at: baseURL)
        defer { interception.forget(load: load, at: baseURL) }
        if let error = try await navigate(to: baseURL, waitForLoad: true, timeout: timeout) {
            throw BrowserHostError.protocolError(method: "Page.navigate", message: error)
        }
    }

    /// Navigates the page. Returns Chromium's error text when the navigation failed or was
    /// cancelled by the decider (`net::ERR_ABORTED`), else nil.
    ///
    /// With `offered` false the navigation itself is not offered to the decider (as a web view's
    /// own loads are not); redirects it leads to are.
    @discardableResult
    public func navigate(
        to url: URL, offered: Bool = true, waitForLoad: Bool = true, timeout: TimeInterval = 15
    ) async throws -> String? {
        if !offered { interception.expectUnofferedLoad(of: url) }
        defer { if !offered { interception.forgetUnofferedLoad(of: url) } }
        let result = try await send("Page.navigate", ["url": .string(url.absoluteString)])
        if let error = result["errorText"]?.stringValue, !error.isEmpty {
            return error
        }
        if waitForLoad {
            try await waitFor("document.readyState === 'complete'", timeout: timeout, description: "\(url) to load")
        }
        return nil
    }

    // MARK: Scripting

    /// Evaluates JavaScript (awaiting a returned promise) and returns its value. In the main frame
    /// it runs in the page's own world; in another frame, in an isolated world of that frame, which
    /// shares the DOM (so clicks and input events reach the page's listeners) but not its globals.
    public func evaluate(_ expression: String, in frame: Frame = .main) async throws -> SwedbankPaySDK.JSONValue {
        var params: SwedbankPaySDK.JSONObject = [
            "expression": .string(expression), "returnByValue": .bool(true), "awaitPromise": .bool(true),
        ]
        if case .urlPrefix = frame {
            params["contextId"] = .integer(try await isolatedContext(for: frame))
        }
        let result = try await send("Runtime.evaluate", params)
        if let details = result["exceptionDetails"]?.objectValue {
            let description =
                details["exception"]?.objectValue?["description"]?.stringValue ?? details["text"]?.stringValue
                ?? "exception"
            throw BrowserHostError.javaScriptException(description)
        }
        return result["result"]?.objectValue?["value"] ?? .null
    }

    /// Runs JavaScript that may start a navigation — a click on a link or a submit button,
    /// `location.reload()`, `history.back()` — and returns its value, or nil when the document
    /// went away before Chromium answered. That answer ("Inspected target navigated or closed")
    /// comes only once the script has begun, so it means the action ran; ``evaluate(_:in:)``
    /// throws it, for a question asked of a page must not pass unanswered.
    @discardableResult
    public func perform(_ script: String, in frame: Frame = .main) async throws -> SwedbankPaySDK.JSONValue? {
        do {
            return try await evaluate(script, in: frame)
        } catch BrowserHostError.protocolError(method: "Runtime.evaluate", let message)
            where message == Self.navigatedAwayMessage
        {
            return nil
        }
    }

    /// Chromium's answer to `Runtime.evaluate` when the document it ran in was replaced first.
    static let navigatedAwayMessage = "Inspected target navigated or closed"

    /// Clicks the first element matching a CSS selector. A click that navigates may cut Chromium's
    /// answer short; the click was made (see ``perform(_:in:)``).
    public func click(_ selector: String, in frame: Frame = .main) async throws {
        let found = try await perform(
            "(function(){var e=document.querySelector(\(try Self.jsonLiteral(selector)));if(!e)return false;e.click();return true;})()",
            in: frame)
        guard found == nil || found == .bool(true) else { throw BrowserHostError.elementNotFound(selector) }
    }

    /// Types into the first element matching a CSS selector, firing `input` and `change` events.
    public func type(_ text: String, into selector: String, in frame: Frame = .main) async throws {
        let found = try await evaluate(
            """
            (function(){var e=document.querySelector(\(try Self.jsonLiteral(selector)));if(!e)return false;
            e.focus();e.value=\(try Self.jsonLiteral(text));
            e.dispatchEvent(new Event('input',{bubbles:true}));e.dispatchEvent(new Event('change',{bubbles:true}));
            return true;})()
            """, in: frame)
        guard found == .bool(true) else { throw BrowserHostError.elementNotFound(selector) }
    }

    /// The URLs of every frame of the page, main frame first.
    public func frameURLs() async throws -> [String] {
        let tree = try await send("Page.getFrameTree")
        return Self.frames(in: tree["frameTree"]).map(\.url)
    }

    private func isolatedContext(for frame: Frame) async throws -> Int64 {
        guard case .urlPrefix(let prefix) = frame else { return 0 }
        let tree = try await send("Page.getFrameTree")
        guard let match = Self.frames(in: tree["frameTree"]).first(where: { $0.url.hasPrefix(prefix) }) else {
            throw BrowserHostError.elementNotFound("frame with URL prefix \(prefix)")
        }
        let world = try await send(
            "Page.createIsolatedWorld", ["frameId": .string(match.id), "worldName": .string("browserhost")])
        guard let context = world["executionContextId"]?.integerValue else {
            throw BrowserHostError.protocolError(method: "Page.createIsolatedWorld", message: "no context")
        }
        return context
    }

    private static func frames(in node: SwedbankPaySDK.JSONValue?) -> [(id: String, url: String)] {
        guard let object = node?.objectValue, let frame = object["frame"]?.objectValue,
            let id = frame["id"]?.stringValue
        else { return [] }
        let url = (frame["url"]?.stringValue ?? "") + (frame["urlFragment"]?.stringValue ?? "")
        let children = object["childFrames"]?.arrayValue ?? []
        return [(id, url)] + children.flatMap { frames(in: $0) }
    }

    /// A PNG of the viewport.
    public func screenshot() async throws -> Data {
        let result = try await send("Page.captureScreenshot", ["format": .string("png")])
        guard let base64 = result["data"]?.stringValue, let data = Data(base64Encoded: base64) else {
            throw BrowserHostError.protocolError(method: "Page.captureScreenshot", message: "no image data")
        }
        return data
    }

    /// The URL of the main frame's document.
    public func currentURL() async throws -> URL? {
        try await evaluate("location.href").stringValue.flatMap(URL.init(string:))
    }

    // MARK: Helpers

    @discardableResult
    func send(_ method: String, _ params: SwedbankPaySDK.JSONObject = [:]) async throws
        -> SwedbankPaySDK.JSONObject
    {
        try await connection.send(method, params, sessionId: sessionId)
    }

    static func postBody(of request: SwedbankPaySDK.JSONObject) -> Data? {
        if let text = request["postData"]?.stringValue { return Data(text.utf8) }
        guard let entries = request["postDataEntries"]?.arrayValue else { return nil }
        var data = Data()
        for entry in entries {
            if let bytes = entry.objectValue?["bytes"]?.stringValue, let chunk = Data(base64Encoded: bytes) {
                data.append(chunk)
            }
        }
        return data.isEmpty ? nil : data
    }

    static func jsonLiteral(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }

    /// Closes this page's tab; its decider and handlers are dropped and hear nothing more.
    public func close() async {
        isClosed = true
        decider = nil
        popupHandler = nil
        loadFailureHandler = nil
        messageHandlers.removeAll()
        eventTask?.cancel()
        // Wakes the waits on this page: they end at once.
        interception.documentsChanged()
        _ = try? await connection.send("Target.closeTarget", ["targetId": .string(targetId)])
    }
}
