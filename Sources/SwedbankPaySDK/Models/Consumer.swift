import Foundation

extension SwedbankPaySDK {
    /// The body of a consumer identification request (`POST /psp/consumers`), used by checkin flows.
    public struct Consumer: Sendable, Hashable, Codable {
        /// What the request does; there is only one operation.
        public var operation: ConsumerOperation
        /// The culture of the identification page: what the request sends as its `language`.
        public var culture: Culture
        /// The culture of the identification page, as one of 5.0.3's three languages.
        ///
        /// Setting it sets ``culture``. When ``culture`` is none of the three (Danish, say), this
        /// reads `.English`; read ``culture`` for the culture the request really has.
        public var language: Language {
            get { Language(culture) ?? .English }
            set { culture = Culture(newValue) }
        }
        /// Countries (ISO 3166-1 alpha-2) the payer may choose a shipping address in.
        public var shippingAddressRestrictedToCountryCodes: [String]

        /// Creates a consumer request.
        public init(
            operation: ConsumerOperation = .InitiateConsumerSession,
            language: Language = .English,
            shippingAddressRestrictedToCountryCodes: [String]
        ) {
            self.operation = operation
            self.culture = Culture(language)
            self.shippingAddressRestrictedToCountryCodes = shippingAddressRestrictedToCountryCodes
        }

        private enum CodingKeys: String, CodingKey {
            case operation, language, shippingAddressRestrictedToCountryCodes
        }

        /// Decodes a consumer; a missing `operation` or `language` takes its default.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            operation =
                try container.decodeIfPresent(ConsumerOperation.self, forKey: .operation)
                ?? .InitiateConsumerSession
            culture = try container.decodeIfPresent(Culture.self, forKey: .language) ?? .English
            shippingAddressRestrictedToCountryCodes = try container.decode(
                [String].self, forKey: .shippingAddressRestrictedToCountryCodes
            )
        }

        /// Encodes the consumer, with ``culture`` as its `language`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(operation, forKey: .operation)
            try container.encode(culture, forKey: .language)
            try container.encode(
                shippingAddressRestrictedToCountryCodes, forKey: .shippingAddressRestrictedToCountryCodes
            )
        }
    }
}
