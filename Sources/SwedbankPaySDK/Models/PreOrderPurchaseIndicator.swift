import Foundation

extension SwedbankPaySDK {
    /// Whether the goods are available now or pre-ordered; part of ``RiskIndicator``.
    public enum PreOrderPurchaseIndicator: String, Sendable, Hashable, Codable, CaseIterable {
        /// The merchandise is available now (`"01"`).
        case MerchandiseAvailable = "01"
        /// The merchandise becomes available in the future (`"02"`).
        case FutureAvailability = "02"
    }
}
