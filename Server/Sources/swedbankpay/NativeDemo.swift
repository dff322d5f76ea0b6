import BrowserHost
import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One native payment as an app makes it: the order through the backend, then a
/// `SwedbankPayPaymentSession` paying it; afterwards the sandbox's request log and the delegate's
/// calls merged into one timeline.
@MainActor
final class NativeDemo {
    /// What one payment did.
    struct Run {
        var timeline: [String]
        var summary: String
        var roundTrips: Int
        var beacons: Int
        var fetchMilliseconds: Double
        var outcome: String
    }

    let configuration: SwedbankPaySDK.MerchantBackendConfiguration
    let sandboxURL: String
    let instrument: DemoNativeCommand.Instrument
    /// Aborts the session once fetched instead of paying.
    let abort: Bool
    /// The web views of 3-D Secure (`card-3ds` only).
    let webViewHost: ChromiumWebViewHost?
    /// Every request of the demo and of its SDK goes through it (``DemoServers/http``).
    private let http: any SwedbankPaySDK.HTTPClient
    /// The SDK's Swish attempt answered (its path), for the payer to approve on the other phone.
    private let swishAttempt = DemoSignal<String>()

    init(
        backendURL: URL, sandboxURL: String, apiKey: String, instrument: DemoNativeCommand.Instrument, abort: Bool,
        webViewHost: ChromiumWebViewHost?, http: any SwedbankPaySDK.HTTPClient
    ) {
        configuration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: backendURL.absoluteString.hasSuffix("/") ? backendURL : backendURL.appendingPathComponent(""),
            callbackScheme: "com.example.demo",
            headers: ["x-payex-sample-apikey": apiKey, "x-payex-sample-access-token": "demo-user"], httpClient: http)
        self.http = http
        self.sandboxURL = sandboxURL
        self.instrument = instrument
        self.abort = abort
        self.webViewHost = webViewHost
    }

    func pay() async throws -> Run {
        let started = Date()
        let order = SwedbankPaySDK.PaymentOrder(
            isV3: true, currency: "SEK", amount: 1500, vatAmount: 375, description: "Native demo", language: .Swedish,
            urls: SwedbankPaySDK.PaymentOrderUrls(configuration: configuration, language: .Swedish),
            payer: [.card, .card3ds].contains(instrument)
                ? SwedbankPaySDK.PaymentOrderPayer(payerReference: "demo-payer") : nil)
        let info = try await configuration.postPaymentorders(
            paymentOrder: order, userData: nil, consumerProfileRef: nil, options: .isV3)
        guard let sessionURL = info.operations?.findOperation(rel: .viewPaymentSession)?.url else {
            throw DemoError("the order has no view-paymentsession operation")
        }
        let recorder = DemoRecorder()
        let session = SwedbankPaySDK.SwedbankPayPaymentSession(
            environment: SwedbankPaySDK.PaymentSessionEnvironment(
                httpClient: DemoHTTPClient(client: http) { [swishAttempt] method, path, status in
                    guard method == "POST", path.hasSuffix("/methods/Swish/attempts"), (200...299).contains(status)
                    else { return }
                    Task { @MainActor in swishAttempt.set(path) }
                }, appLauncher: DemoLauncher(),
                walletAuthorizer: SwedbankPaySDK.SimulatedWallet(behaviour: .authorize(data: "demo")),
                webViewHost: webViewHost))
        session.delegate = recorder

        recorder.note("app", "fetchPaymentSession")
        let fetchStart = ContinuousClock.now
        session.fetchPaymentSession(sessionURL: sessionURL)
        let fetched = await recorder.next()
        let fetchTime = (recorder.fetchedAt ?? .now) - fetchStart
        let token = sessionURL.lastPathComponent
        if abort {
            recorder.note("app", "abortPaymentSession")
            session.abortPaymentSession()
        } else {
            guard let attempt = attempt(for: recorder.instruments) else {
                throw DemoError("the session did not offer \(instrument.rawValue): \(fetched)")
            }
            recorder.note("app", "makeNativePaymentAttempt(\(Self.describe(attempt)))")
            session.makeNativePaymentAttempt(instrument: attempt)
            if instrument == .swish { try await approveSwish(session: token, recorder: recorder) }
            if instrument == .card3ds { try await approveChallenge(recorder) }
        }
        let outcome = await recorder.next()
        // The one pause: the SDK posts its event-log beacons from tasks of their own and no event
        // says the last one has gone, so the count waits a moment for the final ones.
        try await Task.sleep(for: .milliseconds(300))

        let requests = try await sandboxRequests(since: started, session: token)
        // The SDK's requests: not its event log, and not the ACS page's own post to the
        // NotificationUrl (the browser's, in the 3-D Secure view).
        let sessionRequests = requests.filter {
            $0.path.contains(token) && !$0.path.hasSuffix("/events") && !$0.path.hasSuffix("/sca/notification")
        }
        let beacons = requests.filter { $0.path.hasSuffix("/events") }.count
        var lines = requests.filter { !$0.path.hasSuffix("/events") }.map {
            (
                time: $0.started,
                text:
                    "HTTP  \($0.method) \($0.path.replacingOccurrences(of: token, with: "<session>")) → \($0.status) (\(Self.format($0.durationMs)) ms)"
            )
        }
        lines += recorder.notes.map {
            (time: $0.time, text: "\($0.source.padding(toLength: 5, withPad: " ", startingAt: 0))  \($0.text)")
        }
        lines.sort { $0.time < $1.time }
        let zero = lines.first?.time ?? started
        let timeline = lines.map { line in
            let offset = Self.format(line.time.timeIntervalSince(zero) * 1000)
            return String(repeating: " ", count: max(0, 9 - offset.count)) + offset + " ms  " + line.text
        }
        let milliseconds = Double(fetchTime.components.attoseconds) / 1e15 + Double(fetchTime.components.seconds) * 1000
        let summary =
            "\(abort ? "abort" : instrument.rawValue): \(outcome); \(sessionRequests.count) session round trips, \(beacons) event-log posts; "
            + "fetchPaymentSession → paymentSessionFetched \(Self.format(milliseconds)) ms"
        withExtendedLifetime(session) {}
        return Run(
            timeline: timeline, summary: summary, roundTrips: sessionRequests.count, beacons: beacons,
            fetchMilliseconds: milliseconds, outcome: outcome)
    }

    /// The figures of many runs: round trips per run and the median time to the instruments.
    nonisolated static func figures(_ runs: [Run], instrument: String) -> String {
        let times = LatencyStatistics(milliseconds: runs.map(\.fetchMilliseconds))
        let trips = Dictionary(grouping: runs.map(\.roundTrips), by: { $0 }).sorted { $0.key < $1.key }
            .map { "\($0.key) in \($0.value.count) runs" }.joined(separator: ", ")
        let outcomes = Dictionary(grouping: runs.map(\.outcome), by: { $0 }).sorted { $0.key < $1.key }
            .map { "\($0.key) ×\($0.value.count)" }.joined(separator: ", ")
        return """
            \(instrument), \(runs.count) runs: \(outcomes)
            session round trips: \(trips)
            fetchPaymentSession → paymentSessionFetched: median \(format(times.percentile(0.5))) ms, \
            p90 \(format(times.percentile(0.9))) ms, max \(format(times.percentile(1))) ms (nearest rank)
            """
    }

    private func attempt(for instruments: [SwedbankPaySDK.AvailableInstrument]) -> SwedbankPaySDK
        .PaymentAttemptInstrument?
    {
        switch instrument {
        case .swish:
            let offered = instruments.contains {
                if case .swish = $0 { return true }
                return false
            }
            return offered ? .swish(msisdn: "+46739000001") : nil
        case .applepay:
            // The simulated wallet can pay with every network the session names.
            let payable = instruments.contains {
                if case .applePay(_, let withNetworks) = $0 { return withNetworks }
                return false
            }
            return payable ? .applePay(merchantIdentifier: "merchant.com.example.demo") : nil
        case .card, .card3ds:
            let wanted = instrument == .card ? "492500******0004" : "522661******3406"
            for case .creditCard(let prefills?) in instruments {
                if let card = prefills.first(where: { $0.maskedPan == wanted }) { return .creditCard(prefill: card) }
            }
            return nil
        }
    }

    /// The payer approves on their other phone: once the attempt has started, through the sandbox's
    /// Swish simulator (`POST /sandbox/swish/<swishToken>/approve`).
    private func approveSwish(session token: String, recorder: DemoRecorder) async throws {
        _ = await swishAttempt.wait()
        let sessions = try await sandboxJSON("GET", "/sandbox/sessions").objectValue?["paymentSessions"]?.arrayValue
        let summary = sessions?.compactMap(\.objectValue).first { $0["token"]?.stringValue == token }
        guard let swishToken = summary?["swish"]?.objectValue?["swishToken"]?.stringValue else {
            throw DemoError("the sandbox shows no Swish attempt of the session after the SDK's started")
        }
        recorder.note("Swish", "the payer approves on the other phone")
        _ = try await sandboxJSON("POST", "/sandbox/swish/\(swishToken)/approve")
    }

    /// The payer approves the 3-D Secure challenge on the sandbox's ACS page, once it is shown.
    private func approveChallenge(_ recorder: DemoRecorder) async throws {
        guard let view = await recorder.threeDSecureView.wait() as? ChromiumViewController else {
            throw DemoError("no 3-D Secure page was shown")
        }
        try await view.page.waitFor("document.querySelector('#approve button')", description: "the ACS page")
        recorder.note("payer", "approves on the ACS page")
        try await view.page.click("#approve button")
    }

    private func sandboxJSON(_ method: String, _ path: String) async throws -> SwedbankPaySDK.JSONValue {
        guard let url = URL(string: sandboxURL + path) else { throw DemoError("bad sandbox URL") }
        // The control API refuses state changes a browser could send without asking first.
        let headers = SwedbankPaySDK.HTTPHeaders(DemoServers.controlHeaders)
        let response = try await http.send(
            SwedbankPaySDK.HTTPRequest(method: method, url: url, headers: headers, timeout: 10))
        guard (200...299).contains(response.status) else {
            throw DemoError("\(method) \(url) answered HTTP \(response.status)")
        }
        if response.body.isEmpty { return .null }
        return try SwedbankPaySDK.JSONValue(parsing: response.body)
    }

    // MARK: The sandbox's request log

    struct LoggedRequest {
        var method: String
        var path: String
        var status: String
        var started: Date
        var durationMs: Double
    }

    private func sandboxRequests(since: Date, session token: String) async throws -> [LoggedRequest] {
        let json = try await sandboxJSON("GET", "/sandbox/requests")
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let entries = json.objectValue?["requests"]?.arrayValue?.compactMap(\.objectValue) ?? []
        return entries.compactMap { entry in
            guard let path = entry["path"]?.stringValue, let method = entry["method"]?.stringValue,
                let started = entry["startedAt"]?.stringValue.flatMap(dates.date(from:)),
                started >= since.addingTimeInterval(-0.001),
                path.contains(token) || path == "/psp/paymentorders"
            else { return nil }
            var duration = 0.0
            if case .number(let value)? = entry["durationMs"] { duration = value }
            if let value = entry["durationMs"]?.integerValue { duration = Double(value) }
            return LoggedRequest(
                method: method, path: path, status: entry["status"]?.integerValue.map { String($0) } ?? "-",
                started: started, durationMs: duration)
        }
    }

    // MARK: Text

    nonisolated static func format(_ value: Double) -> String {
        String(Double(Int((value * 10).rounded())) / 10)
    }

    static func describe(_ instrument: SwedbankPaySDK.PaymentAttemptInstrument) -> String {
        switch instrument {
        case .swish(let msisdn): return "swish(msisdn: \(msisdn ?? "nil"))"
        case .creditCard(let prefill): return "creditCard(\(prefill.cardBrand) \(prefill.maskedPan))"
        case .applePay(let merchantIdentifier): return "applePay(\(merchantIdentifier))"
        case .newCreditCard: return "newCreditCard"
        }
    }
}

