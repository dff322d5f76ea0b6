import Foundation

extension SwedbankPaySDK {
    /// The kind of payment order to create: a purchase, or a card verification without a charge.
    public enum PaymentOrderOperation: String, Sendable, Hashable, Codable, CaseIterable {
        /// Charges the payer (`"Purchase"`).
        case Purchase
        /// Verifies a payment instrument without charging it, typically to create a token (`"Verify"`).
        case Verify
    }
}
