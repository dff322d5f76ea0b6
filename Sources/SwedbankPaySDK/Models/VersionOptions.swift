import Foundation

extension SwedbankPaySDK {
    /// Which flavour of payment a configuration is asked to start. Coded as its integer raw value.
    public struct VersionOptions: OptionSet, Sendable, Hashable, Codable {
        /// The bit set.
        public let rawValue: Int

        /// Wraps a bit set.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// A Digital Payments (v3) payment order.
        public static let isV3 = VersionOptions(rawValue: 1 << 0)
        /// Consumer identification (checkin) runs before the payment.
        public static let useCheckin = VersionOptions(rawValue: 1 << 1)
    }
}
