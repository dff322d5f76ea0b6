import Foundation

extension SwedbankPaySDK {
    /// A problem in the 4xx range: the request has to change before it can succeed.
    ///
    /// The cases carry their fields as associated values, as in the original SDK, so its patterns
    /// compile: `.swedbankPay(type: .inputError, _, _, let detail, _, let action, let problems, _)`.
    public enum ClientProblem: Sendable, Hashable {
        /// A problem the Merchant Backend itself reported.
        case mobileSDK(MobileSDKProblem)
        /// A Swedbank Pay API problem of a generic type, usually forwarded by the Merchant Backend.
        ///
        /// - Parameters:
        ///   - type: The problem type.
        ///   - title: A short summary, the same for every occurrence of the type.
        ///   - status: The problem's status: its `status` member, else the HTTP status.
        ///   - detail: An explanation of this occurrence.
        ///   - instance: An identifier of this occurrence; quote it to Swedbank Pay support.
        ///   - action: How to recover, if Swedbank Pay says.
        ///   - problems: The individual issues, e.g. one per invalid field; nil when the document
        ///     has no `problems` array.
        ///   - raw: The whole problem document, extension members included.
        case swedbankPay(
            type: SwedbankPayProblem,
            title: String?,
            status: Int,
            detail: String?,
            instance: String?,
            action: String?,
            problems: [SwedbankPaySubProblem]?,
            raw: RawJSONObject
        )
        /// A problem document of a type the SDK has no case for (in this space).
        ///
        /// - Parameters:
        ///   - type: The type URI, `"about:blank"` when the document has none.
        ///   - title: A short summary, the same for every occurrence of the type.
        ///   - status: The problem's status: its `status` member, else the HTTP status.
        ///   - detail: An explanation of this occurrence.
        ///   - instance: An identifier of this occurrence.
        ///   - raw: The whole problem document, extension members included.
        case unknown(
            type: String,
            title: String?,
            status: Int,
            detail: String?,
            instance: String?,
            raw: RawJSONObject
        )
        /// A 4xx response that is not a problem document (wrong media type, not a JSON object,
        /// or a `status` member outside 400–599).
        case unexpectedContent(status: Int, contentType: String?, body: Data?)

        /// The Swedbank Pay problem types. The same type as in ``ServerProblem``: every type is
        /// typed in either space (the live API sends `configurationerror` as 403).
        public typealias SwedbankPayProblem = SwedbankPayProblemType

        /// Merchant Backend problems in the 4xx range.
        public enum MobileSDKProblem: Sendable, Hashable {
            /// `…/mobilesdk/unauthorized`: credentials were rejected or the feature is disabled.
            /// `message` is the document's `detail`.
            case unauthorized(message: String?, raw: RawJSONObject)
            /// `…/mobilesdk/badrequest`: the backend rejected the request body.
            /// `message` is the document's `detail`.
            case invalidRequest(message: String?, raw: RawJSONObject)
        }
    }
}
