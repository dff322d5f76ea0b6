import Foundation

extension SwedbankPaySDK {
    /// A Swish number the payment session knows for the payer (the order's `payer.msisdn`).
    public struct SwishMethodPrefillModel: Sendable, Hashable, Codable {
        /// The order in which to offer it (1 first).
        public var rank: Int32
        /// The number, `+` and country code first, no spaces (`+46739000001`).
        public var msisdn: String

        /// Creates a Swish prefill, as the session would list it.
        ///
        /// - Parameters:
        ///   - rank: The order in which to offer it (1 first).
        ///   - msisdn: The number, `+` and country code first, no spaces.
        public init(rank: Int32, msisdn: String) {
            self.rank = rank
            self.msisdn = msisdn
        }
    }

    /// A saved card the payment session offers for a one-click payment.
    public struct CreditCardMethodPrefillModel: Sendable, Hashable, Codable {
        /// The order in which to offer it (1 first).
        public var rank: Int32
        /// The token the payment is made with; pass the whole model to
        /// ``PaymentAttemptInstrument/creditCard(prefill:)``.
        public var paymentToken: String
        /// `Visa`, `MasterCard`, ...
        public var cardBrand: String
        /// The card number with its middle digits hidden (`492500******0004`).
        public var maskedPan: String
        /// When the card expires, as the session states it (midnight UTC of a day in the expiry month).
        public var expiryDate: Date

        /// Creates a saved-card prefill, as the session would list it.
        ///
        /// - Parameters:
        ///   - rank: The order in which to offer it (1 first).
        ///   - paymentToken: The token the payment is made with.
        ///   - cardBrand: The card's brand (`Visa`, `MasterCard`, ...).
        ///   - maskedPan: The card number with its middle digits hidden.
        ///   - expiryDate: When the card expires; only its month and year in UTC are shown.
        public init(rank: Int32, paymentToken: String, cardBrand: String, maskedPan: String, expiryDate: Date) {
            self.rank = rank
            self.paymentToken = paymentToken
            self.cardBrand = cardBrand
            self.maskedPan = maskedPan
            self.expiryDate = expiryDate
        }

        /// The expiry month, two digits (`"12"`), in UTC.
        public var expiryMonth: String {
            String(format: "%02d", Self.utcCalendar.component(.month, from: expiryDate))
        }

        /// The expiry year, two digits (`"35"`), in UTC. It is the calendar year (the reference
        /// used the week-based year, which is off by one around New Year).
        public var expiryYear: String {
            String(format: "%02d", Self.utcCalendar.component(.year, from: expiryDate) % 100)
        }

        /// `MM/YY`, as printed on the card.
        public var expiryString: String { "\(expiryMonth)/\(expiryYear)" }

        private static var utcCalendar: Calendar {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            return calendar
        }

        private enum CodingKeys: String, CodingKey {
            case rank, paymentToken, cardBrand, maskedPan, expiryDate
        }

        /// Decodes the session's JSON: `expiryDate` is an ISO 8601 date-time string, with or without
        /// fractional seconds.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            rank = try container.decode(Int32.self, forKey: .rank)
            paymentToken = try container.decode(String.self, forKey: .paymentToken)
            cardBrand = try container.decode(String.self, forKey: .cardBrand)
            maskedPan = try container.decode(String.self, forKey: .maskedPan)
            let text = try container.decode(String.self, forKey: .expiryDate)
            guard let date = SessionDate.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .expiryDate, in: container, debugDescription: "not an ISO 8601 date-time: \(text)")
            }
            expiryDate = date
        }

        /// Encodes the session's JSON (`expiryDate` as `yyyy-MM-ddTHH:mm:ssZ`).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rank, forKey: .rank)
            try container.encode(paymentToken, forKey: .paymentToken)
            try container.encode(cardBrand, forKey: .cardBrand)
            try container.encode(maskedPan, forKey: .maskedPan)
            try container.encode(SessionDate.format(expiryDate), forKey: .expiryDate)
        }
    }
}

/// ISO 8601 date-times as the payment session writes them.
enum SessionDate {
    static func parse(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
