import Foundation

extension SwedbankPaySDK {
    /// A well-formed problem document whose type the SDK has no case for.
    ///
    /// This includes the merchant's own problem types, resource-scoped Swedbank Pay types, problems
    /// without a `type` (`about:blank`), and Merchant Backend types reported in the wrong status range.
    public struct UnknownProblem: Sendable, Hashable {
        /// The type URI, `"about:blank"` when the document has none.
        public var type: String
        /// A short summary, the same for every occurrence of the type.
        public var title: String?
        /// The problem's status: its `status` member, else the HTTP status.
        public var status: Int
        /// An explanation of this occurrence.
        public var detail: String?
        /// An identifier of this occurrence.
        public var instance: String?
        /// The whole problem document, extension members included.
        public var raw: JSONObject

        /// Creates a problem from its parts.
        public init(type: String, title: String?, status: Int, detail: String?, instance: String?, raw: JSONObject) {
            self.type = type
            self.title = title
            self.status = status
            self.detail = detail
            self.instance = instance
            self.raw = raw
        }
    }
}
