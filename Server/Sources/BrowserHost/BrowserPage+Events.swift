import Foundation
import SwedbankPaySDK

// What the page does with DevTools events: answers paused requests (decider, HTML given to
// `loadHTML`), delivers posted messages, and records console errors and popups.
extension BrowserPage {
    func handle(_ event: DevToolsConnection.Event) async {
        switch event.method {
        case "Fetch.requestPaused":
            let params = event.params
            Task { await self.requestPaused(params) }
        case "Runtime.bindingCalled" where event.params["name"]?.stringValue == Self.bindingName:
            // Only the top-level document speaks to the app: a frame may hold any third-party
            // page, and the binding exists in every frame, so a frame's post is dropped here,
            // whichever way it called the binding.
            guard let context = event.params["executionContextId"]?.integerValue, let mainFrameId,
                contextFrames[context] == mainFrameId
            else { return }
            await messagePosted(event.params["payload"]?.stringValue ?? "")
        case "Runtime.executionContextCreated":
            let context = event.params["context"]?.objectValue
            let aux = context?["auxData"]?.objectValue
            // A document's own context only: the isolated worlds `evaluate(_:in:)` makes for a
            // frame are not a new document, and counting them would wake a wait that made one.
            if let id = context?["id"]?.integerValue, let frame = aux?["frameId"]?.stringValue,
                aux?["isDefault"] == .bool(true)
            {
                contextFrames[id] = frame
                documentGeneration += 1
            }
        case "Runtime.executionContextDestroyed":
            if let id = event.params["executionContextId"]?.integerValue, contextFrames.removeValue(forKey: id) != nil {
                documentGeneration += 1
            }
        case "Runtime.executionContextsCleared":
            contextFrames.removeAll()
            documentGeneration += 1
        case "Page.frameAttached", "Page.frameNavigated", "Page.frameDetached", "Page.navigatedWithinDocument":
            documentGeneration += 1
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
        case "Page.javascriptDialogOpening":
            let params = event.params
            // Answered apart from the event loop: the handler may wait for the payer.
            Task { await self.dialogOpened(params) }
        case "Page.windowOpen":
            // Handlers run apart from the event loop: they may wait for the page (a popup loaded in
            // place), whose events this loop delivers.
            let url = event.params["url"]?.stringValue.flatMap(URL.init(string:))
            Task {
                await self.closePopupWindows()
                if let url { await self.popupOpened(url) }
            }
        case "Page.frameRequestedNavigation":
            // Navigations to app schemes (swish://, custom callback schemes) never reach the network,
            // so Fetch does not see them; they are offered to the decider from here. Chromium cannot
            // open them, so the page stays where it is whatever is decided.
            guard let text = event.params["url"]?.stringValue, let url = URL(string: text), Self.isAppScheme(url)
            else { return }
            let request = NavigationRequest(
                url: url, method: "GET", isMainFrame: event.params["frameId"]?.stringValue == mainFrameId)
            navigations.append(request)
            Task { _ = await self.decider?(request) }
        default:
            break
        }
    }

