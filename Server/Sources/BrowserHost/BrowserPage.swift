import Foundation
import SwedbankPaySDK

/// One page (tab) of a ``BrowserHost``: what a web view host needs — loading HTML with a base URL,
/// navigating, evaluating JavaScript, clicking and typing, waiting, screenshots, console errors —
/// plus the hooks WKWebView gives the SDK: every document navigation is offered to a decider before
/// it happens, and page scripts post messages through `window.webkit.messageHandlers.<name>`.
public actor BrowserPage {
    /// Decides about a navigation before it happens.
    public typealias NavigationDecider = @Sendable (NavigationRequest) async -> NavigationDecision
    /// Receives what a page script posted with `window.webkit.messageHandlers.<name>.postMessage(body)`.
    public typealias MessageHandler = @Sendable (SwedbankPaySDK.JSONValue) async -> Void
    /// Told about a popup (`window.open`, `target=_blank`); the popup itself is not opened.
    public typealias PopupHandler = @Sendable (URL) async -> Void

    let connection: DevToolsConnection
    let targetId: String
    let sessionId: String
    private var mainFrameId: String?
    private var decider: NavigationDecider?
    private var popupHandler: PopupHandler?
    private var messageHandlers: [String: MessageHandler] = [:]
    private var documents: [String: String] = [:]
    private var loadWaiters: [CheckedContinuation<Void, Never>] = []
    private var eventTask: Task<Void, Never>?

    /// Console errors, uncaught exceptions and failed loads, in order.
    public private(set) var consoleErrors: [String] = []
    /// Popups the page tried to open.
    public private(set) var popups: [URL] = []
    /// Every document navigation offered to the decider, in order (loads of HTML given to
    /// ``loadHTML(_:baseURL:)`` excluded).
    public private(set) var navigations: [NavigationRequest] = []

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
        try await send(
            "Fetch.enable",
            ["patterns": .array([.object(["urlPattern": .string("*"), "requestStage": .string("Request")])])]
        )
        try await send("Runtime.addBinding", ["name": .string(Self.bindingName)])
        let tree = try await send("Page.getFrameTree")
        mainFrameId = tree["frameTree"]?.objectValue?["frame"]?.objectValue?["id"]?.stringValue
    }

    // MARK: Hooks

    /// Sets the decider for document navigations (top level and frames). Without one, everything is
    /// allowed.
    public func setNavigationDecider(_ decider: NavigationDecider?) {
        self.decider = decider
    }

    /// Sets who is told about popups.
    public func setPopupHandler(_ handler: PopupHandler?) {
        popupHandler = handler
    }

    /// Makes `window.webkit.messageHandlers.<name>.postMessage(body)` deliver `body` to `handler`,
    /// in documents loaded from now on — add handlers before loading the page, as with WKWebView.
    public func addMessageHandler(name: String, _ handler: @escaping MessageHandler) async throws {
        messageHandlers[name] = handler
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
        try await send("Page.addScriptToEvaluateOnNewDocument", ["source": .string(script)])
    }

    // MARK: Loading

    /// Shows `html` as the document at `baseURL`: the document's origin is the base URL, as
    /// `loadHTMLString(_:baseURL:)` gives on iOS. Returns when the page has loaded.
    public func loadHTML(_ html: String, baseURL: URL, timeout: TimeInterval = 15) async throws {
        let key = Self.documentKey(baseURL)
        documents[key] = html
        defer { documents[key] = nil }
        if let error = try await navigate(to: baseURL, waitForLoad: true, timeout: timeout) {
            throw BrowserHostError.protocolError(method: "Page.navigate", message: error)
        }
    }

    /// Navigates the page. Returns Chromium's error text when the navigation failed or was
    /// cancelled by the decider (`net::ERR_ABORTED`), else nil.
    @discardableResult
    public func navigate(to url: URL, waitForLoad: Bool = true, timeout: TimeInterval = 15) async throws -> String? {
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

    /// Evaluates JavaScript in the main frame (awaiting a returned promise) and returns its value.
    public func evaluate(_ expression: String) async throws -> SwedbankPaySDK.JSONValue {
        let result = try await send(
            "Runtime.evaluate",
            ["expression": .string(expression), "returnByValue": .bool(true), "awaitPromise": .bool(true)])
        if let details = result["exceptionDetails"]?.objectValue {
            let description =
                details["exception"]?.objectValue?["description"]?.stringValue ?? details["text"]?.stringValue
                ?? "exception"
            throw BrowserHostError.javaScriptException(description)
        }
        return result["result"]?.objectValue?["value"] ?? .null
    }

    /// Clicks the first element matching a CSS selector.
    public func click(_ selector: String) async throws {
        let found = try await evaluate(
            "(function(){var e=document.querySelector(\(try Self.jsonLiteral(selector)));if(!e)return false;e.click();return true;})()"
        )
        guard found == .bool(true) else { throw BrowserHostError.elementNotFound(selector) }
    }

    /// Types into the first element matching a CSS selector, firing `input` and `change` events.
    public func type(_ text: String, into selector: String) async throws {
        let found = try await evaluate(
            """
            (function(){var e=document.querySelector(\(try Self.jsonLiteral(selector)));if(!e)return false;
            e.focus();e.value=\(try Self.jsonLiteral(text));
            e.dispatchEvent(new Event('input',{bubbles:true}));e.dispatchEvent(new Event('change',{bubbles:true}));
            return true;})()
            """)
        guard found == .bool(true) else { throw BrowserHostError.elementNotFound(selector) }
    }

    /// Waits until a JavaScript expression is truthy, checking every 50 ms.
    public func waitFor(_ expression: String, timeout: TimeInterval = 10, description: String? = nil) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let value = try? await evaluate("!!(\(expression))"), value == .bool(true) { return }
            if Date() >= deadline { throw BrowserHostError.timedOut(description ?? expression) }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
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

    // MARK: Events

    private func handle(_ event: DevToolsConnection.Event) async {
        switch event.method {
        case "Fetch.requestPaused":
            let params = event.params
            Task { await self.requestPaused(params) }
        case "Runtime.bindingCalled" where event.params["name"]?.stringValue == Self.bindingName:
            await messagePosted(event.params["payload"]?.stringValue ?? "")
        case "Runtime.consoleAPICalled" where event.params["type"]?.stringValue == "error":
            let text = (event.params["args"]?.arrayValue ?? []).map { argument -> String in
                let object = argument.objectValue
                return object?["value"]?.stringValue ?? object?["description"]?.stringValue ?? "\(argument)"
            }
            consoleErrors.append(text.joined(separator: " "))
        case "Runtime.exceptionThrown":
            let details = event.params["exceptionDetails"]?.objectValue
            consoleErrors.append(
                details?["exception"]?.objectValue?["description"]?.stringValue ?? details?["text"]?.stringValue
                    ?? "uncaught exception")
        case "Log.entryAdded":
            let entry = event.params["entry"]?.objectValue
            if entry?["level"]?.stringValue == "error" {
                consoleErrors.append(
                    [entry?["text"]?.stringValue, entry?["url"]?.stringValue].compactMap { $0 }.joined(separator: " "))
            }
        case "Page.windowOpen":
            if let url = event.params["url"]?.stringValue.flatMap(URL.init(string:)) {
                popups.append(url)
                await popupHandler?(url)
            }
        case "Page.frameRequestedNavigation":
            // Navigations to app schemes (swish://, custom callback schemes) never reach the network,
            // so Fetch does not see them; they are offered to the decider from here. Chromium cannot
            // open them, so the page stays where it is whatever is decided.
            guard let text = event.params["url"]?.stringValue, let url = URL(string: text),
                let scheme = url.scheme?.lowercased(), scheme != "http", scheme != "https", scheme != "about",
                scheme != "data", scheme != "javascript", scheme != "blob"
            else { return }
            let request = NavigationRequest(
                url: url, method: "GET", isMainFrame: event.params["frameId"]?.stringValue == mainFrameId)
            navigations.append(request)
            _ = await decider?(request)
        default:
            break
        }
    }

    private func requestPaused(_ params: SwedbankPaySDK.JSONObject) async {
        guard let requestId = params["requestId"]?.stringValue,
            let request = params["request"]?.objectValue,
            let urlText = request["url"]?.stringValue
        else { return }
        let continueRequest: SwedbankPaySDK.JSONObject = ["requestId": .string(requestId)]
        guard params["resourceType"]?.stringValue == "Document", let url = URL(string: urlText) else {
            _ = try? await send("Fetch.continueRequest", continueRequest)
            return
        }
        if let html = documents[Self.documentKey(url)] {
            _ = try? await send(
                "Fetch.fulfillRequest",
                [
                    "requestId": .string(requestId), "responseCode": .integer(200),
                    "responseHeaders": .array([
                        .object(["name": .string("Content-Type"), "value": .string("text/html; charset=utf-8")])
                    ]),
                    "body": .string(Data(html.utf8).base64EncodedString()),
                ])
            return
        }
        let navigation = NavigationRequest(
            url: url,
            method: request["method"]?.stringValue ?? "GET",
            isMainFrame: params["frameId"]?.stringValue == mainFrameId,
            body: Self.postBody(of: request))
        navigations.append(navigation)
        let decision = await decider?(navigation) ?? .allow
        switch decision {
        case .allow:
            _ = try? await send("Fetch.continueRequest", continueRequest)
        case .cancel:
            _ = try? await send(
                "Fetch.failRequest", ["requestId": .string(requestId), "errorReason": .string("Aborted")])
        }
    }

    private func messagePosted(_ payload: String) async {
        guard let value = try? JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: Data(payload.utf8)),
            let name = value.objectValue?["name"]?.stringValue, let handler = messageHandlers[name]
        else { return }
        await handler(value.objectValue?["body"] ?? .null)
    }

    // MARK: Helpers

    @discardableResult
    private func send(_ method: String, _ params: SwedbankPaySDK.JSONObject = [:]) async throws
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

    /// URLs as Chromium reports them: host-only URLs gain a `/` path, fragments are dropped.
    static func documentKey(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.fragment = nil
        if components.path.isEmpty { components.path = "/" }
        return components.string ?? url.absoluteString
    }

    static func jsonLiteral(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }

    /// Closes this page's tab.
    public func close() async {
        eventTask?.cancel()
        _ = try? await connection.send("Target.closeTarget", ["targetId": .string(targetId)])
    }
}
