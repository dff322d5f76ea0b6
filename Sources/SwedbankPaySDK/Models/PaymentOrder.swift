import Foundation

extension SwedbankPaySDK {
    /// A payment order to create, as in the body of `POST /psp/paymentorders`.
    ///
    /// Property names are the JSON member names. Nil optionals are left out of the JSON; the
    /// booleans are always sent. Amounts are in minor units of `currency`.
    public struct PaymentOrder: Sendable, Hashable, Codable {
        /// The `productName` that marks a Digital Payments (v3) payment order.
        static let checkout3ProductName = "Checkout3"

        /// Whether this is a purchase or a verification.
        public var operation: PaymentOrderOperation
        /// `"Checkout3"` for a Digital Payments (v3) payment order, nil for v2.
        public var productName: String?
        /// The currency (ISO 4217), such as `"SEK"`.
        public var currency: String
        /// The amount to pay, VAT included.
        public var amount: Int64
        /// The VAT part of `amount`.
        public var vatAmount: Int64
        /// A description of the purchase, shown to the payer.
        public var description: String
        /// Identifies the client software to Swedbank Pay.
        public var userAgent: String
        /// The culture of the payment menu: what the order sends as its `language`.
        public var culture: Culture
        /// The culture of the payment menu, as one of 5.0.3's three languages.
        ///
        /// Setting it sets ``culture``. When ``culture`` is none of the three (Danish, say), this
        /// reads `.English`; read ``culture`` for the culture the order really has.
        public var language: Language {
            get { Language(culture) ?? .English }
            set { culture = Culture(newValue) }
        }
        /// Makes this an instrument-mode payment restricted to one instrument.
        public var instrument: Instrument?
        /// Whether to create a recurrence token for later merchant-initiated charges.
        public var generateRecurrenceToken: Bool
        /// Whether to create a token for unscheduled merchant-initiated charges.
        public var generateUnscheduledToken: Bool
        /// Whether to create a payment token for later payer-initiated one-click payments.
        public var generatePaymentToken: Bool
        /// Whether to keep the payment menu from offering stored payment details.
        public var disableStoredPaymentDetails: Bool
        /// Limits the payment menu to these instruments.
        public var restrictedToInstruments: [String]?
        /// The URLs of the payment order.
        public var urls: PaymentOrderUrls
        /// The merchant receiving the payment.
        public var payeeInfo: PayeeInfo
        /// Prefilled or requested payer information.
        public var payer: PaymentOrderPayer?
        /// The lines of the order.
        public var orderItems: [OrderItem]?
        /// Facts that help 3-D Secure assess risk.
        public var riskIndicator: RiskIndicator?
        /// Whether to hide the payment menu's instrument selection (instrument mode only).
        public var disablePaymentMenu: Bool
        /// A stored payment token to pay with; needs the matching `payer.payerReference`.
        public var paymentToken: String?
        /// The user agent of the system that created the order; only present in responses.
        public var initiatingSystemUserAgent: String?

        /// Whether this is a Digital Payments (v3) payment order, that is `productName == "Checkout3"`.
        ///
        /// Setting it sets `productName` to `"Checkout3"` or nil. It is not coded by itself.
        public var isV3: Bool {
            get { productName == Self.checkout3ProductName }
            set { productName = newValue ? Self.checkout3ProductName : nil }
        }

        /// Creates a payment order. `isV3` sets `productName`.
        public init(
            operation: PaymentOrderOperation = .Purchase,
            isV3: Bool = false,
            currency: String,
            amount: Int64,
            vatAmount: Int64,
            description: String,
            userAgent: String = VersionReporter.userAgent,
            language: Language = .English,
            instrument: Instrument? = nil,
            generateRecurrenceToken: Bool = false,
            generateUnscheduledToken: Bool = false,
            generatePaymentToken: Bool = false,
            disableStoredPaymentDetails: Bool = false,
            restrictedToInstruments: [String]? = nil,
            urls: PaymentOrderUrls,
            payeeInfo: PayeeInfo = PayeeInfo(),
            payer: PaymentOrderPayer? = nil,
            orderItems: [OrderItem]? = nil,
            riskIndicator: RiskIndicator? = nil,
            disablePaymentMenu: Bool = false,
            paymentToken: String? = nil
        ) {
            self.operation = operation
            self.productName = isV3 ? Self.checkout3ProductName : nil
            self.currency = currency
            self.amount = amount
            self.vatAmount = vatAmount
            self.description = description
            self.userAgent = userAgent
            self.culture = Culture(language)
            self.instrument = instrument
            self.generateRecurrenceToken = generateRecurrenceToken
            self.generateUnscheduledToken = generateUnscheduledToken
            self.generatePaymentToken = generatePaymentToken
            self.disableStoredPaymentDetails = disableStoredPaymentDetails
            self.restrictedToInstruments = restrictedToInstruments
            self.urls = urls
            self.payeeInfo = payeeInfo
            self.payer = payer
            self.orderItems = orderItems
            self.riskIndicator = riskIndicator
            self.disablePaymentMenu = disablePaymentMenu
            self.paymentToken = paymentToken
            self.initiatingSystemUserAgent = nil
        }

