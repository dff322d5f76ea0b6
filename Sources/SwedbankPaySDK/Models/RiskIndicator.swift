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

        /// For electronic delivery, the e-mail address the goods are sent to.
        public var deliveryEmailAddress: String?
        /// How quickly the goods are delivered.
        public var deliveryTimeFrameIndicator: DeliveryTimeFrameIndicator?
        /// For pre-ordered goods, the date they become available, as `YYYYMMDD`.
        public var preOrderDate: String?
        /// Whether the goods are available now or pre-ordered.
        public var preOrderPurchaseIndicator: PreOrderPurchaseIndicator?
        /// How the goods reach the payer, as its wire code. The initializer sets it (and
        /// ``pickUpAddress``) from a ``SwedbankPaySDK/ShipIndicator``.
        public var shipIndicator: ShipIndicator.Raw?
        /// The store address when ``shipIndicator`` is ``SwedbankPaySDK/ShipIndicator/Raw/PickUpAtStore``.
        public var pickUpAddress: PickUpAddress?
        /// Whether this is a purchase of gift cards.
        public var giftCardPurchase: Bool?
        /// Whether the payer has ordered the same goods before.
        public var reOrderPurchaseIndicator: ReOrderPurchaseIndicator?

        /// Creates a risk indicator.
        ///
        /// - Parameters:
        ///   - deliveryEmailAddress: where digital goods are delivered, for e-mail deliveries.
        ///   - deliveryTimeFrameIndicator: how soon the goods are delivered.
        ///   - preOrderDate: formatted as `YYYYMMDD` from its `year`, `month` and `day` (other
        ///     components are ignored). All three must be set: a date without one of them is a
        ///     programming error and stops the app with a message, as in the reference SDK 5.0.3.
        ///     Values are not range-checked here; Swedbank Pay reports a date it cannot use as a
        ///     problem.
        ///   - preOrderPurchaseIndicator: whether the goods are available now or pre-ordered.
        ///   - shipIndicator: sets ``shipIndicator`` to its code and ``pickUpAddress`` to its
        ///     address (nil unless it is a pick-up at store).
        ///   - giftCardPurchase: whether this is a purchase of gift cards.
        ///   - reOrderPurchaseIndicator: whether the payer has ordered the same goods before.
        public init(
            deliveryEmailAddress: String? = nil,
            deliveryTimeFrameIndicator: DeliveryTimeFrameIndicator? = nil,
            preOrderDate: DateComponents? = nil,
            preOrderPurchaseIndicator: PreOrderPurchaseIndicator? = nil,
            shipIndicator: SwedbankPaySDK.ShipIndicator? = nil,
            giftCardPurchase: Bool? = nil,
            reOrderPurchaseIndicator: ReOrderPurchaseIndicator? = nil
        ) {
            self.deliveryEmailAddress = deliveryEmailAddress
            self.deliveryTimeFrameIndicator = deliveryTimeFrameIndicator
            self.preOrderDate = preOrderDate.map { components in
                guard let text = Self.formatPreOrderDate(components) else {
                    preconditionFailure(
                        "RiskIndicator: preOrderDate needs a year, a month and a day; got \(components)")
                }
                return text
            }
            self.preOrderPurchaseIndicator = preOrderPurchaseIndicator
            self.shipIndicator = shipIndicator?.raw
            self.pickUpAddress = shipIndicator?.pickUpAddress
            self.giftCardPurchase = giftCardPurchase
            self.reOrderPurchaseIndicator = reOrderPurchaseIndicator
        }

        /// Formats a date as the `YYYYMMDD` string the wire format wants; nil when the year, month
        /// or day is missing.
        static func formatPreOrderDate(_ components: DateComponents) -> String? {
            guard let year = components.year, let month = components.month, let day = components.day else {
                return nil
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
    }
}
