import Foundation

extension SwedbankPaySDK {
    /// A payment instrument, for instrument-mode payments and for restricting the payment menu.
    ///
    /// This is an open set: any raw value is accepted, so instruments that Swedbank Pay adds later
    /// can be used without an SDK update. It is coded as a plain JSON string.
    public struct Instrument: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
        /// The instrument name as Swedbank Pay spells it, for example `"CreditCard"`.
        public let rawValue: String

        /// Wraps any instrument name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Wraps an instrument name written as a string literal.
        public init(stringLiteral value: String) {
            self.init(rawValue: value)
        }

        /// Payment cards.
        public static let creditCard: Instrument = "CreditCard"
        /// Swish.
        public static let swish: Instrument = "Swish"
        /// Vipps.
        public static let vipps: Instrument = "Vipps"
        /// Swedish invoice.
        public static let invoiceSE: Instrument = "Invoice-PayExFinancingSe"
        /// Norwegian invoice.
        public static let invoiceNO: Instrument = "Invoice-PayExFinancingNo"
        /// Swedish monthly invoice.
        public static let monthlyInvoiceSE: Instrument = "Invoice-PayExMonthlyInvoiceSe"
        /// CarPay.
        public static let carPay: Instrument = "CarPay"
        /// Credit account.
        public static let creditAccount: Instrument = "CreditAccount"
        /// Apple Pay.
        public static let applePay: Instrument = "ApplePay"
        /// Google Pay.
        public static let googlePay: Instrument = "GooglePay"
        /// Trustly.
        public static let trustly: Instrument = "Trustly"
        /// MobilePay.
        public static let mobilePay: Instrument = "MobilePay"
        /// Click to Pay.
        public static let clickToPay: Instrument = "ClickToPay"

        /// Every instrument named above, for the vocabulary's test against the portal.
        static let named: [Instrument] = [
            .creditCard, .swish, .vipps, .invoiceSE, .invoiceNO, .monthlyInvoiceSE, .carPay, .creditAccount,
            .applePay, .googlePay, .trustly, .mobilePay, .clickToPay,
        ]

        /// Swedish invoice; kept for source compatibility from when it was the only invoice.
        @available(*, deprecated, renamed: "invoiceSE")
        public static let invoice: Instrument = invoiceSE
    }
}
