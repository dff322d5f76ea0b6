import Foundation

extension SwedbankPaySDK {
    /// A problem in the 4xx range: the request has to change before it can succeed.
    ///
    /// The cases carry their fields as associated values, with the original SDK 5.0.3's types, so
    /// its patterns compile: `.swedbankPay(type: .inputError, _, _, let detail, _, let action, let problems, _)`.
    ///
    /// `raw` is the whole problem document as a `[String: Any]`, as in 5.0.3. The SDK fills it with
    /// the values `JSONSerialization` gives (`String`, `Bool`, `Int`, `Double`, `[Any]`,
    /// `[String: Any]`, `NSNull`), all immutable, which is why the type is `@unchecked Sendable`:
    /// a problem travels inside an `Error` between tasks. A problem app code builds must keep to
    /// those value types too (a mutable class instance in `raw` would be shared unprotected).
    public enum ClientProblem: @unchecked Sendable, Hashable {
        /// A problem the Merchant Backend itself reported.
        case mobileSDK(MobileSDKProblem)
        /// A Swedbank Pay API problem of a generic client type, usually forwarded by the Merchant
        /// Backend.
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
            raw: [String: Any]
        )
        /// A problem document of a type the SDK has no case for in this space (a server type sent
        /// with a 4xx status, such as the live API's 403 `configurationerror`, lands here; see
        /// ``Problem/swedbankPayType``).
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
            raw: [String: Any]
        )
        /// A 4xx response that is not a problem document (wrong media type, not a JSON object,
        /// or a `status` member outside 400–599).
        case unexpectedContent(status: Int, contentType: String?, body: Data?)

        /// The Swedbank Pay problem types of the 4xx range, as in 5.0.3.
        public enum SwedbankPayProblem: Sendable, Hashable {
            /// `…/inputerror`: the request was invalid; `problems` lists the offending fields.
            case inputError
            /// `…/forbidden`: the request was refused.
            case forbidden
            /// `…/notfound`: the resource does not exist.
            case notFound

            /// The type with its URI.
            public var problemType: SwedbankPayProblemType {
                switch self {
                case .inputError: return .inputError
                case .forbidden: return .forbidden
                case .notFound: return .notFound
                }
            }

            /// The client type of `problemType`; nil for a server type.
            public init?(_ problemType: SwedbankPayProblemType) {
                switch problemType {
                case .inputError: self = .inputError
                case .forbidden: self = .forbidden
                case .notFound: self = .notFound
                case .systemError, .configurationError: return nil
                }
            }
        }

        /// Merchant Backend problems in the 4xx range.
        public enum MobileSDKProblem: @unchecked Sendable, Hashable {
            /// `…/mobilesdk/unauthorized`: credentials were rejected or the feature is disabled.
            /// `message` is the document's `detail`.
            case unauthorized(message: String?, raw: [String: Any])
            /// `…/mobilesdk/badrequest`: the backend rejected the request body.
            /// `message` is the document's `detail`.
            case invalidRequest(message: String?, raw: [String: Any])
        }
    }
}
