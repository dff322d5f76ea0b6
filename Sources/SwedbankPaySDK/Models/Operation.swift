import Foundation

extension SwedbankPaySDK {
    /// A hypermedia operation of a Swedbank Pay resource: what can be done next, and where.
    public struct Operation: Sendable, Hashable, Codable {
        /// The relation name, such as `"view-checkout"`; compare with ``OperationRelation``.
        public var rel: String?
        /// The HTTP method to use, such as `"GET"` or `"PATCH"`.
        public var method: String?
        /// The target of the operation.
        public var href: String?
        /// The media type of the target, such as `"application/javascript"`.
        public var contentType: String?

        /// Creates an operation.
        public init(rel: String? = nil, method: String? = nil, href: String? = nil, contentType: String? = nil) {
            self.rel = rel
            self.method = method
            self.href = href
            self.contentType = contentType
        }

        /// `href` as a URL; nil when it is missing or not a valid URL.
        public var url: URL? {
            href.flatMap { URL(string: $0) }
        }
    }
}

extension Array where Element == SwedbankPaySDK.Operation {
    /// The first operation whose `rel` is `rel`, or nil.
    public func findOperation(rel: SwedbankPaySDK.OperationRelation) -> SwedbankPaySDK.Operation? {
        first { $0.rel == rel.rawValue }
    }
}
