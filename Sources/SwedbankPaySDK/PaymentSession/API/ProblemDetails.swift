import Foundation

extension SwedbankPaySDK {
    /// A problem the payment session reports about a payment attempt (declined, cancelled in
    /// Swish, the Swish app could not be started, ...): an RFC 7807 document.
    ///
    /// After one, the payer can make a new attempt or you can abort the session.
    public struct ProblemDetails: Sendable, Hashable, Codable {
        /// The problem type URI, for example
        /// `https://api.payex.com/psp/errordetail/paymentorders/clientapplaunchfailed`.
        public var type: String
        /// A short summary for people.
        public var title: String?
        /// The HTTP status that goes with the problem.
        public var status: Int32?
        /// What happened, for people.
        public var detail: String?
        /// The detail of the system that failed (an acquirer's or Swish's code).
        public var originalDetail: String?
        /// Where to acknowledge the problem (`acknowledge-failed-attempt`); the SDK does it.
        var operation: SessionOperation?

        /// Creates a problem from its members, for example to test how your app shows one.
        ///
        /// - Parameters:
        ///   - type: The problem type URI.
        ///   - title: A short summary for people, if any.
        ///   - status: The HTTP status that goes with the problem, if any.
        ///   - detail: What happened, for people, if anything.
        ///   - originalDetail: The detail of the system that failed, if any.
        public init(
            type: String, title: String? = nil, status: Int32? = nil, detail: String? = nil,
            originalDetail: String? = nil
        ) {
            self.type = type
            self.title = title
            self.status = status
            self.detail = detail
            self.originalDetail = originalDetail
        }

        private enum CodingKeys: String, CodingKey {
            case type, title, status, detail, originalDetail
        }
    }
}
