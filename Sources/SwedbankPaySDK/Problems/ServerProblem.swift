import Foundation

extension SwedbankPaySDK {
    /// A problem in the 5xx range (or a response the SDK could not make sense of): something in
    /// the server environment failed; retrying later may help.
    ///
    /// The cases carry their fields as associated values, with the original SDK 5.0.3's types, so
    /// its patterns compile: `.swedbankPay(type: .systemError, _, _, let detail, _, _, _, _)`.
    /// `raw` is `[String: Any]`; why the type is `@unchecked Sendable` is said at ``ClientProblem``.
    public enum ServerProblem: @unchecked Sendable, Hashable {
        /// A problem the Merchant Backend itself reported.
        case mobileSDK(MobileSDKProblem)
        /// A Swedbank Pay API problem of a generic server type, usually forwarded by the Merchant
        /// Backend. The fields are those of ``ClientProblem/swedbankPay(type:title:status:detail:instance:action:problems:raw:)``.
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
        /// A problem document of a type the SDK has no case for in this space. The fields are
        /// those of ``ClientProblem/unknown(type:title:status:detail:instance:raw:)``.
        case unknown(
            type: String,
            title: String?,
            status: Int,
            detail: String?,
            instance: String?,
            raw: [String: Any]
        )
        /// A response that is not a problem document and whose HTTP status is not 4xx.
        case unexpectedContent(status: Int, contentType: String?, body: Data?)

        /// The Swedbank Pay problem types of the 5xx range, as in 5.0.3.
        public enum SwedbankPayProblem: Sendable, Hashable {
            /// `…/systemerror`: a generic failure inside Swedbank Pay.
            case systemError
            /// `…/configurationerror`: the merchant's contract or payee configuration does not
            /// allow the request.
            case configurationError

            /// The type with its URI.
            public var problemType: SwedbankPayProblemType {
                switch self {
                case .systemError: return .systemError
                case .configurationError: return .configurationError
                }
            }

            /// The server type of `problemType`; nil for a client type.
            public init?(_ problemType: SwedbankPayProblemType) {
                switch problemType {
                case .systemError: self = .systemError
                case .configurationError: self = .configurationError
                case .inputError, .forbidden, .notFound: return nil
                }
            }
        }

        /// Merchant Backend problems in the 5xx range.
        public enum MobileSDKProblem: @unchecked Sendable, Hashable {
            /// `…/mobilesdk/gatewaytimeout`: Swedbank Pay did not answer the backend in time.
            /// `message` is the document's `detail`.
            case backendConnectionTimeout(message: String?, raw: [String: Any])
            /// `…/mobilesdk/badgateway` without `gatewayStatus`: the backend could not reach
            /// Swedbank Pay. `message` is the document's `detail`.
            case backendConnectionFailure(message: String?, raw: [String: Any])
            /// `…/mobilesdk/badgateway` with an integer `gatewayStatus`: Swedbank Pay answered the
            /// backend with something unusable. `status` is the problem's status, `gatewayStatus`
            /// the status Swedbank Pay answered with and `body` what it sent (a JSON body as
            /// compact JSON text).
            case invalidBackendResponse(status: Int, gatewayStatus: Int, body: String?, raw: [String: Any])
        }
    }
}
