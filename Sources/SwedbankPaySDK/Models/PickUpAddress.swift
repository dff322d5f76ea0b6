import Foundation

extension SwedbankPaySDK {
    /// The store where the payer picks up the goods, for ``ShipIndicator/PickUpAtStore(pickUpAddress:)``.
    ///
    /// Fill it as completely as possible: it feeds 3-D Secure risk assessment.
    public struct PickUpAddress: Sendable, Hashable, Codable {
        /// The name of the store or addressee.
        public var name: String?
        /// The street address.
        public var streetAddress: String?
        /// The care-of address.
        public var coAddress: String?
        /// The city.
        public var city: String?
        /// The postal code.
        public var zipCode: String?
        /// The country (ISO 3166-1 alpha-2).
        public var countryCode: String?

        /// Creates a pick-up address.
        public init(
            name: String? = nil,
            streetAddress: String? = nil,
            coAddress: String? = nil,
            city: String? = nil,
            zipCode: String? = nil,
            countryCode: String? = nil
        ) {
            self.name = name
            self.streetAddress = streetAddress
            self.coAddress = coAddress
            self.city = city
            self.zipCode = zipCode
            self.countryCode = countryCode
        }
    }
}
