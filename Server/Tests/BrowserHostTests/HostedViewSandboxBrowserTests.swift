import BrowserHost
import Foundation
import Hummingbird
import LocalStack
import Logging
import PaymentSandbox
import ServerSupport
import SwedbankPaySDK
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hosted view browser tests' world: a Payment Sandbox served live on 127.0.0.1 (port 0), a
/// headless Chromium, and a merchant that creates orders over HTTP and loads the SDK's pages
/// (``HostedViewMerchantPage``) at the order's first hostUrl, with a `swedbankpay` message
/// handler and a navigation decider that takes completeUrl, cancelUrl, paymentUrl and the terms
/// of service the way the SDK does.
struct HostedViewSandbox: Sendable {
    static let token = "browser-test-token"
    static let merchantOrigin = "https://shop.example"
    static let completeUrl = "https://shop.example/complete"
    static let cancelUrl = "https://shop.example/cancel"
    static let paymentUrl = "https://shop.example/pay?order=1"
    static let termsOfServiceUrl = "https://shop.example/terms"

    /// `http://127.0.0.1:<port>`.
    let base: String
    let browser: BrowserHost

    /// Serves a fresh sandbox, launches Chromium, runs `body`, and stops both, also on failure.
    static func run(
        swishApprovalDelay: TimeInterval? = nil, _ body: @Sendable (HostedViewSandbox) async throws -> Void
    ) async throws {
        let stack = try await LocalStack.start(
            LocalStack.Plan(
                sandbox: SandboxConfiguration(
                    merchantTokens: [token], swishOtherDeviceApprovalDelay: swishApprovalDelay),
                sandboxNamesItsPort: false))
        do {
            try await BrowserHost.withBrowser { browser in
                try await body(HostedViewSandbox(base: stack.sandboxURL.absoluteString, browser: browser))
            }
        } catch {
            await stack.stop()
            throw error
        }
        await stack.stop()
    }

    // MARK: Merchant API

    /// A created order: its id path, view token and the view script's href.
    struct Order: Sendable {
        let id: String
        let viewToken: String
        let scriptURL: String
    }

    /// Creates a payment order (v3 unless `v3` is false); `change` edits the `paymentorder`.
    func createOrder(
        v3: Bool = true, reference: String = String(UUID().uuidString.filter { $0 != "-" }.prefix(20)),
        _ change: (inout SwedbankPaySDK.JSONObject) -> Void = { _ in }
    ) async throws -> Order {
        var order: SwedbankPaySDK.JSONObject = [
            "operation": .string("Purchase"), "currency": .string("SEK"), "amount": .integer(1500),
            "vatAmount": .integer(375), "description": .string("Browser test purchase"),
            "userAgent": .string("BrowserHostTests"), "language": .string("en-US"),
            "urls": .object([
                "hostUrls": .array([.string(Self.merchantOrigin + "/")]), "completeUrl": .string(Self.completeUrl),
                "cancelUrl": .string(Self.cancelUrl), "paymentUrl": .string(Self.paymentUrl),
                "termsOfServiceUrl": .string(Self.termsOfServiceUrl),
            ]),
            "payeeInfo": .object([
                "payeeId": .string("5cabf558-5283-482f-b252-4d58e06f6f3b"), "payeeReference": .string(reference),
                "payeeName": .string("Browser Shop"),
            ]),
        ]
        if v3 { order["productName"] = .string("Checkout3") }
        change(&order)
        let reply = try await call("POST", "/psp/paymentorders", body: .object(["paymentorder": .object(order)]))
        let document = try #require(reply.objectValue)
        let id = try #require(document["paymentOrder"]?.objectValue?["id"]?.stringValue, "\(document)")
        let operations = document["operations"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let href = try #require(
            operations.first { ["view-checkout", "view-paymentorder"].contains($0["rel"]?.stringValue) }?["href"]?
                .stringValue)
        let token = String(try #require(href.firstMatch(of: /[0-9a-f]{64}/)).output)
        return Order(id: id, viewToken: token, scriptURL: href)
    }

    /// The order's `status`.
    func status(_ order: Order) async throws -> String? {
        try await call("GET", order.id, body: nil).objectValue?["paymentOrder"]?.objectValue?["status"]?.stringValue
    }

    /// Starts a checkin; returns the `view-consumer-identification` href.
    func createConsumer() async throws -> String {
        let body = try JSONDecoder().decode(
            SwedbankPaySDK.JSONValue.self,
            from: Data(
                #"{"operation": "initiate-consumer-session", "language": "sv-SE", "shippingAddressRestrictedToCountryCodes": ["SE", "NO"]}"#
                    .utf8))
        let reply = try await call("POST", "/psp/consumers", body: body)
        let operations = reply.objectValue?["operations"]?.arrayValue?.compactMap(\.objectValue) ?? []
        return try #require(
            operations.first { $0["rel"]?.stringValue == "view-consumer-identification" }?["href"]?.stringValue)
    }

    /// A merchant call with the bearer token.
    func call(_ method: String, _ path: String, body: SwedbankPaySDK.JSONValue?) async throws
        -> SwedbankPaySDK.JSONValue
    {
        var request = URLRequest(url: try #require(URL(string: base + path)))
        request.httpMethod = method
        request.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(body)
        }
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data)
    }

    // MARK: The SDK's side

    /// A page with the SDK's message handler and navigation decisions, allowed (as WKWebView
    /// would be) to reach the sandbox on loopback from the merchant's origin.
    func sdkPage(width: Int = 390, height: Int = 844) async throws -> (BrowserPage, HostedViewRecorder) {
        // Chromium's Local Network Access blocks a public page's requests to 127.0.0.1 unless
        // the origin has the permission; WKWebView has no such rule.
        try await browser.allowLoopbackAccess(from: URL(string: Self.merchantOrigin)!)
        let page = try await browser.newPage(width: width, height: height)
        let recorder = HostedViewRecorder()
        try await page.addMessageHandler(name: "swedbankpay") { body in await recorder.message(body) }
        let intercepted = [Self.completeUrl, Self.cancelUrl, Self.paymentUrl, Self.termsOfServiceUrl]
        await page.setNavigationDecider { request in
            await recorder.navigation(request)
            return request.isMainFrame && intercepted.contains(request.url.absoluteString) ? .cancel : .allow
        }
        return (page, recorder)
    }

    /// Loads `html` at the order's first hostUrl, as the SDK does.
    func load(_ html: String, into page: BrowserPage) async throws {
        try await page.loadHTML(html, baseURL: try #require(URL(string: Self.merchantOrigin + "/")))
    }

    /// The payment menu's frame of `order`.
    func menu(_ order: Order) -> BrowserPage.Frame {
        .urlPrefix("\(base)/checkout/frame/\(order.viewToken)?")
    }

    /// The frame shown inside the menu (3-D Secure, invoice).
    func subview(_ order: Order, _ path: String) -> BrowserPage.Frame {
        .urlPrefix("\(base)/checkout/frame/\(order.viewToken)/\(path)")
    }
}
