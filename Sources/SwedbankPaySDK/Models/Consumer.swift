import Foundation

extension SwedbankPaySDK {
    /// The body of a consumer identification request (`POST /psp/consumers`), used by checkin flows.
    public struct Consumer: Sendable, Hashable, Codable {
        /// What the request does; there is only one operation.
        public var operation: ConsumerOperation
        /// The culture of the identification page.
        public var language: Language
        /// Countries (ISO 3166-1 alpha-2) the payer may choose a shipping address in.
        public var shippingAddressRestrictedToCountryCodes: [String]

        /// Creates a consumer request.
        public init(
            operation: ConsumerOperation = .InitiateConsumerSession,
            language: Language = .English,
            shippingAddressRestrictedToCountryCodes: [String]
        ) {
            self.operation = operation
            self.language = language
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
            language = try container.decodeIfPresent(Language.self, forKey: .language) ?? .English
            shippingAddressRestrictedToCountryCodes = try container.decode(
                [String].self, forKey: .shippingAddressRestrictedToCountryCodes
            )
        }
    }
}
