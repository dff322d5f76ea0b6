import Foundation

extension SwedbankPaySDK {
    /// A problem of one of the generic Swedbank Pay API types, usually forwarded by the Merchant Backend.
    public struct SwedbankPayProblem: Sendable, Hashable {
        /// The problem type.
        public var type: SwedbankPayProblemType
        /// A short summary, the same for every occurrence of the type.
        public var title: String?
        /// The HTTP status the problem was reported with.
        public var status: Int
        /// An explanation of this occurrence.
        public var detail: String?
        /// An identifier of this occurrence; quote it to Swedbank Pay support.
        public var instance: String?
        /// How to recover, if Swedbank Pay says.
        public var action: String?
        /// The individual issues, e.g. one per invalid field.
        public var problems: [SwedbankPaySubProblem]
        /// The whole problem document, extension members included.
        public var raw: JSONObject

        /// Creates a problem from its parts.
        public init(
            type: SwedbankPayProblemType,
            title: String?,
            status: Int,
            detail: String?,
            instance: String?,
            action: String?,
            problems: [SwedbankPaySubProblem],
            raw: JSONObject
        ) {
            self.type = type
            self.title = title
            self.status = status
            self.detail = detail
            self.instance = instance
            self.action = action
            self.problems = problems
            self.raw = raw
        }
    }
}
