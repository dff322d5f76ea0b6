import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

/// The delegate of a session under test: writes down every call as a short line, in order, and
/// keeps the problems (their `retry` closures are what the app would call).
@MainActor
final class SessionRecorder: SwedbankPaySDKPaymentSessionDelegate {
    private(set) var lines: [String] = [] {
        didSet { calls.arrive() }
    }
    /// One arrival per delegate call.
    nonisolated let calls = Arrivals()
    private(set) var instruments: [SwedbankPaySDK.AvailableInstrument] = []
    private(set) var sdkProblems: [SwedbankPaySDK.PaymentSessionProblem] = []
    private(set) var sessionProblems: [SwedbankPaySDK.ProblemDetails] = []
    private(set) var controllers: [SwedbankPaySDKController] = []
    private(set) var threeDSecureViews: [SwedbankPaySDK.PlatformViewController] = []
    /// The session, to read whether it takes a new card when its instruments come.
    weak var session: SwedbankPaySDK.SwedbankPayPaymentSession?

    func paymentSessionFetched(availableInstruments: [SwedbankPaySDK.AvailableInstrument]) {
        instruments = availableInstruments
        let newCard = session?.newCreditCardAvailable == true
        let described = availableInstruments.flatMap { instrument -> [String] in
            // A new card is not an instrument case (5.0.3 has none); it is written after the cards.
            if case .creditCard = instrument, newCard { return [Self.describe(instrument), "newCreditCard"] }
            return [Self.describe(instrument)]
        }
        lines.append("fetched " + described.joined(separator: ", "))
    }

    func sessionProblemOccurred(problem: SwedbankPaySDK.ProblemDetails) {
        sessionProblems.append(problem)
        let prefix = "https://api.payex.com/psp/errordetail/"
        let type = problem.type.hasPrefix(prefix) ? String(problem.type.dropFirst(prefix.count)) : problem.type
        lines.append("sessionProblem \(type)")
    }

    func sdkProblemOccurred(problem: SwedbankPaySDK.PaymentSessionProblem) {
        sdkProblems.append(problem)
        lines.append("sdkProblem \(problem.name)" + (problem.error.map { " (\(Self.describe($0)))" } ?? ""))
    }

    func paymentSessionComplete() { lines.append("complete") }
    func paymentSessionCanceled() { lines.append("canceled") }

    func showSwedbankPaySDKController(viewController: SwedbankPaySDKController) {
        controllers.append(viewController)
        lines.append("showSwedbankPaySDKController")
    }

    func show3DSecureViewController(viewController: SwedbankPaySDK.PlatformViewController) {
        threeDSecureViews.append(viewController)
        lines.append("show3DSecureViewController")
    }

    func dismiss3DSecureViewController() { lines.append("dismiss3DSecureViewController") }

    /// Waits until `count` calls have come (at most `limit` seconds, so a broken flow fails the test
    /// instead of hanging it), then a moment more so a call that should not come has the chance to.
    @discardableResult
    func waitFor(_ count: Int, limit: TimeInterval = 30) async throws -> [String] {
        await calls.wait(for: count, seconds: limit)
        // Absence takes time to see: a call that should not come gets a moment to come.
        try await Task.sleep(nanoseconds: 150_000_000)
        return lines
    }

    /// The saved card with this masked PAN, from the fetched instruments.
    func card(_ maskedPan: String) throws -> SwedbankPaySDK.CreditCardMethodPrefillModel {
        for case .creditCard(let prefills?) in instruments {
            if let card = prefills.first(where: { $0.maskedPan == maskedPan }) { return card }
        }
        throw CardNotOffered(maskedPan: maskedPan)
    }

    struct CardNotOffered: Error {
        var maskedPan: String
    }

