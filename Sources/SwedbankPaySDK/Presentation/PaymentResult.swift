import Foundation

extension SwedbankPaySDK {
    /// How a presented web payment ended: the three endings of ``SwedbankPaySDKDelegate`` as one
    /// value, for code that awaits a payment or reacts to it in SwiftUI.
    ///
    /// `complete` means the payment menu reported the payment done; as with the delegate, confirm
    /// the payment order's status on your server before you ship anything.
    public enum PaymentResult: CustomStringConvertible {
        /// The payment menu reported the payment complete (``SwedbankPaySDKDelegate/paymentComplete()``).
        case complete
        /// The payer canceled, or the payment was aborted (``SwedbankPaySDKDelegate/paymentCanceled()``).
        case canceled
        /// The payment failed (``SwedbankPaySDKDelegate/paymentFailed(error:)``): often a
        /// ``SwedbankPaySDK/Problem`` from your backend.
        case failed(any Error)

        /// `complete`, `canceled` or `failed(<error>)`.
        public var description: String {
            switch self {
            case .complete: "complete"
            case .canceled: "canceled"
            case .failed(let error): "failed(\(error))"
            }
        }
    }
}
