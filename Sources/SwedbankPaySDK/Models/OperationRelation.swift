import Foundation

extension SwedbankPaySDK {
    /// The name of an ``Operation`` relation. Open-ended: any raw value is accepted.
    public struct OperationRelation: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
        /// The relation name as it appears in `rel`.
        public let rawValue: String

        /// Wraps any relation name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Wraps a relation name written as a string literal.
        public init(stringLiteral value: String) {
            self.init(rawValue: value)
        }

        /// The consumer identification page script (v2 checkin).
        public static let viewConsumerIdentification: OperationRelation = "view-consumer-identification"
        /// The payment menu script of a v2 payment order.
        public static let viewPaymentOrder: OperationRelation = "view-paymentorder"
        /// The payment menu script of a v3 payment order.
        public static let viewPaymentLink: OperationRelation = "view-checkout"
        /// Changes the instrument of an instrument-mode payment order.
        public static let setInstrumentLink: OperationRelation = "set-instrument"
        /// Aborts the payment order.
        public static let abort: OperationRelation = "abort"
        /// Updates the payment order, for example its amount.
        public static let updateOrder: OperationRelation = "update-order"
        /// The payment session of the native payment API.
        public static let viewPaymentSession: OperationRelation = "view-paymentsession"
        /// Deletes a payment token a payer owns (an operation of each token the Merchant Backend
        /// lists).
        public static let deletePaymentTokens: OperationRelation = "delete-paymenttokens"

        /// Every relation named above, for the vocabulary's test against the portal.
        static let named: [OperationRelation] = [
            .viewConsumerIdentification, .viewPaymentOrder, .viewPaymentLink, .setInstrumentLink, .abort, .updateOrder,
            .viewPaymentSession, .deletePaymentTokens,
        ]
    }
}
