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

    func messagePosted(_ payload: String) async {
        guard let value = try? JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: Data(payload.utf8)),
            let name = value.objectValue?["name"]?.stringValue, let handler = messageHandlers[name]
        else { return }
        await handler(value.objectValue?["body"] ?? .null)
    }

}
