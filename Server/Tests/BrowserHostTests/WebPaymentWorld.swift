import BrowserHost
import Foundation
import Hummingbird
import LocalStack
import Logging
import MerchantBackend
import PaymentSandbox
import ServerSupport
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend
import SwedbankPaySDKTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The web payment end to end: `SwedbankPaySDKController` with `MerchantBackendConfiguration`
/// → a Merchant Backend → a Payment Sandbox, both on loopback (ephemeral ports, SQLite in a
/// temporary directory), the SDK's pages in headless Chromium through `ChromiumWebViewHost`, and
/// "the browser" (what the app launcher opens) as other pages of the same Chromium.
@MainActor
struct WebPaymentWorld {
    nonisolated static let merchantToken = "web-payment-merchant-token"
    nonisolated static let apiKey = "web-payment-api-key"
    nonisolated static let payeeId = "web-payment-payee"
    nonisolated static let callbackScheme = "testapp"
    /// The key of the backend's admin API (captures, cancellations, reversals).
    nonisolated static let adminKey = "web-payment-admin-key-0123456789"

    let sandboxURL: String
    let backendURL: String
    /// The sandbox itself, for the events it announces (requests logged, callbacks settled).
    let sandbox: PaymentSandbox
    let browser: BrowserHost
    let host: ChromiumWebViewHost
    let launcher: BrowserAppLauncher
    let configuration: SwedbankPaySDK.MerchantBackendConfiguration

    /// Runs `body` in a fresh world and stops everything afterwards, also when it throws.
    static func run(
        sandbox configure: (inout SandboxConfiguration) -> Void = { _ in },
        _ body: @MainActor (WebPaymentWorld) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "web-payment-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var sandbox = SandboxConfiguration(
            merchantTokens: [merchantToken], payeeId: payeeId, swishOtherDeviceApprovalDelay: nil)
        configure(&sandbox)
        var plan = LocalStack.Plan(sandbox: sandbox, sandboxNamesItsPort: false)
        plan.backend = LocalStack.BackendPlan(
            database: .sqlite(path: directory.appendingPathComponent("orders.sqlite").path)
        ) { sandboxURL, port in
            var configuration = BackendConfiguration(
                swedbankPayBaseURL: sandboxURL, merchantToken: Secret(merchantToken), payeeId: payeeId,
                publicBaseURL: URL(string: "http://127.0.0.1:\(port)")!, apiKeys: [Secret(apiKey)],
                trampolineURL: sandboxURL.appendingPathComponent("externalresourcehost/trampoline"),
                appSchemes: [callbackScheme], swedbankPayTimeout: 15)
            configuration.adminKeys = [Secret(adminKey)]
            return configuration
        }
        let stack = try await LocalStack.start(plan)
        let sandboxURL = stack.sandboxURL.absoluteString
        guard let backendURL = stack.backendURL?.absoluteString else {
            await stack.stop()
            throw LocalStack.StartFailure(description: "the stack has no backend")
        }

