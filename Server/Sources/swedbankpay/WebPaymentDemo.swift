import BrowserHost
import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

/// One v3 card payment as an app makes it — `SwedbankPaySDKController` with
/// `MerchantBackendConfiguration` — in a `ChromiumWebViewHost`, with the payer's part played in
/// the page (choose the card, type it, pay). It is the controller's delegate and times each step.
@MainActor
final class WebPaymentDemo: SwedbankPaySDKDelegate {
    /// A moment of a payment, from `startPayment`.
    struct Step: Sendable {
        let name: String
        let milliseconds: Double
        let screenshot: URL?
    }

    /// What one payment did.
    struct Payment: Sendable {
        let number: Int
        let paymentId: String
        let steps: [Step]
        let millisecondsToShow: Double
        /// The sandbox's requests during the payment, when the sandbox is known.
        let requests: [String]?
    }

    /// Opens nothing: the demo's payment never leaves the web view.
    private struct NoApps: SwedbankPaySDK.AppLauncher {
        func open(_ url: URL) async -> Bool { false }
    }

    private let servers: DemoServers
    private let host: ChromiumWebViewHost
    private let configuration: SwedbankPaySDK.MerchantBackendConfiguration
    private var started = ContinuousClock.now
    private var steps: [Step] = [] {
        didSet { wakeWaiters() }
    }
    private var ending: String?
    /// ``waitFor(_:)``s not answered yet: the step each waits for and how it resumes.
    private var waiters:
        [(id: Int, name: String, continuation: CheckedContinuation<Result<Void, DemoFailure>, Never>)] =
            []
    private var nextWaiter = 0

    init(servers: DemoServers, browser: BrowserHost) {
        self.servers = servers
        host = ChromiumWebViewHost(browser: browser)
        configuration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: servers.backendURL, callbackScheme: "swedbankpaydemo",
            headers: ["x-payex-sample-apikey": servers.apiKey, "x-payex-sample-access-token": "demo-payer"],
            httpClient: servers.http, requestTimeout: 10)
    }

    /// Pays 15.00 SEK by card; saves screenshots into `screenshots` when given.
    func pay(number: Int, screenshots: URL?) async throws -> Payment {
        try await servers.clearRequestLog()
        steps = []
        ending = nil
        let controller = SwedbankPaySDKController(
            configuration: configuration, webViewHost: host, appLauncher: NoApps())
        controller.delegate = self
        started = .now
        record("startPayment")
        controller.startPayment(
            paymentOrder: SwedbankPaySDK.PaymentOrder(
                isV3: true, currency: "SEK", amount: 1_500, vatAmount: 375, description: "Demo purchase",
                language: .Swedish,
                urls: SwedbankPaySDK.PaymentOrderUrls(configuration: configuration, language: .Swedish)
            ))
        try await waitFor("paymentOrderDidShow")
        let shown = steps.last?.milliseconds ?? 0
        guard let info = controller.currentPaymentOrder, let webView = host.last else {
            throw DemoFailure("the payment menu was shown without a payment order")
        }
        let page = webView.page
        let menu = try Self.menuFrame(of: info)
        try await page.waitFor("document.querySelector('#choose-CreditCard')", in: menu, timeout: 30)
        try await snapshot(page, "menu shown", into: screenshots, file: "1-menu.png")
        if try await page.evaluate(
            "document.querySelector('#choose-CreditCard').getAttribute('aria-expanded')", in: menu)
            != .string("true")
        {
            try await page.click("#choose-CreditCard", in: menu)
        }
        try await page.type("4925 0000 0000 0004", into: "#card-number", in: menu)
        try await page.type("12/30", into: "#card-expiry", in: menu)
        try await page.type("123", into: "#card-cvc", in: menu)
        try await snapshot(page, "card entered", into: screenshots, file: "2-card.png")
        try await page.click("#pay-card", in: menu)
        record("pay tapped")
        try await waitFor("paymentComplete")
        try await snapshot(page, "after paymentComplete", into: screenshots, file: "3-complete.png")
        await webView.close()
        return Payment(
            number: number, paymentId: info.paymentId ?? "?", steps: steps, millisecondsToShow: shown,
            requests: try await servers.requestLog())
    }

    // MARK: SwedbankPaySDKDelegate

    func paymentOrderDidShow(info: SwedbankPaySDK.ViewPaymentOrderInfo) { record("paymentOrderDidShow") }
    func paymentOrderDidHide() { record("paymentOrderDidHide") }
    func instrumentSelected() { record("instrumentSelected") }
    func paymentComplete() { end("paymentComplete") }
    func paymentCanceled() { end("paymentCanceled") }
    func paymentFailed(error: Error) { end("paymentFailed(\(error))") }

    // MARK: Steps

    private func record(_ name: String, screenshot: URL? = nil) {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        steps.append(Step(name: name, milliseconds: milliseconds, screenshot: screenshot))
    }

    private func end(_ name: String) {
        ending = name
        record(name)
    }

    /// Waits for the delegate to hear `name` — resumed by the step itself, or failed by another
    /// ending or after 30 s without it.
    private func waitFor(_ name: String) async throws {
        if let verdict = verdict(for: name) { return try verdict.get() }
        nextWaiter += 1
        let id = nextWaiter
        let deadline = Task { [weak self] in
            try await Task.sleep(for: .seconds(30))
            self?.expire(id)
        }
        defer { deadline.cancel() }
        try await withCheckedContinuation { waiters.append((id, name, $0)) }.get()
    }

    /// Whether `name` was heard (success), or the payment ended otherwise (failure); nil: not yet.
    private func verdict(for name: String) -> Result<Void, DemoFailure>? {
        if steps.contains(where: { $0.name == name }) { return .success(()) }
        if let ending, ending != name {
            return .failure(DemoFailure("the payment ended with \(ending) before \(name)"))
        }
        return nil
    }

    private func wakeWaiters() {
        var waiting: [(id: Int, name: String, continuation: CheckedContinuation<Result<Void, DemoFailure>, Never>)] =
            []
        for waiter in waiters {
            if let verdict = verdict(for: waiter.name) {
                waiter.continuation.resume(returning: verdict)
            } else {
                waiting.append(waiter)
            }
        }
        waiters = waiting
    }

    private func expire(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        let waiter = waiters.remove(at: index)
        waiter.continuation.resume(
            returning: .failure(
                DemoFailure("no \(waiter.name) within 30 s (heard: \(steps.map(\.name).joined(separator: ", ")))")))
    }

    private func snapshot(_ page: BrowserPage, _ name: String, into directory: URL?, file: String) async throws {
        guard let directory else { return }
        let url = directory.appendingPathComponent(file)
        try await page.screenshot().write(to: url)
        record(name, screenshot: url)
    }

    /// The hosted payment menu's frame: the sandbox page of the order's view token.
    private static func menuFrame(of info: SwedbankPaySDK.ViewPaymentOrderInfo) throws -> BrowserPage.Frame {
        let link = info.viewPaymentLink
        guard let token = link.absoluteString.firstMatch(of: /[0-9a-f]{64}/)?.output,
            let scheme = link.scheme, let host = link.host
        else { throw DemoFailure("the view link \(link) has no view token") }
        let origin = "\(scheme)://\(host)" + (link.port.map { ":\($0)" } ?? "")
        return .urlPrefix("\(origin)/checkout/frame/\(token)?")
    }
}

/// Why a demo payment did not complete.
struct DemoFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
