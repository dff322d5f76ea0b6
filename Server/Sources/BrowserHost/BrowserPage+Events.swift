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
            guard let context = event.params["executionContextId"]?.integerValue,
                interception.isTopLevel(context: context)
            else { return }
            await messagePosted(event.params["payload"]?.stringValue ?? "")
        case "Runtime.executionContextCreated":
            let context = event.params["context"]?.objectValue
            let aux = context?["auxData"]?.objectValue
            if let id = context?["id"]?.integerValue, let frame = aux?["frameId"]?.stringValue {
                interception.note(.created(id: id, frame: frame, isDefault: aux?["isDefault"] == .bool(true)))
            }
        case "Runtime.executionContextDestroyed":
            if let id = event.params["executionContextId"]?.integerValue { interception.note(.destroyed(id: id)) }
        case "Runtime.executionContextsCleared":
            interception.note(.cleared)
        case "Page.frameAttached", "Page.frameNavigated", "Page.frameDetached", "Page.navigatedWithinDocument":
            interception.note(.frame)
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
            guard let text = event.params["url"]?.stringValue, let url = URL(string: text),
                PageInterception.isAppScheme(url)
            else { return }
            let request = NavigationRequest(
                url: url, method: "GET", isMainFrame: event.params["frameId"]?.stringValue == interception.mainFrameId)
            navigations.append(request)
            Task { _ = await self.decider?(request) }
        default:
            break
        }
    }

    /// Reads a paused document request or response (`Fetch.requestPaused`) and carries out what
    /// ``PageInterception`` decides; anything but a document goes on untouched.
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
        let isMainFrame = params["frameId"]?.stringValue == interception.mainFrameId
        if params["responseStatusCode"] != nil || params["responseErrorReason"] != nil {
            let response = Self.pausedResponse(params, url: url, isMainFrame: isMainFrame)
            await carryOut(interception.responsePaused(response, isClosed: isClosed), requestId: requestId)
            return
        }
        let paused = PageInterception.PausedRequest(
            url: url, method: request["method"]?.stringValue ?? "GET", isMainFrame: isMainFrame,
            body: Self.postBody(of: request), isMarkedRedirect: params["redirectedRequestId"] != nil)
        switch interception.requestPaused(paused) {
        case .continueUnoffered:
            _ = try? await send("Fetch.continueRequest", continueRequest)
        case .fulfill(let html):
            _ = try? await send(
                "Fetch.fulfillRequest",
                [
                    "requestId": .string(requestId), "responseCode": .integer(200),
                    "responseHeaders": .array([
                        .object(["name": .string("Content-Type"), "value": .string("text/html; charset=utf-8")])
                    ]),
                    "body": .string(Data(html.utf8).base64EncodedString()),
                ])
        case .offer(let navigation):
            navigations.append(navigation)
            switch await decider?(navigation) ?? .allow {
            case .allow:
                _ = try? await send("Fetch.continueRequest", continueRequest)
            case .cancel:
                _ = try? await send(
                    "Fetch.failRequest", ["requestId": .string(requestId), "errorReason": .string("Aborted")])
            }
        }
    }

    /// A paused response's parts ``PageInterception`` decides on.
    static func pausedResponse(_ params: SwedbankPaySDK.JSONObject, url: URL, isMainFrame: Bool)
        -> PageInterception.PausedResponse
    {
        let location = (params["responseHeaders"]?.arrayValue ?? []).compactMap(\.objectValue).first {
            $0["name"]?.stringValue?.lowercased() == "location"
        }?["value"]?.stringValue
        return PageInterception.PausedResponse(
            url: url, isMainFrame: isMainFrame, status: Int(params["responseStatusCode"]?.integerValue ?? 0),
            location: location, errorReason: params["responseErrorReason"]?.stringValue)
    }

    private func carryOut(_ action: PageInterception.ResponseAction, requestId: String) async {
        switch action {
        case .fail(let reason, let report):
            if let report {
                loadFailures.append(report)
                await loadFailureHandler?(report)
            }
            _ = try? await send("Fetch.failRequest", ["requestId": .string(requestId), "errorReason": .string(reason)])
        case .offerAndStop(let navigation):
            navigations.append(navigation)
            _ = await decider?(navigation)
            _ = try? await send(
                "Fetch.failRequest", ["requestId": .string(requestId), "errorReason": .string("Aborted")])
        case .proceed:
            _ = try? await send("Fetch.continueRequest", ["requestId": .string(requestId)])
        }
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
