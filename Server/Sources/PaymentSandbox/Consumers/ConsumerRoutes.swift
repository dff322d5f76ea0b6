#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// `POST /psp/consumers`: starts a consumer identification (checkin) session and returns the
/// `view-consumer-identification` script link.
struct ConsumerRoutes: SandboxModule {
    let services: SandboxServices

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        // The router treats a trailing slash as the same path, so `/psp/consumers/` lands here too.
        merchant.post("/psp/consumers") { request, _ in try await create(request) }
    }

    func reset() async {}

    private func create(_ request: Request) async throws -> Response {
        let body = try await RequestJSON.object(request, limit: services.configuration.maxRequestBodyBytes)
        let session = try Self.validate(body, token: services.ids.token())
        await services.store.insert(session)
        let urls = services.urls(for: request)
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object([
                "token": .string(session.token),
                "operations": .array([
                    Self.operation(
                        rel: .redirectConsumerIdentification, contentType: "text/html",
                        href: urls.url("/consumers/sessions/\(session.token)")),
                    Self.operation(
                        rel: .viewConsumerIdentification, contentType: "application/javascript",
                        href: urls.url("/consumers/core/scripts/client/px.consumer.client.js?token=\(session.token)")),
                ]),
            ]))
    }

    /// Checks a consumers request, collecting every bad field.
    static func validate(_ body: SwedbankPaySDK.JSONObject, token: String) throws -> ConsumerSessionRecord {
        var problems: [(name: String, description: String)] = []
        if body["operation"]?.stringValue != "initiate-consumer-session" {
            problems.append(("operation", "The field must be \"initiate-consumer-session\"."))
        }
        let language = body["language"]?.stringValue ?? ""
        if !SwedbankPaySDK.Culture.allCases.map(\.rawValue).contains(language) {
            problems.append(("language", "The field must be one of the supported cultures, such as \"sv-SE\"."))
        }
        var requireShippingAddress = true
        if let value = body["requireShippingAddress"] {
            if case .bool(let flag) = value {
                requireShippingAddress = flag
            } else {
                problems.append(("requireShippingAddress", "The field must be a boolean."))
            }
        }
        var countries: [String] = []
        switch body["shippingAddressRestrictedToCountryCodes"] {
        case .array(let items):
            countries = items.compactMap(\.stringValue)
            if countries.count != items.count || countries.contains(where: { !Self.isCountryCode($0) }) {
                problems.append(
                    ("shippingAddressRestrictedToCountryCodes", "Every element must be an ISO 3166-1 alpha-2 code."))
            }
        case nil where !requireShippingAddress:
            break
        default:
            problems.append(
                ("shippingAddressRestrictedToCountryCodes", "The field is required when a shipping address is."))
        }
        guard problems.isEmpty else {
            throw SandboxProblem.inputError("The consumer session request is invalid.", problems: problems)
        }
        return ConsumerSessionRecord(
            token: token, language: language, shippingAddressRestrictedToCountryCodes: countries,
            requireShippingAddress: requireShippingAddress)
    }

    static func isCountryCode(_ code: String) -> Bool {
        code.count == 2 && code.allSatisfy { $0.isASCII && $0.isLetter }
    }

    static func operation(rel: ConsumerRel, method: String = "GET", contentType: String, href: String)
        -> SwedbankPaySDK.JSONValue
    {
        .object([
            "rel": .string(rel.rawValue), "method": .string(method), "contentType": .string(contentType),
            "href": .string(href),
        ])
    }
}
#endif
