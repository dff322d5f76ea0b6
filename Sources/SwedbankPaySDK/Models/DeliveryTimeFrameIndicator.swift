import Foundation

extension SwedbankPaySDK {
    /// How quickly the goods of a payment order are delivered; part of ``RiskIndicator``.
    public enum DeliveryTimeFrameIndicator: String, Sendable, Hashable, Codable, CaseIterable {
        /// Electronic delivery (`"01"`).
        case ElectronicDelivery = "01"
        /// Same-day shipping (`"02"`).
        case SameDayShipping = "02"
        /// Overnight shipping (`"03"`).
        case OvernightShipping = "03"
        /// Shipping in two days or more (`"04"`).
        case TwoDayOrMoreShipping = "04"
    }
}
