import Foundation

extension SwedbankPaySDK {
    /// Identifies the merchant receiving the payment.
    ///
    /// `payeeId` and `payeeReference` are required by Swedbank Pay but default to `""`, on the
    /// assumption that the merchant backend fills them in before forwarding the order.
    public struct PayeeInfo: Sendable, Hashable, Codable {
        /// The merchant id issued by Swedbank Pay.
        public var payeeId: String
        /// A merchant-unique reference for this payment.
        public var payeeReference: String
        /// The merchant name shown to the payer.
        public var payeeName: String?
        /// A merchant-defined product category, for reporting.
        public var productCategory: String?
        /// The merchant's order reference, for reporting.
        public var orderReference: String?
        /// The merchant's subsite, for settlement splitting.
        public var subsite: String?

        /// Creates payee information.
        public init(
            payeeId: String = "",
            payeeReference: String = "",
            payeeName: String? = nil,
            productCategory: String? = nil,
            orderReference: String? = nil,
            subsite: String? = nil
        ) {
            self.payeeId = payeeId
            self.payeeReference = payeeReference
            self.payeeName = payeeName
            self.productCategory = productCategory
            self.orderReference = orderReference
            self.subsite = subsite
        }

        private enum CodingKeys: String, CodingKey {
            case payeeId, payeeReference, payeeName, productCategory, orderReference, subsite
        }

        /// Decodes payee information; a missing `payeeId` or `payeeReference` becomes `""`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            payeeId = try container.decodeIfPresent(String.self, forKey: .payeeId) ?? ""
            payeeReference = try container.decodeIfPresent(String.self, forKey: .payeeReference) ?? ""
            payeeName = try container.decodeIfPresent(String.self, forKey: .payeeName)
            productCategory = try container.decodeIfPresent(String.self, forKey: .productCategory)
            orderReference = try container.decodeIfPresent(String.self, forKey: .orderReference)
            subsite = try container.decodeIfPresent(String.self, forKey: .subsite)
        }
    }
}
