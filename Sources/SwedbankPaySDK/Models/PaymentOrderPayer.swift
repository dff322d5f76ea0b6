import Foundation

extension SwedbankPaySDK {
    /// What the merchant knows or wants to know about the payer of a payment order.
    ///
    /// Each initializer covers one way of prefilling the payer; all fields can also be set directly.
    public struct PaymentOrderPayer: Sendable, Hashable, Codable {
        /// Whether the payment menu must collect the payer's details (v3).
        public var requireConsumerInfo: Bool?
        /// Whether the order has only digital products, so no shipping address is needed (v3).
        public var digitalProducts: Bool?
        /// The payer's national identity number, to prefill identification.
        public var nationalIdentifier: NationalIdentifier?
        /// Countries (ISO 3166-1 alpha-2) the payer may choose a shipping address in (v3).
        public var shippingAddressRestrictedToCountryCodes: [String]?
        /// The consumer profile reference obtained from consumer identification (v2 checkin).
        public var consumerProfileRef: String?
        /// The payer's e-mail address, to prefill identification.
        public var email: String?
        /// The payer's mobile number, to prefill identification.
        public var msisdn: String?
        /// The merchant's id of the payer; required for payment tokens.
        public var payerReference: String?

        /// A national identity number and the country that issued it.
        public struct NationalIdentifier: Sendable, Hashable, Codable {
            /// The identity number.
            public var socialSecurityNumber: String?
            /// The issuing country (ISO 3166-1 alpha-2).
            public var countryCode: String?

            /// Creates a national identifier.
            public init(socialSecurityNumber: String? = nil, countryCode: String? = nil) {
                self.socialSecurityNumber = socialSecurityNumber
                self.countryCode = countryCode
            }
        }

        /// Creates a payer prefilled from a consumer profile or contact details.
        public init(
            consumerProfileRef: String? = nil,
            email: String? = nil,
            msisdn: String? = nil,
            payerReference: String? = nil
        ) {
            self.consumerProfileRef = consumerProfileRef
            self.email = email
            self.msisdn = msisdn
            self.payerReference = payerReference
        }

        // Disfavoured (as is the next one) so that `PaymentOrderPayer()` and
        // `PaymentOrderPayer(payerReference:)` pick the first initializer instead of being ambiguous.
        /// Creates a payer prefilled with a national identity number.
        @_disfavoredOverload
        public init(nationalIdentifier: NationalIdentifier? = nil, payerReference: String? = nil) {
            self.nationalIdentifier = nationalIdentifier
            self.payerReference = payerReference
        }

        /// Creates a payer for v3 payments that asks the menu to collect the payer's details.
        @_disfavoredOverload
        public init(
            requireConsumerInfo: Bool? = nil,
            digitalProducts: Bool? = nil,
            shippingAddressRestrictedToCountryCodes: [String]? = nil,
            payerReference: String? = nil
        ) {
            self.requireConsumerInfo = requireConsumerInfo
            self.digitalProducts = digitalProducts
            self.shippingAddressRestrictedToCountryCodes = shippingAddressRestrictedToCountryCodes
            self.payerReference = payerReference
        }
    }
}

extension SwedbankPaySDK {
    /// The 5.0.3 SDK's name for ``PaymentOrderPayer/NationalIdentifier``.
    public typealias NationalIdentifier = PaymentOrderPayer.NationalIdentifier
    /// The name Swedbank Pay's Android SDK gives ``PaymentOrderPayer/NationalIdentifier``, for
    /// code shared between the platforms' apps.
    public typealias PayerNationalIdentifier = PaymentOrderPayer.NationalIdentifier
}
