import Foundation

extension SwedbankPaySDK {
    /// Whether a payment session has reached its end, as Swedbank Pay's iOS SDK 5.0.3 names it.
    ///
    /// 5.0.3 declares it public but uses it internally only; it is here so code that names it
    /// compiles. Nothing in this SDK returns it: a session's ending reaches you as
    /// ``PaymentSessionEvent/paymentSessionComplete``, ``PaymentSessionEvent/paymentSessionCanceled``
    /// or a problem.
    public enum SwedbankPayPaymentSessionState: Sendable, Hashable {
        /// The session ended: paid, canceled or failed for good.
        case complete
        /// Anything else: not fetched yet, or a payment still possible.
        case undefined
    }
}
