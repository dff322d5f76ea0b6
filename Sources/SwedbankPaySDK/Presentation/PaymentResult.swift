import Foundation

extension SwedbankPaySDK {
    /// How a presented web payment ended: the three endings of ``SwedbankPaySDKDelegate`` as one
    /// value, for code that awaits a payment or reacts to it in SwiftUI.
    ///
    /// `complete` means the payment menu reported the payment done; as with the delegate, confirm
    /// the payment order's status on your server before you ship anything — each case carries the
    /// payment order (nil when none was created) to ask about.
    ///
    /// ```swift
    /// switch result {
    /// case .complete(let order?): verifyOnServer(order.paymentId)
    /// case .complete(nil), .canceled: break
    /// case .failed(let error, _): show(error)
    /// }
    /// ```
    public enum PaymentResult: CustomStringConvertible {
        /// The payment menu reported the payment complete (``SwedbankPaySDKDelegate/paymentComplete()``).
        case complete(ViewPaymentOrderInfo?)
        /// The payer canceled, or the payment was aborted (``SwedbankPaySDKDelegate/paymentCanceled()``).
        case canceled(ViewPaymentOrderInfo?)
        /// The payment failed (``SwedbankPaySDKDelegate/paymentFailed(error:)``): often a
        /// ``SwedbankPaySDK/Problem`` from your backend.
        case failed(any Error, ViewPaymentOrderInfo?)

        /// The payment order the payment was made for, if one was created.
        public var paymentOrder: ViewPaymentOrderInfo? {
            switch self {
            case .complete(let order), .canceled(let order), .failed(_, let order): order
            }
        }

        /// `complete`, `canceled` or `failed(<error>)`.
        public var description: String {
            switch self {
            case .complete: "complete"
            case .canceled: "canceled"
            case .failed(let error, _): "failed(\(error))"
            }
        }
    }
}
