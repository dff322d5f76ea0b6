import Foundation

extension SwedbankPaySDK {
    /// The category of an ``OrderItem`` line.
    public enum ItemType: String, Sendable, Hashable, Codable, CaseIterable {
        /// A physical or digital product.
        case Product = "PRODUCT"
        /// A service.
        case Service = "SERVICE"
        /// A shipping fee.
        case ShippingFee = "SHIPPING_FEE"
        /// A fee for using a payment method.
        case PaymentFee = "PAYMENT_FEE"
        /// A discount; its amounts are usually negative.
        case Discount = "DISCOUNT"
        /// A value code, such as a gift card.
        case ValueCode = "VALUE_CODE"
        /// Anything that fits none of the other categories.
        case Other = "OTHER"
    }
}
