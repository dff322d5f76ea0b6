import Foundation

extension SwedbankPaySDK.Problem {
    private typealias JSONObject = SwedbankPaySDK.JSONObject
    private typealias URI = SwedbankPaySDK.ProblemTypeURI

    /// The media type that marks a body as a problem document.
    public static let mediaType = "application/problem+json"

    /// Classifies an error response.
    ///
    /// Total: anything that is not a usable problem document becomes `unexpectedContent`
    /// (client space when `httpStatus` is 400–499, server space otherwise).
    ///
    /// - Parameters:
    ///   - httpStatus: The response's HTTP status.
    ///   - contentType: The `Content-Type` (parameters allowed; they are ignored). Kept as given in
    ///     `unexpectedContent`.
    ///   - body: The response body.
    public static func parse(status httpStatus: Int, contentType: String?, body: Data?) -> Self {
        guard isProblemMediaType(contentType), let object = decodeObject(body) else {
            return unexpectedContent(httpStatus: httpStatus, contentType: contentType, body: body)
        }
        // The document's own status wins because a backend may forward a Swedbank Pay problem
        // under a different HTTP status than the one Swedbank Pay reported.
        let status = integer(object["status"]) ?? httpStatus
        let type = object["type"]?.stringValue ?? URI.aboutBlank
        switch status {
        case 400...499:
            return .client(clientProblem(type: type, status: status, object: object))
        case 500...599:
            return .server(serverProblem(type: type, status: status, object: object))
        default:
            return unexpectedContent(httpStatus: httpStatus, contentType: contentType, body: body)
        }
    }

    /// Classifies an error response, reading the media type from its `Content-Type` field.
    public init(response: SwedbankPaySDK.HTTPResponse) {
        self = Self.parse(status: response.status, contentType: response.headers.mediaType, body: response.body)
    }

    private static func clientProblem(type: String, status: Int, object: JSONObject) -> SwedbankPaySDK.ClientProblem {
        let raw = object.mapValues(\.anyValue)
        let detail = object["detail"]?.stringValue
        switch type {
        case URI.mobileSDKUnauthorized:
            return .mobileSDK(.unauthorized(message: detail, raw: raw))
        case URI.mobileSDKBadRequest:
            return .mobileSDK(.invalidRequest(message: detail, raw: raw))
        default:
            return generic(
                type: type, status: status, object: object, known: SwedbankPaySDK.ClientProblem.SwedbankPayProblem.init,
                swedbankPay: SwedbankPaySDK.ClientProblem.swedbankPay, unknown: SwedbankPaySDK.ClientProblem.unknown
            )
        }
    }

    private static func serverProblem(type: String, status: Int, object: JSONObject) -> SwedbankPaySDK.ServerProblem {
        let raw = object.mapValues(\.anyValue)
        let detail = object["detail"]?.stringValue
        switch type {
        case URI.mobileSDKGatewayTimeout:
            return .mobileSDK(.backendConnectionTimeout(message: detail, raw: raw))
        case URI.mobileSDKBadGateway:
            // The backend adds gatewayStatus only when Swedbank Pay did answer; without it the
            // connection itself failed.
            if let gatewayStatus = integer(object["gatewayStatus"]) {
                return .mobileSDK(
                    .invalidBackendResponse(
                        status: status, gatewayStatus: gatewayStatus, body: bodyText(object["body"]), raw: raw
                    )
                )
            }
            return .mobileSDK(.backendConnectionFailure(message: detail, raw: raw))
        default:
            return generic(
                type: type, status: status, object: object, known: SwedbankPaySDK.ServerProblem.SwedbankPayProblem.init,
                swedbankPay: SwedbankPaySDK.ServerProblem.swedbankPay, unknown: SwedbankPaySDK.ServerProblem.unknown
            )
        }
    }

    /// A problem of a generic Swedbank Pay type of this space, else of an unknown type, built with
    /// the case constructors of one space (both spaces have the same fields). As in 5.0.3, a type
    /// of the other space is unknown here (`Problem.swedbankPayType` still names it).
    private static func generic<Space, Known>(
        type: String,
        status: Int,
        object: JSONObject,
        known: (SwedbankPaySDK.SwedbankPayProblemType) -> Known?,
        swedbankPay: (
            Known, String?, Int, String?, String?, String?, [SwedbankPaySDK.SwedbankPaySubProblem]?, [String: Any]
        ) -> Space,
        unknown: (String, String?, Int, String?, String?, [String: Any]) -> Space
    ) -> Space {
        let members = Members(object)
        let detail = object["detail"]?.stringValue
        let raw = object.mapValues(\.anyValue)
        if let knownType = SwedbankPaySDK.SwedbankPayProblemType(typeURI: type).flatMap(known) {
            return swedbankPay(
                knownType, members.title, status, detail, members.instance, members.action, members.problems, raw
            )
        }
        return unknown(type, members.title, status, detail, members.instance, raw)
    }

    /// The members of a Swedbank Pay or unknown problem besides type, status and detail. A member of
    /// the wrong JSON type reads as nil.
    private struct Members {
        var title: String?
        var instance: String?
        var action: String?
        /// Nil without a `problems` array; elements that are not objects are skipped.
        var problems: [SwedbankPaySDK.SwedbankPaySubProblem]?

        init(_ object: JSONObject) {
            title = object["title"]?.stringValue
            instance = object["instance"]?.stringValue
            action = object["action"]?.stringValue
            problems = object["problems"]?.arrayValue?.compactMap { element in
                element.objectValue.map {
                    SwedbankPaySDK.SwedbankPaySubProblem(
                        name: $0["name"]?.stringValue,
                        description: $0["description"]?.stringValue
                    )
                }
            }
        }
    }

    private static func unexpectedContent(httpStatus: Int, contentType: String?, body: Data?) -> Self {
        if (400...499).contains(httpStatus) {
            return .client(.unexpectedContent(status: httpStatus, contentType: contentType, body: body))
        }
        return .server(.unexpectedContent(status: httpStatus, contentType: contentType, body: body))
    }

    private static func isProblemMediaType(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(mediaType) == .orderedSame
    }

    private static func decodeObject(_ body: Data?) -> JSONObject? {
        guard let body, !body.isEmpty else { return nil }
        return (try? JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: body))?.objectValue
    }

    private static func integer(_ value: SwedbankPaySDK.JSONValue?) -> Int? {
        value?.integerValue.flatMap { Int(exactly: $0) }
    }

    /// The backend relays whatever Swedbank Pay sent: text as a string, JSON as a nested value.
    private static func bodyText(_ value: SwedbankPaySDK.JSONValue?) -> String? {
        switch value {
        case .string(let text):
            return text
        case .object, .array:
            let encoder = JSONEncoder()
            // Sorted keys make the text deterministic; the member order was lost in decoding anyway.
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) }
        default:
            return nil
        }
    }
}
