import Foundation

extension SwedbankPaySDK {
    /// How the goods of a payment order reach the payer; part of ``RiskIndicator``.
    ///
    /// On the wire this is only the two-digit code; the address of ``PickUpAtStore(pickUpAddress:)``
    /// travels in the separate `pickUpAddress` member of the risk indicator. Coded on its own, a
    /// `"04"` therefore decodes with an empty address.
    public enum ShipIndicator: Sendable, Hashable, Codable {
        /// Ship to the cardholder's billing address (`"01"`).
        case ShipToBillingAddress
        /// Ship to another verified address on file with the merchant (`"02"`).
        case ShipToVerifiedAddress
        /// Ship to an address different from the billing address (`"03"`).
        case ShipToDifferentAddress
        /// Pick up at a store (`"04"`).
        case PickUpAtStore(pickUpAddress: PickUpAddress)
        /// Digital goods, no physical delivery (`"05"`).
        case DigitalGoods
        /// Travel and event tickets, not shipped (`"06"`).
        case Tickets
        /// Anything else, such as gaming or digital services (`"07"`).
        case Other

        /// Builds the indicator from its wire code; nil for an unknown code.
        ///
        /// `pickUpAddress` is used only for `"04"`, which gets an empty address when it is nil.
        public init?(code: String, pickUpAddress: PickUpAddress? = nil) {
            switch code {
            case "01": self = .ShipToBillingAddress
            case "02": self = .ShipToVerifiedAddress
            case "03": self = .ShipToDifferentAddress
            case "04": self = .PickUpAtStore(pickUpAddress: pickUpAddress ?? PickUpAddress())
            case "05": self = .DigitalGoods
            case "06": self = .Tickets
            case "07": self = .Other
            default: return nil
            }
        }

        /// The two-digit wire code.
        public var code: String {
            switch self {
            case .ShipToBillingAddress: return "01"
            case .ShipToVerifiedAddress: return "02"
            case .ShipToDifferentAddress: return "03"
            case .PickUpAtStore: return "04"
            case .DigitalGoods: return "05"
            case .Tickets: return "06"
            case .Other: return "07"
            }
        }

        /// The pick-up address, for ``PickUpAtStore(pickUpAddress:)``.
        public var pickUpAddress: PickUpAddress? {
            if case .PickUpAtStore(let address) = self { return address }
            return nil
        }

        /// Decodes the two-digit code.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let code = try container.decode(String.self)
            guard let value = ShipIndicator(code: code) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Unknown shipIndicator code \(code)"
                )
            }
            self = value
        }

        /// Encodes the two-digit code only.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(code)
        }
    }
}