        let browser: BrowserHost
        do {
            browser = try await BrowserHost.launch()
        } catch {
            await stack.stop()
            throw error
        }
        let world = WebPaymentWorld(
            sandboxURL: sandboxURL, backendURL: backendURL, sandbox: stack.sandbox, browser: browser,
            host: ChromiumWebViewHost(browser: browser),
            launcher: BrowserAppLauncher(browser: browser, appScheme: callbackScheme),
            configuration: SwedbankPaySDK.MerchantBackendConfiguration(
                backendUrl: URL(string: backendURL + "/")!, callbackScheme: callbackScheme,
                headers: ["x-payex-sample-apikey": apiKey, "x-payex-sample-access-token": "payer-12345"],
                requestTimeout: 10))
        var failure: (any Error)?
        do {
            try await body(world)
        } catch {
            failure = error
        }
        for webView in world.host.webViews { await webView.close() }
        await browser.close()
        await stack.stop()
        if let failure { throw failure }
    }

    /// Starts a v3 payment of `order` (a plain order by default) and waits until its menu shows.
    func showMenu(
        of order: SwedbankPaySDK.PaymentOrder? = nil,
        redirects: SwedbankPaySDKController.WebRedirectBehavior = .Default
    ) async throws -> (DelegateRecorder, SwedbankPaySDKController) {
        let recorder = DelegateRecorder()
        let controller = controller(recorder)
        controller.webRedirectBehavior = redirects
        controller.startPayment(paymentOrder: order ?? self.order())
        try await recorder.wait(for: "paymentOrderDidShow")
        return (recorder, controller)
    }

    // MARK: The app's side

    /// A v3 order (v2 when `v3` is false) of 15.00 SEK, optionally in instrument mode.
    func order(v3: Bool = true, instrument: SwedbankPaySDK.Instrument? = nil) -> SwedbankPaySDK.PaymentOrder {
        SwedbankPaySDK.PaymentOrder(
            isV3: v3, currency: "SEK", amount: 1_500, vatAmount: 375, description: "Web payment test",
            language: .Swedish, instrument: instrument,
            urls: SwedbankPaySDK.PaymentOrderUrls(
                configuration: configuration, language: .Swedish, identifier: UUID().uuidString, appName: "Test App"))
    }

    /// A controller of this world's configuration, host and launcher, reporting to `delegate`.
    func controller(_ delegate: DelegateRecorder) -> SwedbankPaySDKController {
        let controller = SwedbankPaySDKController(
            configuration: configuration, webViewHost: host, appLauncher: launcher)
        controller.delegate = delegate
        return controller
    }

    /// The page of the SDK's latest web view.
    func sdkPage() throws -> BrowserPage {
        try #require(host.last).page
    }

    // MARK: The sandbox's side

    /// The payment menu frame of the order `info` shows.
    func menu(_ info: SwedbankPaySDK.ViewPaymentOrderInfo?) throws -> BrowserPage.Frame {
        .urlPrefix("\(sandboxURL)/checkout/frame/\(try Self.viewToken(info))?")
    }

    /// A frame shown inside the menu of `info` (`acs`, `invoice`).
    func subview(_ info: SwedbankPaySDK.ViewPaymentOrderInfo?, _ path: String) throws -> BrowserPage.Frame {
        .urlPrefix("\(sandboxURL)/checkout/frame/\(try Self.viewToken(info))/\(path)")
    }

    /// The checkin frame.
    var checkin: BrowserPage.Frame { .urlPrefix(sandboxURL + "/consumers/frame/") }

    /// Where the bank page of `info` is: the sandbox under its other loopback name.
    func bankURL(_ info: SwedbankPaySDK.ViewPaymentOrderInfo?) throws -> URL {
        let base = sandboxURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        return try #require(URL(string: "\(base)/sandbox/bank/\(try Self.viewToken(info))"))
    }

    static func viewToken(_ info: SwedbankPaySDK.ViewPaymentOrderInfo?) throws -> String {
        let link = try #require(info?.viewPaymentLink.absoluteString)
        return String(try #require(link.firstMatch(of: /[0-9a-f]{64}/)).output)
    }

    /// What the sandbox received so far, as `METHOD /path`, oldest first.
    func sandboxRequests() async throws -> [String] {
        let (data, _) = try await URLSession.shared.data(
            from: try #require(URL(string: sandboxURL + "/sandbox/requests")))
        let log = try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data)
        return (log.objectValue?["requests"]?.arrayValue ?? []).compactMap(\.objectValue).map {
            "\($0["method"]?.stringValue ?? "") \($0["path"]?.stringValue ?? "")"
        }
    }

    /// A call to the backend's admin API; the answer's status and JSON.
    func admin(_ method: String, _ path: String, body: String? = nil) async throws -> (Int, SwedbankPaySDK.JSONObject) {
        var request = URLRequest(url: try #require(URL(string: backendURL + "/admin/paymentorders" + path)))
        request.httpMethod = method
        request.setValue("Bearer \(Self.adminKey)", forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let document = try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, document.objectValue ?? [:])
    }

    /// The sandbox's callback deliveries: each order path with whether it was delivered.
    func callbackDeliveries() async throws -> [(order: String, delivered: Bool)] {
        let (data, _) = try await URLSession.shared.data(
            from: try #require(URL(string: sandboxURL + "/sandbox/callbacks")))
        let log = try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data)
        return (log.objectValue?["callbacks"]?.arrayValue ?? []).compactMap(\.objectValue).map {
            ($0["paymentOrder"]?.stringValue ?? "", $0["delivered"] == .bool(true))
        }
    }

    /// The order's status and instrument at Swedbank Pay (the sandbox), read with the merchant token.
    func statusAtSwedbankPay(_ info: SwedbankPaySDK.ViewPaymentOrderInfo?) async throws -> String? {
        let id = try #require(info?.paymentId)
        var request = URLRequest(url: try #require(URL(string: sandboxURL + id)))
        request.setValue("Bearer \(Self.merchantToken)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        let document = try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: data)
        return document.objectValue?["paymentOrder"]?.objectValue?["status"]?.stringValue
    }
}

/// The delegate of a test's controller: what it heard, in order (JavaScript events apart, by name).
@MainActor
final class DelegateRecorder: SwedbankPaySDKDelegate {
    private(set) var events: [String] = [] {
        didSet { Arrivals.anything.arrive() }
    }
    private(set) var shown: [SwedbankPaySDK.ViewPaymentOrderInfo] = []
    private(set) var javaScriptEvents: [String] = []
    /// Every `javaScriptEvent(name:arguments:)`, its arguments as JSON; each is an arrival.
    private(set) var javaScriptEventArguments: [(name: String, arguments: SwedbankPaySDK.JSONValue)] = [] {
        didSet { Arrivals.anything.arrive() }
    }

    func paymentOrderDidShow(info: SwedbankPaySDK.ViewPaymentOrderInfo) {
        shown.append(info)
        events.append("paymentOrderDidShow")
    }
    func paymentOrderDidHide() { events.append("paymentOrderDidHide") }
    func paymentComplete() { events.append("paymentComplete") }
    func paymentCanceled() { events.append("paymentCanceled") }
    func paymentFailed(error: Error) { events.append("paymentFailed(\(error))") }
    func updatePaymentOrderFailed(updateInfo: Any, error: Error) { events.append("updatePaymentOrderFailed(\(error))") }
    func instrumentSelected() { events.append("instrumentSelected") }
    func shippingAddressIsKnown() { events.append("shippingAddressIsKnown") }
    func overrideTermsOfServiceTapped(url: URL) -> Bool {
        events.append("overrideTermsOfServiceTapped")
        return true
    }
    func javaScriptEvent(name: String, arguments: [String: Any]) {
        javaScriptEvents.append(name)
        javaScriptEventArguments.append((name, SwedbankPaySDK.JSONValue(anyObject: arguments)))
    }

    /// Waits until the JavaScript event `name` has been heard `count` times; the arguments of the last.
    func waitForJavaScriptEvent(_ name: String, count: Int = 1) async throws -> SwedbankPaySDK.JSONValue {
        let heard = { self.javaScriptEventArguments.filter { $0.name == name } }
        await Arrivals.settle(seconds: 10) { heard().count >= count }
        guard heard().count >= count, let last = heard().last else {
            throw BrowserHostError.timedOut("the JavaScript event \(name) × \(count) (heard \(javaScriptEvents))")
        }
        return last.arguments
    }

    /// Waits until `event` has been heard `count` times.
    func wait(for event: String, count: Int = 1) async throws {
        let heard = { self.events.filter { $0 == event }.count >= count }
        await Arrivals.settle(seconds: 10, until: heard)
        guard heard() else { throw BrowserHostError.timedOut("\(event) × \(count) (heard \(events))") }
    }
}

/// "Other apps and the browser" on this machine: http(s) URLs open in a new page of the same
/// Chromium; a navigation there to the app's scheme comes back to the app through
/// `SwedbankPaySDK.open(url:)`, as iOS hands a custom-scheme URL to the app delegate. No app
/// claims universal links, so a paymentUrl opened in the browser walks the fallback chain.
@MainActor
final class BrowserAppLauncher: SwedbankPaySDK.AppLauncher {
    let browser: BrowserHost
    let appScheme: String
    /// Every URL given to ``open(_:)``, in order.
    private(set) var opened: [URL] = []
    /// Every URL offered as a universal link, in order.
    private(set) var appLinks: [URL] = []
    /// The browser pages opened; each one is an arrival of `Arrivals.anything`.
    private(set) var pages: [BrowserPage] = [] {
        didSet { Arrivals.anything.arrive() }
    }
    /// The URLs that came back to the app, with what `SwedbankPaySDK.open(url:)` answered.
    private(set) var returns: [(url: URL, handled: Bool)] = []

    init(browser: BrowserHost, appScheme: String) {
        self.browser = browser
        self.appScheme = appScheme
    }

    func open(_ url: URL) async -> Bool {
        opened.append(url)
        guard ["http", "https"].contains(url.scheme), let page = try? await browser.newPage() else { return false }
        pages.append(page)
        let scheme = appScheme
        await page.setNavigationDecider { [weak self] request in
            guard request.url.scheme == scheme else { return .allow }
            await self?.returnToApp(request.url)
            return .cancel
        }
        Task { _ = try? await page.navigate(to: url, waitForLoad: false) }
        return true
    }

    func openAppLink(_ url: URL) async -> Bool {
        appLinks.append(url)
        return false
    }

    private func returnToApp(_ url: URL) {
        returns.append((url, SwedbankPaySDK.open(url: url)))
    }
}
