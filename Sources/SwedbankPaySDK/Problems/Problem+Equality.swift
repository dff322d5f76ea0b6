import Foundation

// Equality and hashing of problems. `raw` is a `[String: Any]` (5.0.3's type), which is neither
// Equatable nor Hashable, so each problem is compared through its identity: the case name and
// every field as JSON, `raw` converted as `JSONValue(anyObject:)` converts it.

private typealias JSON = SwedbankPaySDK.JSONValue

private func json(_ text: String?) -> JSON { text.map(JSON.string) ?? .null }
private func json(_ number: Int) -> JSON { .integer(Int64(number)) }
private func json(_ raw: [String: Any]) -> JSON { .object(raw.mapValues(JSON.init(anyObject:))) }
private func json(_ data: Data?) -> JSON { data.map { .string($0.base64EncodedString()) } ?? .null }
private func json(_ problems: [SwedbankPaySDK.SwedbankPaySubProblem]?) -> JSON {
    problems.map { .array($0.map { .array([json($0.name), json($0.description)]) }) } ?? .null
}

// The cases client and server problems share, identified alike.
private func swedbankPayIdentity(
    _ type: String, _ title: String?, _ status: Int, _ detail: String?, _ instance: String?, _ action: String?,
    _ problems: [SwedbankPaySDK.SwedbankPaySubProblem]?, _ raw: [String: Any]
) -> [JSON] {
    [
        .string("swedbankPay"), .string(type), json(title), json(status), json(detail), json(instance), json(action),
        json(problems), json(raw),
    ]
}

private func unknownIdentity(
    _ type: String, _ title: String?, _ status: Int, _ detail: String?, _ instance: String?, _ raw: [String: Any]
) -> [JSON] {
    [.string("unknown"), .string(type), json(title), json(status), json(detail), json(instance), json(raw)]
}

extension SwedbankPaySDK.ClientProblem {
    /// Equal when the case and every field are; `raw` is compared as JSON.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }

    /// Hashes the case and every field; `raw` as JSON.
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    fileprivate var identity: [SwedbankPaySDK.JSONValue] {
        switch self {
        case .mobileSDK(.unauthorized(let message, let raw)):
            return [.string("mobileSDK.unauthorized"), json(message), json(raw)]
        case .mobileSDK(.invalidRequest(let message, let raw)):
            return [.string("mobileSDK.invalidRequest"), json(message), json(raw)]
        case .swedbankPay(let type, let title, let status, let detail, let instance, let action, let problems, let raw):
            return swedbankPayIdentity(
                type.problemType.rawValue, title, status, detail, instance, action, problems, raw)
        case .unknown(let type, let title, let status, let detail, let instance, let raw):
            return unknownIdentity(type, title, status, detail, instance, raw)
        case .unexpectedContent(let status, let contentType, let body):
            return [.string("unexpectedContent"), json(status), json(contentType), json(body)]
        }
    }
}

extension SwedbankPaySDK.ClientProblem.MobileSDKProblem {
    /// Equal when the case and every field are; `raw` is compared as JSON.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }

    /// Hashes the case and every field; `raw` as JSON.
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    fileprivate var identity: [SwedbankPaySDK.JSONValue] { SwedbankPaySDK.ClientProblem.mobileSDK(self).identity }
}

extension SwedbankPaySDK.ServerProblem {
    /// Equal when the case and every field are; `raw` is compared as JSON.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }

    /// Hashes the case and every field; `raw` as JSON.
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    fileprivate var identity: [SwedbankPaySDK.JSONValue] {
        switch self {
        case .mobileSDK(.backendConnectionTimeout(let message, let raw)):
            return [.string("mobileSDK.backendConnectionTimeout"), json(message), json(raw)]
        case .mobileSDK(.backendConnectionFailure(let message, let raw)):
            return [.string("mobileSDK.backendConnectionFailure"), json(message), json(raw)]
        case .mobileSDK(.invalidBackendResponse(let status, let gatewayStatus, let body, let raw)):
            return [
                .string("mobileSDK.invalidBackendResponse"), json(status), json(gatewayStatus), json(body), json(raw),
            ]
        case .swedbankPay(let type, let title, let status, let detail, let instance, let action, let problems, let raw):
            return swedbankPayIdentity(
                type.problemType.rawValue, title, status, detail, instance, action, problems, raw)
        case .unknown(let type, let title, let status, let detail, let instance, let raw):
            return unknownIdentity(type, title, status, detail, instance, raw)
        case .unexpectedContent(let status, let contentType, let body):
            return [.string("unexpectedContent"), json(status), json(contentType), json(body)]
        }
    }
}

extension SwedbankPaySDK.ServerProblem.MobileSDKProblem {
    /// Equal when the case and every field are; `raw` is compared as JSON.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }

    /// Hashes the case and every field; `raw` as JSON.
    public func hash(into hasher: inout Hasher) { hasher.combine(identity) }

    fileprivate var identity: [SwedbankPaySDK.JSONValue] { SwedbankPaySDK.ServerProblem.mobileSDK(self).identity }
}
