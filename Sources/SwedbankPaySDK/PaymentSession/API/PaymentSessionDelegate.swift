import Foundation

/// Receives what happens in a ``SwedbankPaySDK/SwedbankPayPaymentSession``, on the main actor.
///
/// All eight methods are required, as in the Swedbank Pay SDK. For Swift concurrency use
/// ``SwedbankPaySDK/SwedbankPayPaymentSession/events`` instead (or as well): it carries the same
/// events in the same order.
///
/// `@preconcurrency`: 5.0.3's protocol had no actor isolation, so a conformance written for it in
/// Swift 5 mode with minimal checking compiles without isolation diagnostics.
@preconcurrency @MainActor
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
        /// The session was fetched and offers these ways to pay; mirrors
        /// ``SwedbankPaySDKPaymentSessionDelegate/paymentSessionFetched(availableInstruments:)``.
        ///
        /// Comes once per fetched session, and again when the session is back to choosing after a
        /// conflict (409) the SDK recovered from by fetching it anew.
        case paymentSessionFetched(availableInstruments: [AvailableInstrument])
        /// The session reported that a payment attempt failed; mirrors
        /// ``SwedbankPaySDKPaymentSessionDelegate/sessionProblemOccurred(problem:)``.
        ///
        /// Each problem the session states comes once (the SDK acknowledges it when the session asks
        /// for that); one also comes when the payment app (Swish) could not be started. The payer
        /// can try again, or you can abort.
        case sessionProblemOccurred(problem: ProblemDetails)
        /// Something went wrong in the SDK, in the app's use of it, or in reaching the session;
        /// mirrors ``SwedbankPaySDKPaymentSessionDelegate/sdkProblemOccurred(problem:)``.
        ///
        /// Some problems carry a `retry` closure that tries the failed step again.
        case sdkProblemOccurred(problem: PaymentSessionProblem)
        /// The payment is complete: the session ended at the order's `completeUrl`, or the web
        /// payment menu completed; mirrors ``SwedbankPaySDKPaymentSessionDelegate/paymentSessionComplete()``.
        case paymentSessionComplete
        /// The payment was cancelled: the session ended at the order's `cancelUrl`, or the web
        /// payment menu was cancelled; mirrors ``SwedbankPaySDKPaymentSessionDelegate/paymentSessionCanceled()``.
        case paymentSessionCanceled
        /// The web payment menu for the app to present (a new card, or the menu the app asked for);
        /// mirrors ``SwedbankPaySDKPaymentSessionDelegate/showSwedbankPaySDKController(viewController:)``.
        ///
        /// The controller's ``SwedbankPaySDKController/paymentMenuStyle`` is already set from the
        /// session's ``SwedbankPayPaymentSession/paymentMenuStyle``.
        case showSwedbankPaySDKController(viewController: SwedbankPaySDKController)
        /// A 3-D Secure challenge page for the app to present; mirrors
        /// ``SwedbankPaySDKPaymentSessionDelegate/show3DSecureViewController(viewController:)``.
        ///
        /// ``dismiss3DSecureViewController`` follows when the payer has completed the challenge.
        case show3DSecureViewController(viewController: PlatformViewController)
        /// The 3-D Secure challenge is completed and its page should be dismissed; mirrors
        /// ``SwedbankPaySDKPaymentSessionDelegate/dismiss3DSecureViewController()``.
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
