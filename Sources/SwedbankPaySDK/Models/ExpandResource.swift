import Foundation

extension SwedbankPaySDK {
    /// A sub-resource of a payment order to expand inline when fetching it. Coded as a plain string.
    public struct ExpandResource: RawRepresentable, Sendable, Hashable, Codable {
        /// The sub-resource name as the `$expand` parameter spells it.
        public let rawValue: String

        /// Wraps any sub-resource name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The order lines.
        public static let orderItems = ExpandResource(rawValue: "orderItems")
        /// The URLs.
        public static let urls = ExpandResource(rawValue: "urls")
        /// The payee information.
        public static let payeeInfo = ExpandResource(rawValue: "payeeInfo")
        /// The payer, including details collected during the payment.
        public static let payer = ExpandResource(rawValue: "payer")
        /// The event history.
        public static let history = ExpandResource(rawValue: "history")
        /// Details of a failed payment.
        public static let failed = ExpandResource(rawValue: "failed")
        /// Details of an aborted payment.
        public static let aborted = ExpandResource(rawValue: "aborted")
        /// Details of a paid payment.
        public static let paid = ExpandResource(rawValue: "paid")
        /// Details of a cancelled payment.
        public static let cancelled = ExpandResource(rawValue: "cancelled")
        /// The financial transactions.
        public static let financialTransactions = ExpandResource(rawValue: "financialTransactions")
        /// The failed payment attempts.
        public static let failedAttempts = ExpandResource(rawValue: "failedAttempts")
        /// The merchant's metadata.
        public static let metadata = ExpandResource(rawValue: "metadata")
    }
}
