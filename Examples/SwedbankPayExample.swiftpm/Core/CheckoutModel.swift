import Foundation
import Observation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

/// The example app's state and decisions, for both payment flows. Views only show it and forward
/// taps; everything here runs on Linux too, where the repository's tests drive it against the
/// real backend and sandbox.
@Observable
@MainActor
public final class CheckoutModel {
    /// Where the checkout is.
    public enum Phase: Equatable, Sendable {
        /// Filling the cart.
        case shopping
        /// The payment menu is shown (the web flow).
        case payingOnWeb
        /// The order is being created and the payment session fetched (the native flow).
        case preparingNativePayment
        /// The payer chooses how to pay natively (``CheckoutModel/nativeInstruments``).
        case choosingInstrument
        /// A native payment attempt runs (Swish waits for the payer's approval).
        case payingNatively
        /// The app asks its backend whether the order is paid: the SDK's word is not proof.
        case checkingStatus
        /// The backend says the order is paid; this many öre.
        case paid(amount: Int64)
        /// The payment did not go through, and why, in words for the payer.
        case notPaid(String)
    }

    /// Where the app pays; changing it takes effect at the next payment.
    public var settings: ExampleSettings
    public var cart = Cart()
    public private(set) var phase = Phase.shopping
    /// Bound to the SwiftUI payment sheet of the web flow.
    public var isPresentingWebPayment = false
    /// The ways the native session offers (the native flow's choosing step).
    public private(set) var nativeInstruments: [SwedbankPaySDK.AvailableInstrument] = []
    /// Whether the native session also takes a card the payer enters.
    public private(set) var nativeNewCreditCard = false
    /// A view the native session asks the app to show (a 3-D Secure page, or the payment menu
    /// when the session falls back to the web), until it asks to dismiss it.
    public private(set) var nativeView: SwedbankPaySDK.PlatformViewController?

    @ObservationIgnored private let httpClient: (any SwedbankPaySDK.HTTPClient)?
    @ObservationIgnored private let sessionEnvironment: () -> SwedbankPaySDK.PaymentSessionEnvironment
    @ObservationIgnored private var session: SwedbankPaySDK.SwedbankPayPaymentSession?
    @ObservationIgnored private var sessionEvents: Task<Void, Never>?

    /// - Parameters:
    ///   - settings: Where to pay.
    ///   - httpClient: The transport to the backend; nil for URLSession.
    ///   - sessionEnvironment: The native session's platform parts; by default the platform's
    ///     own (URLSession, `UIApplication`, PassKit, `WKWebView`).
    public init(
        settings: ExampleSettings = ExampleSettings(),
        httpClient: (any SwedbankPaySDK.HTTPClient)? = nil,
        sessionEnvironment: @escaping () -> SwedbankPaySDK.PaymentSessionEnvironment = { .standard }
    ) {
        self.settings = settings
        self.httpClient = httpClient
        self.sessionEnvironment = sessionEnvironment
    }

    /// The SDK configuration for the current settings.
    public func configuration() throws(ExampleSettings.Problem) -> SwedbankPaySDK.MerchantBackendConfiguration {
        try settings.configuration(httpClient: httpClient)
    }

    /// The order for the cart, made with `configuration`.
    public func paymentOrder(
        _ configuration: SwedbankPaySDK.MerchantBackendConfiguration
    ) -> SwedbankPaySDK.PaymentOrder {
        cart.paymentOrder(configuration: configuration, payerReference: settings.user)
    }

    /// Whether a payment can start now: something in the cart and no payment running.
    public var canPay: Bool {
        guard !cart.isEmpty else { return false }
        switch phase {
        case .shopping, .paid, .notPaid: return true
        default: return false
        }
    }

    // MARK: The web flow

    /// Shows the payment menu (the view's sheet follows ``isPresentingWebPayment``).
    public func payOnWeb() {
        guard canPay else { return }
        do {
            _ = try configuration()
        } catch {
            phase = .notPaid(error.description)
            return
        }
        phase = .payingOnWeb
        isPresentingWebPayment = true
    }

    /// The payment menu ended: a completed payment is confirmed with the backend.
    public func webPaymentEnded(_ result: SwedbankPaySDK.PaymentResult) async {
        isPresentingWebPayment = false
        switch result {
        case .complete(let order):
            await confirm(order?.paymentId)
        case .canceled:
            phase = .notPaid("The payment was canceled.")
        case .failed(let error, _):
            phase = .notPaid(Self.describe(error))
        }
    }

    // MARK: The native flow

