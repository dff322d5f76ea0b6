import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

/// Records the delegate's calls as short strings, in order.
@MainActor
final class RecordingSessionDelegate: SwedbankPaySDKPaymentSessionDelegate {
    /// Each call is recorded after what it carries, then announced (`Arrivals.anything`).
    var calls: [String] = [] {
        didSet { Arrivals.anything.arrive() }
    }
    var problems: [SwedbankPaySDK.PaymentSessionProblem] = []
    var sessionProblems: [SwedbankPaySDK.ProblemDetails] = []
    var instruments: [[SwedbankPaySDK.AvailableInstrument]] = []
    var shown3DSecure: [SwedbankPaySDK.PlatformViewController] = []
    var controllers: [SwedbankPaySDKController] = []

    func paymentSessionFetched(availableInstruments: [SwedbankPaySDK.AvailableInstrument]) {
        instruments.append(availableInstruments)
        calls.append("fetched")
    }
    func sessionProblemOccurred(problem: SwedbankPaySDK.ProblemDetails) {
        sessionProblems.append(problem)
        calls.append("sessionProblem(\(problem.type.split(separator: "/").last ?? ""))")
    }
    func sdkProblemOccurred(problem: SwedbankPaySDK.PaymentSessionProblem) {
        problems.append(problem)
        calls.append("sdkProblem(\(problem.name))")
    }
    func paymentSessionComplete() { calls.append("complete") }
    func paymentSessionCanceled() { calls.append("canceled") }
    func showSwedbankPaySDKController(viewController: SwedbankPaySDKController) {
        controllers.append(viewController)
        calls.append("showController")
    }
    func show3DSecureViewController(viewController: SwedbankPaySDK.PlatformViewController) {
        shown3DSecure.append(viewController)
        calls.append("show3DSecure")
    }
    func dismiss3DSecureViewController() { calls.append("dismiss3DSecure") }
}

/// Opens nothing; records what it was asked to open and answers `result`.
@MainActor
final class SessionAppLauncher: SwedbankPaySDK.AppLauncher {
    var opened: [URL] = [] {
        didSet { Arrivals.anything.arrive() }
    }
    var result = true

    func open(_ url: URL) async -> Bool {
        opened.append(url)
        return result
    }
}

/// A session wired to test doubles: stub HTTP, manual clock, recording launcher, simulated
/// wallet, scripted web views.
@MainActor
final class SessionHarness {
    typealias F = SessionFixtures
    let http = StubHTTPClient()
    let clock = ManualClock()
    let launcher = SessionAppLauncher()
    let wallet = SwedbankPaySDK.SimulatedWallet()
    let host = ScriptedWebViewHost()
    let delegate = RecordingSessionDelegate()
    var session: SwedbankPaySDK.SwedbankPayPaymentSession?

    static let device = SwedbankPaySDK.PaymentSessionDeviceInfo(
        screenHeight: 2532, screenWidth: 1170, timeZoneOffsetMinutes: 60, language: "sv-SE", userAgent: "UA/1")

    init(
        manualOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo? = nil,
        _ change: (inout SwedbankPaySDK.PaymentSessionEnvironment) -> Void = { _ in }
    ) {
        var environment = SwedbankPaySDK.PaymentSessionEnvironment(
            httpClient: http, clock: clock, appLauncher: launcher, walletAuthorizer: wallet, webViewHost: host,
            device: Self.device)
        change(&environment)
        let session = SwedbankPaySDK.SwedbankPayPaymentSession(
            manualOrderInfo: manualOrderInfo, environment: environment)
        session.delegate = delegate
        self.session = session
        wallet.onRecord = { Arrivals.anything.arrive() }
        http.on("POST", F.events, reply: .response(status: 204, headers: [:], body: Data()))
    }

    func stub(_ method: String, _ path: String, times: Int? = 1, _ json: F.JSON, status: Int = 200) {
        http.on(method, F.session + path, times: times, reply: .json(json.jsonText, status: status))
    }

    /// Fetches and prepares the session (`choosing` answers prepare) and waits for the instruments.
    func fetch(_ choosing: F.JSON = F.choosing()) async {
        stub("GET", "", F.fresh)
        stub("POST", "/prepare", choosing)
        session?.fetchPaymentSession(sessionURL: F.sessionURL)
        await waitForCalls(1)
    }

    /// Yields until the delegate has `count` calls (never sleeps; fails the test if it never comes).
    func waitForCalls(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await until("\(count) delegate calls, have \(delegate.calls)", sourceLocation: sourceLocation) {
            self.delegate.calls.count >= count
        }
    }

    /// Returns once `condition` holds, checked again after each thing the doubles record (HTTP
    /// requests, delegate calls, launches, wallet sheets, web view loads, clock sleepers); fails
    /// the test after 5 s without one.
    func until(
        _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: @MainActor () -> Bool
    ) async {
        await Arrivals.settle(until: condition)
        if !condition() { Issue.record("timed out waiting for \(what())", sourceLocation: sourceLocation) }
    }

    /// Advances the clock once a task sleeps on it.
    func tick(_ seconds: TimeInterval) async {
        await clock.waitForSleepers(1)
        clock.advance(by: seconds)
    }

    /// The session API requests (beacons left out), as `METHOD path`.
    var requests: [String] {
        sessionRequests.map { "\($0.method) \($0.url.absoluteString.replacingOccurrences(of: F.session, with: ""))" }
    }

    var sessionRequests: [SwedbankPaySDK.HTTPRequest] {
        http.requests.filter { $0.url.absoluteString != F.events }
    }

    var beacons: [SwedbankPaySDK.JSONValue] {
        http.requests.filter { $0.url.absoluteString == F.events }.compactMap {
            $0.body.flatMap { try? SwedbankPaySDK.JSONValue(parsing: $0) }
        }
    }

    /// The body of the request to `path` (the last one), as JSON text with sorted keys.
    func body(_ path: String) -> String? {
        sessionRequests.last { $0.url.absoluteString == F.session + path }?.body.map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    static let client =
        #"{"clientType":"Native","screenColorDepth":"24","screenHeight":"2532","screenWidth":"1170","userAgent":"UA/1"}"#
}
