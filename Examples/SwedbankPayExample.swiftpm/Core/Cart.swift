import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

/// Something the example shop sells. Prices are in öre (SEK's minor unit), VAT in percent.
public struct Product: Identifiable, Hashable, Sendable {
    public var id: String
    public var name: String
    public var unitPrice: Int64
    public var vatPercent: Int

    public init(id: String, name: String, unitPrice: Int64, vatPercent: Int) {
        self.id = id
        self.name = name
        self.unitPrice = unitPrice
        self.vatPercent = vatPercent
    }

    /// The shop's products.
    public static let catalogue = [
        Product(id: "coffee", name: "Coffee beans, 500 g", unitPrice: 12_900, vatPercent: 12),
        Product(id: "mug", name: "Enamel mug", unitPrice: 19_900, vatPercent: 25),
        Product(id: "grinder", name: "Hand grinder", unitPrice: 49_900, vatPercent: 25),
    ]
}

/// The shopping cart: what the payment order is made of.
///
/// In a real shop the server prices the cart (the app is never trusted with the amount); here
/// the example backend takes the amounts the app sends, as Swedbank Pay's example backends do.
public struct Cart: Equatable, Sendable {
    /// A product and how many of it.
    public struct Line: Equatable, Sendable {
        public var product: Product
        public var quantity: Int
        public var amount: Int64 { product.unitPrice * Int64(quantity) }
        /// The VAT included in ``amount``, rounded to the öre.
        public var vatAmount: Int64 {
            (amount * Int64(product.vatPercent) * 2 + Int64(100 + product.vatPercent))
                / (2 * Int64(100 + product.vatPercent))
        }
    }

    /// At most this many of one product, so no order overflows what a payment may be.
    public static let maximumQuantity = 99

    public private(set) var lines: [Line] = []

    public init() {}

    public var isEmpty: Bool { lines.isEmpty }
    public var total: Int64 { lines.reduce(0) { $0 + $1.amount } }
    public var vatAmount: Int64 { lines.reduce(0) { $0 + $1.vatAmount } }

    /// Adds one of `product` (up to ``maximumQuantity``).
    public mutating func add(_ product: Product) {
        if let index = lines.firstIndex(where: { $0.product == product }) {
            lines[index].quantity = min(lines[index].quantity + 1, Self.maximumQuantity)
        } else {
            lines.append(Line(product: product, quantity: 1))
        }
    }

    /// Removes one of `product`.
    public mutating func remove(_ product: Product) {
        guard let index = lines.firstIndex(where: { $0.product == product }) else { return }
        lines[index].quantity -= 1
        if lines[index].quantity == 0 { lines.remove(at: index) }
    }

    public mutating func empty() { lines = [] }

    /// The Digital Payments (v3) order for this cart; `payerReference` lets the payer's saved
    /// cards be offered (the native flow uses them).
    public func paymentOrder(
        configuration: SwedbankPaySDK.MerchantBackendConfiguration, payerReference: String? = nil
    ) -> SwedbankPaySDK.PaymentOrder {
        SwedbankPaySDK.PaymentOrder(
            isV3: true, currency: "SEK", amount: total, vatAmount: vatAmount, description: "Example shop",
            language: .English,
            urls: SwedbankPaySDK.PaymentOrderUrls(
                configuration: configuration, language: .English, appName: "Swedbank Pay Example"),
            payer: payerReference.map { SwedbankPaySDK.PaymentOrderPayer(payerReference: $0) },
            orderItems: lines.map { line in
                SwedbankPaySDK.OrderItem(
                    reference: line.product.id, name: line.product.name, type: .Product, class: "Shop",
                    quantity: line.quantity, quantityUnit: "pcs", unitPrice: line.product.unitPrice,
                    vatPercent: line.product.vatPercent * 100, amount: line.amount, vatAmount: line.vatAmount)
            })
    }
}