        private enum CodingKeys: String, CodingKey {
            case operation, productName, currency, amount, vatAmount, description, userAgent, language
            case instrument, generateRecurrenceToken, generateUnscheduledToken, generatePaymentToken
            case disableStoredPaymentDetails, restrictedToInstruments, urls, payeeInfo, payer, orderItems
            case riskIndicator, disablePaymentMenu, paymentToken, initiatingSystemUserAgent
        }

        /// Decodes a payment order.
        ///
        /// `currency`, `amount`, `vatAmount`, `description` and `urls` are required; anything else
        /// that is missing takes the initializer's default (a missing boolean is `false`).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            operation = try container.decodeIfPresent(PaymentOrderOperation.self, forKey: .operation) ?? .Purchase
            productName = try container.decodeIfPresent(String.self, forKey: .productName)
            currency = try container.decode(String.self, forKey: .currency)
            amount = try container.decode(Int64.self, forKey: .amount)
            vatAmount = try container.decode(Int64.self, forKey: .vatAmount)
            description = try container.decode(String.self, forKey: .description)
            userAgent = try container.decodeIfPresent(String.self, forKey: .userAgent) ?? VersionReporter.userAgent
            culture = try container.decodeIfPresent(Culture.self, forKey: .language) ?? .English
            instrument = try container.decodeIfPresent(Instrument.self, forKey: .instrument)
            generateRecurrenceToken = try Self.flag(container, .generateRecurrenceToken)
            generateUnscheduledToken = try Self.flag(container, .generateUnscheduledToken)
            generatePaymentToken = try Self.flag(container, .generatePaymentToken)
            disableStoredPaymentDetails = try Self.flag(container, .disableStoredPaymentDetails)
            restrictedToInstruments = try container.decodeIfPresent([String].self, forKey: .restrictedToInstruments)
            urls = try container.decode(PaymentOrderUrls.self, forKey: .urls)
            payeeInfo = try container.decodeIfPresent(PayeeInfo.self, forKey: .payeeInfo) ?? PayeeInfo()
            payer = try container.decodeIfPresent(PaymentOrderPayer.self, forKey: .payer)
            orderItems = try container.decodeIfPresent([OrderItem].self, forKey: .orderItems)
            riskIndicator = try container.decodeIfPresent(RiskIndicator.self, forKey: .riskIndicator)
            disablePaymentMenu = try Self.flag(container, .disablePaymentMenu)
            paymentToken = try container.decodeIfPresent(String.self, forKey: .paymentToken)
            initiatingSystemUserAgent = try container.decodeIfPresent(
                String.self, forKey: .initiatingSystemUserAgent
            )
        }

        private static func flag(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Bool {
            try container.decodeIfPresent(Bool.self, forKey: key) ?? false
        }

        /// Encodes the payment order; nil optionals are left out, booleans are always written.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(operation, forKey: .operation)
            try container.encodeIfPresent(productName, forKey: .productName)
            try container.encode(currency, forKey: .currency)
            try container.encode(amount, forKey: .amount)
            try container.encode(vatAmount, forKey: .vatAmount)
            try container.encode(description, forKey: .description)
            try container.encode(userAgent, forKey: .userAgent)
            try container.encode(culture, forKey: .language)
            try container.encodeIfPresent(instrument, forKey: .instrument)
            try container.encode(generateRecurrenceToken, forKey: .generateRecurrenceToken)
            try container.encode(generateUnscheduledToken, forKey: .generateUnscheduledToken)
            try container.encode(generatePaymentToken, forKey: .generatePaymentToken)
            try container.encode(disableStoredPaymentDetails, forKey: .disableStoredPaymentDetails)
            try container.encodeIfPresent(restrictedToInstruments, forKey: .restrictedToInstruments)
            try container.encode(urls, forKey: .urls)
            try container.encode(payeeInfo, forKey: .payeeInfo)
            try container.encodeIfPresent(payer, forKey: .payer)
            try container.encodeIfPresent(orderItems, forKey: .orderItems)
            try container.encodeIfPresent(riskIndicator, forKey: .riskIndicator)
            try container.encode(disablePaymentMenu, forKey: .disablePaymentMenu)
            try container.encodeIfPresent(paymentToken, forKey: .paymentToken)
            try container.encodeIfPresent(initiatingSystemUserAgent, forKey: .initiatingSystemUserAgent)
        }
    }
}
