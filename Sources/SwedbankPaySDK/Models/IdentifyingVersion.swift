import Foundation

extension SwedbankPaySDK {
    /// How a consumer is identified before the payment, by Checkout version: Checkout v2 shows
    /// the checkin view of a consumer session, Checkout v3 identifies inside the payment order's
    /// own view.
    public enum IdentifyingVersion: Sendable, Hashable, Codable {
        /// Checkout v2: the checkin view of ``ViewConsumerIdentificationInfo``.
        case v2(SwedbankPaySDK.ViewConsumerIdentificationInfo)
        /// Checkout v3: the payment order's view, which asks for the consumer first.
        case v3(SwedbankPaySDK.ViewPaymentOrderInfo)
    }
}
