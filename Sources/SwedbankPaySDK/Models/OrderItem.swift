import Foundation

extension SwedbankPaySDK {
    /// One line of a payment order's item list. Amounts are in minor units of the order currency.
    public struct OrderItem: Sendable, Hashable, Codable {
        /// The merchant's reference of the item, such as a product number.
        public var reference: String
        /// The item name shown to the payer.
        public var name: String
        /// The item category.
        public var type: ItemType
        /// A merchant-defined item class, used by some payment methods for risk assessment.
        public var `class`: String
        /// A page describing the item.
        public var itemUrl: URL?
        /// A picture of the item.
        public var imageUrl: URL?
        /// A description of the item.
        public var description: String?
        /// A description of the discount, if any.
        public var discountDescription: String?
        /// The number of units.
        public var quantity: Int
        /// The unit of `quantity`, such as `"pcs"`.
        public var quantityUnit: String
        /// The price of one unit.
        public var unitPrice: Int64
        /// The discounted price of one unit, if discounted.
        public var discountPrice: Int64?
        /// The VAT rate in hundredths of a percent: `2500` is 25 %.
        public var vatPercent: Int
        /// The total amount of the line, VAT included.
        public var amount: Int64
        /// The VAT part of `amount`.
        public var vatAmount: Int64

        /// Creates an order item line.
        public init(
            reference: String,
            name: String,
            type: ItemType,
            `class`: String,
            itemUrl: URL? = nil,
            imageUrl: URL? = nil,
            description: String? = nil,
            discountDescription: String? = nil,
            quantity: Int,
            quantityUnit: String,
            unitPrice: Int64,
            discountPrice: Int64? = nil,
            vatPercent: Int,
            amount: Int64,
            vatAmount: Int64
        ) {
            self.reference = reference
            self.name = name
            self.type = type
            self.class = `class`
            self.itemUrl = itemUrl
            self.imageUrl = imageUrl
            self.description = description
            self.discountDescription = discountDescription
            self.quantity = quantity
            self.quantityUnit = quantityUnit
            self.unitPrice = unitPrice
            self.discountPrice = discountPrice
            self.vatPercent = vatPercent
            self.amount = amount
            self.vatAmount = vatAmount
        }
    }
}
