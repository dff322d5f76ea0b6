import Foundation

extension SwedbankPaySDK {
    /// How the goods of a payment order reach the payer; part of ``RiskIndicator``.
    ///
    /// On the wire this is only the two-digit code (``Raw``); the address of
    /// ``PickUpAtStore(pickUpAddress:)`` travels in the separate `pickUpAddress` member of the risk
    /// indicator. Coded on its own, a `"04"` therefore decodes with an empty address.
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

        /// The wire codes of ``ShipIndicator``, without the pick-up address: the type of
        /// ``RiskIndicator/shipIndicator``.
        public enum Raw: String, Sendable, Hashable, Codable, CaseIterable {
            /// `"01"`, ``ShipIndicator/ShipToBillingAddress``.
            case ShipToBillingAddress = "01"
            /// `"02"`, ``ShipIndicator/ShipToVerifiedAddress``.
            case ShipToVerifiedAddress = "02"
            /// `"03"`, ``ShipIndicator/ShipToDifferentAddress``.
            case ShipToDifferentAddress = "03"
            /// `"04"`, ``ShipIndicator/PickUpAtStore(pickUpAddress:)``.
            case PickUpAtStore = "04"
            /// `"05"`, ``ShipIndicator/DigitalGoods``.
            case DigitalGoods = "05"
            /// `"06"`, ``ShipIndicator/Tickets``.
            case Tickets = "06"
            /// `"07"`, ``ShipIndicator/Other``.
            case Other = "07"
        }

        /// The indicator's wire code.
        public var raw: Raw {
            switch self {
            case .ShipToBillingAddress: return .ShipToBillingAddress
            case .ShipToVerifiedAddress: return .ShipToVerifiedAddress
            case .ShipToDifferentAddress: return .ShipToDifferentAddress
            case .PickUpAtStore: return .PickUpAtStore
            case .DigitalGoods: return .DigitalGoods
            case .Tickets: return .Tickets
            case .Other: return .Other
            }
        }

        /// Builds the indicator from its wire code; `pickUpAddress` is used only for
        /// ``Raw/PickUpAtStore``, which gets an empty address when it is nil.
        public init(raw: Raw, pickUpAddress: PickUpAddress? = nil) {
            switch raw {
            case .ShipToBillingAddress: self = .ShipToBillingAddress
            case .ShipToVerifiedAddress: self = .ShipToVerifiedAddress
            case .ShipToDifferentAddress: self = .ShipToDifferentAddress
            case .PickUpAtStore: self = .PickUpAtStore(pickUpAddress: pickUpAddress ?? PickUpAddress())
            case .DigitalGoods: self = .DigitalGoods
            case .Tickets: self = .Tickets
            case .Other: self = .Other
            }
        }

        /// Builds the indicator from its two-digit code; nil for an unknown code.
        ///
        /// `pickUpAddress` is used only for `"04"`, which gets an empty address when it is nil.
        public init?(code: String, pickUpAddress: PickUpAddress? = nil) {
            guard let raw = Raw(rawValue: code) else { return nil }
            self.init(raw: raw, pickUpAddress: pickUpAddress)
        }

        /// The two-digit wire code.
        public var code: String { raw.rawValue }

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
