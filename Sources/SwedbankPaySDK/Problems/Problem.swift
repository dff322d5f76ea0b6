import Foundation

extension SwedbankPaySDK {
    /// An RFC 7807 problem (or a response that should have been one), classified by who has to act.
    ///
    /// Build one with ``parse(status:contentType:body:)`` or ``init(response:)``. Match on the cases
    /// for typed handling; the read-only properties give uniform access for logging.
    public enum Problem: Error, Sendable, Hashable {
        /// Status 400–499: the request has to change before it can succeed.
        case client(ClientProblem)
        /// Status 500–599, or a response that is not a problem and not 4xx.
        case server(ServerProblem)

        /// The whole problem document as the cases carry it, or nil when the response was not a
        /// problem document.
        public var raw: [String: Any]? {
            switch self {
            case .client(.mobileSDK(.unauthorized(_, let raw))),
                .client(.mobileSDK(.invalidRequest(_, let raw))),
                .server(.mobileSDK(.backendConnectionTimeout(_, let raw))),
                .server(.mobileSDK(.backendConnectionFailure(_, let raw))),
                .server(.mobileSDK(.invalidBackendResponse(_, _, _, let raw))),
                .client(.swedbankPay(_, _, _, _, _, _, _, let raw)),
                .server(.swedbankPay(_, _, _, _, _, _, _, let raw)),
                .client(.unknown(_, _, _, _, _, let raw)),
                .server(.unknown(_, _, _, _, _, let raw)):
                return raw
            case .client(.unexpectedContent), .server(.unexpectedContent):
                return nil
            }
        }

        /// The whole problem document as exact JSON (what ``raw`` holds, before it was typed for
        /// `[String: Any]`), or nil when the response was not a problem document.
        public var json: JSONObject? {
            raw?.mapValues(JSONValue.init(anyObject:))
        }

        /// The Swedbank Pay problem type, in whichever space it came: the `.swedbankPay` cases'
        /// type, and for an `.unknown` problem the type its URI names (see
        /// ``SwedbankPayProblemType/init(typeURI:)``). The live API sends `configurationerror` with
        /// status 403, which 5.0.3 (and so this SDK's cases) report as `.client(.unknown(...))`:
        /// this reads it as ``SwedbankPayProblemType/configurationError``.
        public var swedbankPayType: SwedbankPayProblemType? {
            switch self {
            case .client(.swedbankPay(let type, _, _, _, _, _, _, _)): return type.problemType
            case .server(.swedbankPay(let type, _, _, _, _, _, _, _)): return type.problemType
            case .client(.unknown(let type, _, _, _, _, _)), .server(.unknown(let type, _, _, _, _, _)):
                return SwedbankPayProblemType(typeURI: type)
            default: return nil
            }
        }

        /// The problem's status.
        ///
        /// Most Merchant Backend cases do not store it, so for them this is the document's integer
        /// `status` member, else the status that type is defined with (401, 400, 504, 502).
        public var status: Int {
            switch self {
            case .client(.mobileSDK(.unauthorized(_, let raw))):
                return Self.status(in: raw) ?? 401
            case .client(.mobileSDK(.invalidRequest(_, let raw))):
                return Self.status(in: raw) ?? 400
            case .server(.mobileSDK(.backendConnectionTimeout(_, let raw))):
                return Self.status(in: raw) ?? 504
            case .server(.mobileSDK(.backendConnectionFailure(_, let raw))):
                return Self.status(in: raw) ?? 502
            case .server(.mobileSDK(.invalidBackendResponse(let status, _, _, _))),
                .client(.swedbankPay(_, _, let status, _, _, _, _, _)),
                .server(.swedbankPay(_, _, let status, _, _, _, _, _)),
                .client(.unknown(_, _, let status, _, _, _)),
                .server(.unknown(_, _, let status, _, _, _)),
                .client(.unexpectedContent(let status, _, _)),
                .server(.unexpectedContent(let status, _, _)):
                return status
            }
        }

        /// The type URI; `"about:blank"` when the response was not a problem document.
        public var type: String {
            switch self {
            case .client(.mobileSDK(.unauthorized)):
                return ProblemTypeURI.mobileSDKUnauthorized
            case .client(.mobileSDK(.invalidRequest)):
                return ProblemTypeURI.mobileSDKBadRequest
            case .server(.mobileSDK(.backendConnectionTimeout)):
                return ProblemTypeURI.mobileSDKGatewayTimeout
            case .server(.mobileSDK(.backendConnectionFailure)), .server(.mobileSDK(.invalidBackendResponse)):
                return ProblemTypeURI.mobileSDKBadGateway
            case .client(.swedbankPay(let type, _, _, _, _, _, _, _)):
                return type.problemType.rawValue
            case .server(.swedbankPay(let type, _, _, _, _, _, _, _)):
                return type.problemType.rawValue
            case .client(.unknown(let type, _, _, _, _, _)), .server(.unknown(let type, _, _, _, _, _)):
                return type
            case .client(.unexpectedContent), .server(.unexpectedContent):
                return ProblemTypeURI.aboutBlank
            }
        }

        /// The document's `title`, if it is a string.
        public var title: String? {
            switch self {
            case .client(.swedbankPay(_, let title, _, _, _, _, _, _)),
                .server(.swedbankPay(_, let title, _, _, _, _, _, _)),
                .client(.unknown(_, let title, _, _, _, _)),
                .server(.unknown(_, let title, _, _, _, _)):
                return title
            default:
                return raw?["title"] as? String
            }
        }

        /// The document's `detail`, if it is a string.
        public var detail: String? {
            switch self {
            case .client(.mobileSDK(.unauthorized(let message, _))),
                .client(.mobileSDK(.invalidRequest(let message, _))),
                .server(.mobileSDK(.backendConnectionTimeout(let message, _))),
                .server(.mobileSDK(.backendConnectionFailure(let message, _))),
                .client(.swedbankPay(_, _, _, let message, _, _, _, _)),
                .server(.swedbankPay(_, _, _, let message, _, _, _, _)),
                .client(.unknown(_, _, _, let message, _, _)),
                .server(.unknown(_, _, _, let message, _, _)):
                return message
            case .server(.mobileSDK(.invalidBackendResponse(_, _, _, let raw))):
                return raw["detail"] as? String
            case .client(.unexpectedContent), .server(.unexpectedContent):
                return nil
            }
        }

        private static func status(in raw: [String: Any]) -> Int? {
            JSONValue(anyObject: raw["status"] ?? NSNull()).integerValue.flatMap { Int(exactly: $0) }
        }
    }
}