/// The demo's delegate: notes each call with its time and hands them out in order.
@MainActor
final class DemoRecorder: SwedbankPaySDKPaymentSessionDelegate {
    private(set) var notes: [(time: Date, source: String, text: String)] = []
    private(set) var instruments: [SwedbankPaySDK.AvailableInstrument] = []
    private var outcomes: [String] = []
    private var taken = 0

    func note(_ source: String, _ text: String) {
        notes.append((Date(), source, text))
    }

    /// When the delegate heard `paymentSessionFetched`.
    private(set) var fetchedAt: ContinuousClock.Instant?
    private var waiter: CheckedContinuation<String, Never>?

    /// The next outcome the app acts on, as soon as the delegate hears it.
    func next() async -> String {
        if outcomes.count > taken {
            taken += 1
            return outcomes[taken - 1]
        }
        return await withCheckedContinuation { waiter = $0 }
    }

    private func outcome(_ text: String) {
        note("SDK", text)
        if let waiter {
            self.waiter = nil
            taken += 1
            outcomes.append(text)
            waiter.resume(returning: text)
        } else {
            outcomes.append(text)
        }
    }

    func paymentSessionFetched(availableInstruments: [SwedbankPaySDK.AvailableInstrument]) {
        fetchedAt = fetchedAt ?? .now
        instruments = availableInstruments
        outcome("paymentSessionFetched(\(availableInstruments.map(\.paymentMethod).joined(separator: ", ")))")
    }

    func sessionProblemOccurred(problem: SwedbankPaySDK.ProblemDetails) {
        outcome("sessionProblemOccurred(\(problem.type))")
    }

    func sdkProblemOccurred(problem: SwedbankPaySDK.PaymentSessionProblem) {
        outcome("sdkProblemOccurred(\(problem))")
    }

    func paymentSessionComplete() { outcome("paymentSessionComplete") }
    func paymentSessionCanceled() { outcome("paymentSessionCanceled") }
    func showSwedbankPaySDKController(viewController: SwedbankPaySDKController) {
        outcome("showSwedbankPaySDKController")
    }
    /// The 3-D Secure page shown, for the payer to answer.
    let threeDSecureView = DemoSignal<SwedbankPaySDK.PlatformViewController>()

    func show3DSecureViewController(viewController: SwedbankPaySDK.PlatformViewController) {
        threeDSecureView.set(viewController)
        note("SDK", "show3DSecureViewController")
    }
    func dismiss3DSecureViewController() { note("SDK", "dismiss3DSecureViewController") }
}

/// No other apps here: the demo pays Swish on another device.
struct DemoLauncher: SwedbankPaySDK.AppLauncher {
    @MainActor
    func open(_ url: URL) async -> Bool { false }
}

struct DemoError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