    /// Creates the order and fetches its payment session; the payer then chooses from
    /// ``nativeInstruments``.
    public func startNativePayment() async {
        guard canPay else { return }
        phase = .preparingNativePayment
        do {
            let configuration = try configuration()
            let info = try await configuration.postPaymentorders(
                paymentOrder: paymentOrder(configuration), userData: nil, consumerProfileRef: nil, options: .isV3)
            guard let sessionURL = info.operations?.findOperation(rel: .viewPaymentSession)?.url else {
                phase = .notPaid("The backend's order has no payment session.")
                return
            }
            let session = SwedbankPaySDK.SwedbankPayPaymentSession(environment: sessionEnvironment())
            replaceSession(with: session, paymentId: info.paymentId)
            await settle(await session.fetch(sessionURL: sessionURL), paymentId: info.paymentId)
        } catch {
            phase = .notPaid(Self.describe(error))
        }
    }

    /// Pays with what the payer chose.
    public func payNatively(with instrument: SwedbankPaySDK.PaymentAttemptInstrument) async {
        guard phase == .choosingInstrument, let session else { return }
        phase = .payingNatively
        await settle(await session.attempt(instrument: instrument), paymentId: paymentIdOfSession)
    }

    /// Whether the view the native session asked for (``nativeView``) is shown: bound to the
    /// native checkout's sheet. Setting it false is the payer swiping that sheet down: see
    /// ``payerDismissedNativeView()``. Setting it true changes nothing; only the session shows
    /// views.
    public var isPresentingNativeView: Bool {
        get { nativeView != nil }
        set { if !newValue { payerDismissedNativeView() } }
    }

    /// The payer closed the view the native session showed (a 3-D Secure page, or the payment
    /// menu it fell back to) before the session dismissed it. The payment cannot go on without
    /// that view, so the session is aborted, as the SDK's SwiftUI sheet aborts a swiped-away web
    /// payment. The view is gone at once; ``nativeViewDismissal`` ends when the abort has settled.
    public func payerDismissedNativeView() {
        guard nativeView != nil else { return }
        nativeView = nil
        nativeViewDismissal = Task { await cancelNativePayment() }
    }

    /// The abort the payer's last dismissal of a native view started (``payerDismissedNativeView()``).
    @ObservationIgnored public private(set) var nativeViewDismissal: Task<Void, Never>?

    /// The payer gave up: the session is aborted.
    public func cancelNativePayment() async {
        guard let session, [.choosingInstrument, .payingNatively].contains(phase) else { return }
        await settle(await session.abort(), paymentId: paymentIdOfSession)
    }

    @ObservationIgnored private var paymentIdOfSession: String?

    private func replaceSession(with session: SwedbankPaySDK.SwedbankPayPaymentSession, paymentId: String?) {
        sessionEvents?.cancel()
        self.session = session
        paymentIdOfSession = paymentId
        nativeView = nil
        let events = session.events
        // Views to show come as events while an attempt runs.
        sessionEvents = Task { [weak self] in
            for await event in events {
                switch event {
                case .show3DSecureViewController(let view): self?.nativeView = view
                case .showSwedbankPaySDKController(let controller): self?.nativeView = controller
                case .dismiss3DSecureViewController: self?.nativeView = nil
                default: break
                }
            }
        }
    }

    /// Acts on the outcome of a session call.
    private func settle(_ event: SwedbankPaySDK.PaymentSessionEvent, paymentId: String?) async {
        switch event {
        case .paymentSessionFetched(let instruments):
            nativeInstruments = instruments
            nativeNewCreditCard = session?.newCreditCardAvailable ?? false
            phase = .choosingInstrument
        case .paymentSessionComplete:
            nativeView = nil
            await confirm(paymentId)
        case .paymentSessionCanceled:
            nativeView = nil
            phase = .notPaid("The payment was canceled.")
        case .sessionProblemOccurred(let problem):
            // The payer may try again, or another way.
            phase = nativeInstruments.isEmpty ? .notPaid(problem.title ?? problem.type) : .choosingInstrument
            lastProblem = problem.detail ?? problem.title ?? problem.type
        case .sdkProblemOccurred(let problem):
            nativeView = nil
            phase = .notPaid(problem.description)
        case .showSwedbankPaySDKController(let controller):
            // The session falls back to the payment menu; its delegate reports the ending.
            nativeView = controller
        default:
            break
        }
    }

    /// The last problem a native attempt reported, shown above the choices.
    public private(set) var lastProblem: String?

    // MARK: Confirming with the backend

    /// Asks the backend for the order's status (`GET /paymentorders/{id}`, which reads it from
    /// Swedbank Pay when it is not final).
    private func confirm(_ paymentId: String?) async {
        guard let paymentId else {
            phase = .notPaid("The SDK reported no payment order to check.")
            return
        }
        phase = .checkingStatus
        do {
            let status = try await OrderStatusClient(settings: settings, httpClient: httpClient).status(of: paymentId)
            if status.status == "Paid" {
                cart.empty()
                phase = .paid(amount: status.amount)
            } else {
                phase = .notPaid("The backend says the order is \(status.status ?? "not paid").")
            }
        } catch {
            phase = .notPaid(Self.describe(error))
        }
    }

    static func describe(_ error: any Error) -> String {
        if let problem = error as? SwedbankPaySDK.Problem { return problem.description }
        return String(describing: error)
    }
}