    static func describe(_ instrument: SwedbankPaySDK.AvailableInstrument) -> String {
        switch instrument {
        case .swish(let prefills): return "Swish(\(prefills?.count ?? 0))"
        case .creditCard(let prefills): return "CreditCard(\(prefills?.count ?? 0))"
        case .applePay: return "ApplePay"
        case .webBased(let paymentMethod): return "web:\(paymentMethod)"
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error as? SwedbankPaySDK.PaymentSessionAPIError {
        case .transport?: return "no response"
        case .serverError(let status, _)?, .clientError(let status, _)?: return "HTTP \(status)"
        case .invalidResponse(let status, _)?: return "unreadable \(status)"
        case .invalidURL?: return "invalid URL"
        case nil: return String(describing: type(of: error))
        }
    }
}

/// The retry policy of these tests: the reference's shape, with short waits so a run is quick.
enum TestPolicy {
    static let quick = SwedbankPaySDK.PaymentSessionRetryPolicy(
        window: 10, longWindow: 10, timeout: 10, longTimeout: 10, retryDelay: 0.05, pollInterval: 0.05)
    /// For faults: tries time out after 6 s and are retried for 15 s. The whole server suite runs
    /// at once beside Chromium on two cores, where an answer on loopback has taken over three
    /// seconds (a try timed out and was repeated); a hang must still be retried inside the window.
    static let faults = SwedbankPaySDK.PaymentSessionRetryPolicy(
        window: 15, longWindow: 15, timeout: 6, longTimeout: 6, retryDelay: 0.1, pollInterval: 0.05)
}

/// Opens nothing; records what it was asked to open.
@MainActor
final class RecordingLauncher: SwedbankPaySDK.AppLauncher {
    private(set) var opened: [URL] = []

    func open(_ url: URL) async -> Bool {
        opened.append(url)
        return false
    }
}

/// The Swish app on this phone: takes the payment request the SDK opens, answers it in the
/// sandbox's Swish simulator, and returns to the app through `SwedbankPaySDK.open(url:)`, as an
/// app delegate would.
@MainActor
final class SimulatedSwishApp: SwedbankPaySDK.AppLauncher {
    let sandbox: NativeSandbox
    let action: String
    private(set) var opened: [URL] = []
    /// What `SwedbankPaySDK.open(url:)` answered for each return.
    private(set) var returns: [(url: URL, accepted: Bool)] = []

    init(sandbox: NativeSandbox, action: String) {
        self.sandbox = sandbox
        self.action = action
    }

    func open(_ url: URL) async -> Bool {
        opened.append(url)
        Task { @MainActor in
            let callback = try await sandbox.swishApp(answer: url, action: action)
            returns.append((callback, SwedbankPaySDK.open(url: callback)))
        }
        return true
    }
}

/// One payment session under test: the order it pays, the delegate recording it, the session.
@MainActor
struct NativeFlow {
    let order: NativeSandbox.CreatedOrder
    let recorder: SessionRecorder
    let session: SwedbankPaySDK.SwedbankPayPaymentSession

    /// What the app heard, once `count` calls have come.
    func calls(_ count: Int) async throws -> [String] {
        try await recorder.waitFor(count)
    }

    /// Calls the `retry` of the first SDK problem.
    func retryFirstProblem() throws {
        let retry = try #require(recorder.sdkProblems.first?.retry)
        retry()
    }
}

extension NativeSandbox {
    /// Creates an order (or takes `created`), adds `faults`, and fetches its session with a new
    /// session whose delegate records; waits for the first call when `awaitFirstCall`.
    func start(
        _ order: Order = Order(), created: CreatedOrder? = nil, faults: [SwedbankPaySDK.JSONObject] = [],
        policy: SwedbankPaySDK.PaymentSessionRetryPolicy = TestPolicy.quick,
        launcher: any SwedbankPaySDK.AppLauncher = RecordingLauncher(),
        wallet: any SwedbankPaySDK.WalletAuthorizer = SwedbankPaySDK.UnavailableWalletAuthorizer(),
        webViewHost: (any SwedbankPaySDK.WebViewHost)? = nil, awaitFirstCall: Bool = true
    ) async throws -> NativeFlow {
        var createdOrder = created
        if createdOrder == nil { createdOrder = try await createOrder(order) }
        let paid = try #require(createdOrder)
        for fault in faults { try await addFault(fault) }
        let recorder = SessionRecorder()
        let session = SwedbankPaySDK.SwedbankPayPaymentSession(
            environment: SwedbankPaySDK.PaymentSessionEnvironment(
                httpClient: SwedbankPaySDK.URLSessionHTTPClient(), appLauncher: launcher, walletAuthorizer: wallet,
                webViewHost: webViewHost, retryPolicy: policy))
        session.delegate = recorder
        recorder.session = session
        session.fetchPaymentSession(sessionURL: paid.sessionURL)
        if awaitFirstCall { try await recorder.waitFor(1) }
        return NativeFlow(order: paid, recorder: recorder, session: session)
    }
}
