import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// What the device does outside the session API: the SDK's 3-D Secure web views posting forms,
/// and the Swish app answering the `swish://` URL the SDK opens.
enum PaymentSessionBrowser {
    /// Loads a task (`sca-method-request` / `sca-redirect`) the way the SDK's web view does: POST
    /// of the task's string expects, form-encoded.
    static func load(_ task: SwedbankPaySDK.JSONObject, _ client: SandboxClient) async throws -> SandboxClient.Reply {
        let expects = task["expects"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let fields = expects.compactMap { item -> (String, String)? in
            guard let name = item["name"]?.stringValue, let value = item["value"]?.stringValue else { return nil }
            return (name, value)
        }
        return try await submit(
            href: try #require(task["href"]?.stringValue), fields: fields,
            contentType: task["contentType"]?.stringValue ?? "", client)
    }

    /// Submits the form `id` of an HTML page like a browser: its action, its hidden inputs.
    static func submitForm(_ id: String, of page: String, _ client: SandboxClient) async throws
        -> (action: String, fields: [String: String], reply: SandboxClient.Reply)
    {
        let form = try #require(
            try Regex(#"<form id="\#(id)" method="post" action="([^"]*)">(.*?)</form>"#)
                .dotMatchesNewlines().firstMatch(in: page))
        let action = unescape(String(try #require(form.output[1].substring)))
        let body = String(try #require(form.output[2].substring))
        var fields: [(String, String)] = []
        for input in body.matches(of: try Regex(#"<input type="hidden" name="([^"]+)" value="([^"]*)">"#)) {
            fields.append((String(input.output[1].substring ?? ""), unescape(String(input.output[2].substring ?? ""))))
        }
        let reply = try await submit(
            href: action, fields: fields, contentType: "application/x-www-form-urlencoded", client)
        return (action, Dictionary(uniqueKeysWithValues: fields), reply)
    }

    static func submit(href: String, fields: [(String, String)], contentType: String, _ client: SandboxClient)
        async throws -> SandboxClient.Reply
    {
        try await client.send(
            .post, try PaymentSessionDriver.path(href), json: FormBody.encode(fields), token: nil,
            headers: [.contentType: contentType])
    }

    /// The URL the iOS SDK opens for a `launch-client-app` task: the paymentUrl appended as
    /// `callbackurl`, encoded with the host-allowed set and then again as a query item.
    static func iOSLaunchURL(_ href: String, paymentUrl: String) throws -> String {
        var components = try #require(URLComponents(string: href))
        let encoded = try #require(paymentUrl.addingPercentEncoding(withAllowedCharacters: .urlHostAllowed))
        components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "callbackurl", value: encoded)]
        return try #require(components.url?.absoluteString)
    }

    /// The Swish app answering: `POST /sandbox/swish-app`.
    static func swishApp(_ url: String, action: String, _ client: SandboxClient) async throws -> SandboxClient.Reply {
        try await client.send(
            .post, "/sandbox/swish-app", json: #"{"url": "\#(url)", "action": "\#(action)"}"#, token: nil)
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
