import Foundation

extension SwedbankPaySDK {
    /// Optional facts about a purchase that help 3-D Secure assess risk and skip challenges.
    ///
    /// Fill in as much as is known; every field is optional and nil fields are not sent.
    public struct RiskIndicator: Sendable, Hashable, Codable {
        /// `SwedbankPaySDK.DeliveryTimeFrameIndicator`, also reachable under the risk indicator.
        public typealias DeliveryTimeFrameIndicator = SwedbankPaySDK.DeliveryTimeFrameIndicator
        /// `SwedbankPaySDK.PreOrderPurchaseIndicator`, also reachable under the risk indicator.
        public typealias PreOrderPurchaseIndicator = SwedbankPaySDK.PreOrderPurchaseIndicator
        /// `SwedbankPaySDK.ReOrderPurchaseIndicator`, also reachable under the risk indicator.
        public typealias ReOrderPurchaseIndicator = SwedbankPaySDK.ReOrderPurchaseIndicator
        /// `SwedbankPaySDK.ShipIndicator`, also reachable under the risk indicator.
        public typealias ShipIndicator = SwedbankPaySDK.ShipIndicator
        /// `SwedbankPaySDK.PickUpAddress`, also reachable under the risk indicator.
        public typealias PickUpAddress = SwedbankPaySDK.PickUpAddress

        /// Thrown by the risk indicator's initializer when the pre-order date lacks a year, month or
        /// day, or one of them is out of range.
        public struct InvalidPreOrderDate: Error, Hashable {
            /// The rejected date.
            public let dateComponents: DateComponents

            /// Wraps the rejected date.
            public init(dateComponents: DateComponents) {
                self.dateComponents = dateComponents
            }
        }

        /// For electronic delivery, the e-mail address the goods are sent to.
        public var deliveryEmailAddress: String?
        /// How quickly the goods are delivered.
        public var deliveryTimeFrameIndicator: DeliveryTimeFrameIndicator?
        /// For pre-ordered goods, the date they become available, as `YYYYMMDD`.
        public var preOrderDate: String?
        /// Whether the goods are available now or pre-ordered.
        public var preOrderPurchaseIndicator: PreOrderPurchaseIndicator?
        /// How the goods reach the payer; a pick-up carries the store address.
        public var shipIndicator: ShipIndicator?
        /// Whether this is a purchase of gift cards.
        public var giftCardPurchase: Bool?
        /// Whether the payer has ordered the same goods before.
        public var reOrderPurchaseIndicator: ReOrderPurchaseIndicator?

        /// The store address when ``shipIndicator`` is a pick-up at store; sent as `pickUpAddress`.
        public var pickUpAddress: PickUpAddress? {
            shipIndicator?.pickUpAddress
        }

        /// Creates a risk indicator.
        ///
        /// - Parameter preOrderDate: needs `year` (1–9999), `month` (1–12) and `day` (1–31);
        ///   other components are ignored.
        /// - Throws: ``InvalidPreOrderDate`` if `preOrderDate` is given but incomplete or out of range.
        public init(
            deliveryEmailAddress: String? = nil,
            deliveryTimeFrameIndicator: DeliveryTimeFrameIndicator? = nil,
            preOrderDate: DateComponents? = nil,
            preOrderPurchaseIndicator: PreOrderPurchaseIndicator? = nil,
            shipIndicator: ShipIndicator? = nil,
            giftCardPurchase: Bool? = nil,
            reOrderPurchaseIndicator: ReOrderPurchaseIndicator? = nil
        ) throws(InvalidPreOrderDate) {
            self.deliveryEmailAddress = deliveryEmailAddress
            self.deliveryTimeFrameIndicator = deliveryTimeFrameIndicator
            self.preOrderDate = try preOrderDate.map { components throws(InvalidPreOrderDate) in
                try Self.formatPreOrderDate(components)
            }
            self.preOrderPurchaseIndicator = preOrderPurchaseIndicator
            self.shipIndicator = shipIndicator
            self.giftCardPurchase = giftCardPurchase
            self.reOrderPurchaseIndicator = reOrderPurchaseIndicator
        }

        /// Formats a date as the `YYYYMMDD` string the wire format wants.
        static func formatPreOrderDate(_ components: DateComponents) throws(InvalidPreOrderDate) -> String {
            guard let year = components.year, (1...9999).contains(year),
                let month = components.month, (1...12).contains(month),
                let day = components.day, (1...31).contains(day)
            else {
                throw InvalidPreOrderDate(dateComponents: components)
            }
            return zeroPadded(year, width: 4) + zeroPadded(month, width: 2) + zeroPadded(day, width: 2)
        }

        private static func zeroPadded(_ value: Int, width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }

        private enum CodingKeys: String, CodingKey {
            case deliveryEmailAddress, deliveryTimeFrameIndicator, preOrderDate, preOrderPurchaseIndicator
            case shipIndicator, pickUpAddress, giftCardPurchase, reOrderPurchaseIndicator
        }

        /// Decodes a risk indicator; a `"04"` ship indicator takes its address from `pickUpAddress`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            deliveryEmailAddress = try container.decodeIfPresent(String.self, forKey: .deliveryEmailAddress)
            deliveryTimeFrameIndicator = try container.decodeIfPresent(
                DeliveryTimeFrameIndicator.self, forKey: .deliveryTimeFrameIndicator
            )
            preOrderDate = try container.decodeIfPresent(String.self, forKey: .preOrderDate)
            preOrderPurchaseIndicator = try container.decodeIfPresent(
                PreOrderPurchaseIndicator.self, forKey: .preOrderPurchaseIndicator
            )
            if let code = try container.decodeIfPresent(String.self, forKey: .shipIndicator) {
                let address = try container.decodeIfPresent(PickUpAddress.self, forKey: .pickUpAddress)
                guard let indicator = ShipIndicator(code: code, pickUpAddress: address) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .shipIndicator, in: container, debugDescription: "Unknown shipIndicator code \(code)"
                    )
                }
                shipIndicator = indicator
            } else {
                shipIndicator = nil
            }
            giftCardPurchase = try container.decodeIfPresent(Bool.self, forKey: .giftCardPurchase)
            reOrderPurchaseIndicator = try container.decodeIfPresent(
                ReOrderPurchaseIndicator.self, forKey: .reOrderPurchaseIndicator
            )
        }

        /// Encodes the set fields; the pick-up address goes to its own `pickUpAddress` member.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(deliveryEmailAddress, forKey: .deliveryEmailAddress)
            try container.encodeIfPresent(deliveryTimeFrameIndicator, forKey: .deliveryTimeFrameIndicator)
            try container.encodeIfPresent(preOrderDate, forKey: .preOrderDate)
            try container.encodeIfPresent(preOrderPurchaseIndicator, forKey: .preOrderPurchaseIndicator)
            try container.encodeIfPresent(shipIndicator?.code, forKey: .shipIndicator)
            try container.encodeIfPresent(pickUpAddress, forKey: .pickUpAddress)
            try container.encodeIfPresent(giftCardPurchase, forKey: .giftCardPurchase)
            try container.encodeIfPresent(reOrderPurchaseIndicator, forKey: .reOrderPurchaseIndicator)
        }
    }
}
