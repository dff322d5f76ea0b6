import Foundation

/// Receives what happens in a ``SwedbankPaySDK/SwedbankPayPaymentSession``, on the main actor.
///
/// All eight methods are required, as in the Swedbank Pay SDK. For Swift concurrency use
/// ``SwedbankPaySDK/SwedbankPayPaymentSession/events`` instead (or as well): it carries the same
/// events in the same order.
@MainActor
public protocol SwedbankPaySDKPaymentSessionDelegate: AnyObject {
    /// The session was fetched: the ways to pay it offers. Called once per fetched session (and
    /// again if the session returns to choosing after a conflict the SDK recovered from).
    func paymentSessionFetched(availableInstruments: [SwedbankPaySDK.AvailableInstrument])
    /// A payment attempt failed (declined, cancelled in Swish, the Swish app could not be
    /// started, ...). The payer can try again, with any instrument, or you can abort.
    func sessionProblemOccurred(problem: SwedbankPaySDK.ProblemDetails)
    /// A problem in the SDK or in reaching the session; see ``SwedbankPaySDK/PaymentSessionProblem``.
    func sdkProblemOccurred(problem: SwedbankPaySDK.PaymentSessionProblem)
    /// The payment is complete.
    func paymentSessionComplete()
    /// The session was cancelled (aborted).
    func paymentSessionCanceled()
    /// Present this web payment menu (a new card, or the menu the app asked for).
    func showSwedbankPaySDKController(viewController: SwedbankPaySDKController)
    /// Present this 3-D Secure page; ``dismiss3DSecureViewController()`` follows when it is done.
    func show3DSecureViewController(viewController: SwedbankPaySDK.PlatformViewController)
    /// The 3-D Secure page is done: dismiss it.
    func dismiss3DSecureViewController()
}

extension SwedbankPaySDK {
    /// One thing that happened in a payment session: the delegate's calls as values, for
    /// ``SwedbankPayPaymentSession/events``.
    public enum PaymentSessionEvent: Sendable {
        case paymentSessionFetched(availableInstruments: [AvailableInstrument])
        case sessionProblemOccurred(problem: ProblemDetails)
        case sdkProblemOccurred(problem: PaymentSessionProblem)
        case paymentSessionComplete
        case paymentSessionCanceled
        case showSwedbankPaySDKController(viewController: SwedbankPaySDKController)
        case show3DSecureViewController(viewController: PlatformViewController)
        case dismiss3DSecureViewController

        /// The delegate method's name (`paymentSessionFetched`, ...), as the event log records it.
        public var name: String {
            switch self {
            case .paymentSessionFetched: return "paymentSessionFetched"
            case .sessionProblemOccurred: return "sessionProblemOccurred"
            case .sdkProblemOccurred: return "sdkProblemOccurred"
            case .paymentSessionComplete: return "paymentSessionComplete"
            case .paymentSessionCanceled: return "paymentSessionCanceled"
            case .showSwedbankPaySDKController: return "showSwedbankPaySDKController"
            case .show3DSecureViewController: return "show3DSecureViewController"
            case .dismiss3DSecureViewController: return "dismiss3DSecureViewController"
            }
        }

        /// Whether the app must act before the session goes on: everything except showing and
        /// dismissing the 3-D Secure page. The async methods return at the first such event.
        public var isOutcome: Bool {
            switch self {
            case .show3DSecureViewController, .dismiss3DSecureViewController: return false
            default: return true
            }
        }

        @MainActor
        func deliver(to delegate: any SwedbankPaySDKPaymentSessionDelegate) {
            switch self {
            case .paymentSessionFetched(let instruments):
                delegate.paymentSessionFetched(availableInstruments: instruments)
            case .sessionProblemOccurred(let problem): delegate.sessionProblemOccurred(problem: problem)
            case .sdkProblemOccurred(let problem): delegate.sdkProblemOccurred(problem: problem)
            case .paymentSessionComplete: delegate.paymentSessionComplete()
            case .paymentSessionCanceled: delegate.paymentSessionCanceled()
            case .showSwedbankPaySDKController(let controller):
                delegate.showSwedbankPaySDKController(viewController: controller)
            case .show3DSecureViewController(let controller):
                delegate.show3DSecureViewController(viewController: controller)
            case .dismiss3DSecureViewController: delegate.dismiss3DSecureViewController()
            }
        }
    }
}
