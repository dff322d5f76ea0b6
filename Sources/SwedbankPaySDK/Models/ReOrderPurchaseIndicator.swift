import Foundation

extension SwedbankPaySDK {
    /// Whether the payer has ordered the same goods before; part of ``RiskIndicator``.
    public enum ReOrderPurchaseIndicator: String, Sendable, Hashable, Codable, CaseIterable {
        /// Ordered for the first time (`"01"`).
        case FirstTimeOrdered = "01"
        /// Ordered before (`"02"`).
        case Reordered = "02"
    }
}