    func requestPaused(_ params: SwedbankPaySDK.JSONObject) async {
        guard let requestId = params["requestId"]?.stringValue,
            let request = params["request"]?.objectValue,
            let urlText = request["url"]?.stringValue
        else { return }
        let continueRequest: SwedbankPaySDK.JSONObject = ["requestId": .string(requestId)]
        guard params["resourceType"]?.stringValue == "Document", let url = URL(string: urlText) else {
            _ = try? await send("Fetch.continueRequest", continueRequest)
            return
        }
        let isMainFrame = params["frameId"]?.stringValue == mainFrameId
        if params["responseStatusCode"] != nil || params["responseErrorReason"] != nil {
            await responsePaused(params, requestId: requestId, url: url, isMainFrame: isMainFrame)
            return
        }
        let key = Self.documentKey(url)
        let isRedirect = params["redirectedRequestId"] != nil || redirectTargets[key] != nil
        if let count = redirectTargets[key] { redirectTargets[key] = count > 1 ? count - 1 : nil }
        if isMainFrame, !isRedirect, unofferedLoads[key] != nil {
            forgetUnofferedLoad(key)
            _ = try? await send("Fetch.continueRequest", continueRequest)
            return
        }
        if let html = documents[key]?.html {
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
            isMainFrame: isMainFrame,
            body: Self.postBody(of: request),
            isRedirect: isRedirect)
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

    /// A document's response: a failure is reported (main frame), a redirect to an app scheme is
    /// offered to the decider and stopped (Chromium cannot open it), an http(s) redirect is
    /// remembered so its request is offered as one.
    private func responsePaused(
        _ params: SwedbankPaySDK.JSONObject, requestId: String, url: URL, isMainFrame: Bool
    ) async {
        if let reason = params["responseErrorReason"]?.stringValue {
            if isMainFrame, reason != "Aborted", !isClosed {
                let failure = LoadFailure(url: url, errorText: Self.netErrorName(reason))
                loadFailures.append(failure)
                await loadFailureHandler?(failure)
            }
            _ = try? await send("Fetch.failRequest", ["requestId": .string(requestId), "errorReason": .string(reason)])
            return
        }
        let status = params["responseStatusCode"]?.integerValue ?? 0
        let location = (params["responseHeaders"]?.arrayValue ?? []).compactMap(\.objectValue).first {
            $0["name"]?.stringValue?.lowercased() == "location"
        }?["value"]?.stringValue
        if (300..<400).contains(status), let location, let target = URL(string: location, relativeTo: url)?.absoluteURL
        {
            if Self.isAppScheme(target) {
                let navigation = NavigationRequest(
                    url: target, method: "GET", isMainFrame: isMainFrame, isRedirect: true)
                navigations.append(navigation)
                _ = await decider?(navigation)
                _ = try? await send(
                    "Fetch.failRequest", ["requestId": .string(requestId), "errorReason": .string("Aborted")])
                return
            }
            redirectTargets[Self.documentKey(target), default: 0] += 1
        }
        _ = try? await send("Fetch.continueRequest", ["requestId": .string(requestId)])
    }

    /// Whether Chromium hands `url` to another app rather than loading it (`swish://`, an app's
    /// callback scheme).
    static func isAppScheme(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return !["http", "https", "about", "data", "javascript", "blob", "file", "chrome-error"].contains(scheme)
    }

    /// `ConnectionRefused` (a DevTools error reason) as Chromium's `net::ERR_CONNECTION_REFUSED`.
    static func netErrorName(_ reason: String) -> String {
        var name = ""
        for character in reason {
            if character.isUppercase, !name.isEmpty { name += "_" }
            name += character.uppercased()
        }
        return "net::ERR_" + name
    }

    private func popupOpened(_ url: URL) async {
        popups.append(url)
        await popupHandler?(url)
    }

    /// Closes the windows this page opened: popups are reported, never shown.
    private func closePopupWindows() async {
        guard let targets = try? await connection.send("Target.getTargets")["targetInfos"]?.arrayValue else { return }
        for target in targets.compactMap(\.objectValue)
        where target["openerId"]?.stringValue == targetId && target["type"]?.stringValue == "page" {
            if let id = target["targetId"]?.stringValue {
                _ = try? await connection.send("Target.closeTarget", ["targetId": .string(id)])
            }
        }
    }

    func messagePosted(_ payload: String) async {
        guard let value = try? JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: Data(payload.utf8)),
            let name = value.objectValue?["name"]?.stringValue, let handler = messageHandlers[name]
        else { return }
        await handler(value.objectValue?["body"] ?? .null)
    }

}

extension BrowserPage {
    /// Hands a dialog to the handler and gives the page its answer. A `beforeunload` dialog is
    /// accepted: the SDK's navigations are decided before they start, not by the page.
    func dialogOpened(_ params: SwedbankPaySDK.JSONObject) async {
        let message = params["message"]?.stringValue ?? ""
        let dialog: SwedbankPaySDK.WebDialog
        switch params["type"]?.stringValue {
        case "alert": dialog = .alert(message: message)
        case "confirm": dialog = .confirm(message: message)
        case "prompt": dialog = .prompt(message: message, defaultText: params["defaultPrompt"]?.stringValue)
        default:
            _ = try? await send("Page.handleJavaScriptDialog", ["accept": .bool(true)])
            return
        }
        dialogs.append(dialog)
        let answer: SwedbankPaySDK.WebDialogAnswer
        if let dialogHandler {
            answer = await dialogHandler(dialog)
        } else {
            answer = dialog.unattendedAnswer
        }
        var reply: SwedbankPaySDK.JSONObject = ["accept": .bool(answer != .dismissed)]
        if case .text(let text) = answer { reply["promptText"] = .string(text) }
        _ = try? await send("Page.handleJavaScriptDialog", reply)
    }
}
