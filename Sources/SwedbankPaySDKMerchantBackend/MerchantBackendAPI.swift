import Foundation
import SwedbankPaySDK

/// The request pipeline every Merchant Backend call goes through: whitelist check, headers, JSON
/// body, sending, and checking and decoding the answer.
struct MerchantBackendAPI: Sendable {
    let httpClient: any SwedbankPaySDK.HTTPClient
    let domainWhitelist: [SwedbankPaySDK.WhitelistedDomain]
    let headers: SwedbankPaySDK.HTTPHeaders
    let requestTimeout: TimeInterval?

    /// A decoded answer and the URL it came from, which links inside it resolve against.
    struct Answer<Body: Sendable>: Sendable {
        var body: Body
        var url: URL
    }

    func get<Body: Decodable & Sendable>(
        _ url: URL,
        extraHeaders: SwedbankPaySDK.HTTPHeaders = SwedbankPaySDK.HTTPHeaders()
    ) async throws(SwedbankPaySDK.MerchantBackendError) -> Answer<Body> {
        try Self.decode(try await send(method: "GET", url: url, body: nil, extraHeaders: extraHeaders))
    }

    func send<Body: Decodable & Sendable>(
        _ method: String,
        _ url: URL,
        json: some Encodable,
        extraHeaders: SwedbankPaySDK.HTTPHeaders = SwedbankPaySDK.HTTPHeaders()
    ) async throws(SwedbankPaySDK.MerchantBackendError) -> Answer<Body> {
        try Self.decode(try await sendChecked(method, url, json: json, extraHeaders: extraHeaders))
    }

    /// `send`, with the answer checked but not decoded: for a body type that is not `Sendable`,
    /// which is decoded where the caller is (see `decodeBody`).
    func sendChecked(
        _ method: String,
        _ url: URL,
        json: some Encodable,
        extraHeaders: SwedbankPaySDK.HTTPHeaders = SwedbankPaySDK.HTTPHeaders()
    ) async throws(SwedbankPaySDK.MerchantBackendError) -> SwedbankPaySDK.HTTPResponse {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            data = try encoder.encode(json)
        } catch {
            // Nothing was sent; the original SDK's HTTP library reported this as a network error too.
            throw .networkError(error)
        }
        return try await send(method: method, url: url, body: data, extraHeaders: extraHeaders)
    }

    private func send(
        method: String,
        url: URL,
        body: Data?,
        extraHeaders: SwedbankPaySDK.HTTPHeaders
    ) async throws(SwedbankPaySDK.MerchantBackendError) -> SwedbankPaySDK.HTTPResponse {
        let url = url.absoluteURL
        guard isAllowed(url) else {
            throw .nonWhitelistedDomain(failingUrl: url)
        }
        let request = SwedbankPaySDK.HTTPRequest(
            method: method,
            url: url,
            headers: requestHeaders(hasBody: body != nil, extraHeaders: extraHeaders),
            body: body,
            timeout: requestTimeout
        )
        let response: SwedbankPaySDK.HTTPResponse
        do {
            response = try await httpClient.send(request)
        } catch {
            throw .networkError(error)
        }
        // Redirects keep no credentials off the origin (RedirectRule), but an answer from
        // somewhere the configuration does not allow is not used either.
        guard isAllowed(response.url.absoluteURL) else {
            throw .nonWhitelistedDomain(failingUrl: response.url)
        }
        return try Self.checked(response)
    }

    /// Whether the app's credentials may go to `url`: a whitelisted host, over https — or plain
    /// http to this device only (`localhost`, `127.0.0.0/8`, `::1`), for development.
    func isAllowed(_ url: URL) -> Bool {
        isWhitelisted(url) && SwedbankPaySDK.RedirectRule.isSecureOrLoopback(url)
    }

    func isWhitelisted(_ url: URL) -> Bool {
        guard let host = url.host else { return false }
        return domainWhitelist.contains { $0.matches(host: host) }
    }

    /// The SDK's own fields first; configured and per-call headers are added after them. The
    /// fields the SDK owns — `Accept`, `Content-Type` and `User-Agent` — are never taken from
    /// configured headers, so configuring an API key can never drop the JSON `Content-Type`; nor
    /// is an `Idempotency-Key` when the call sends its own (a configured one would make every
    /// order of the app the same order).
    private func requestHeaders(
        hasBody: Bool,
        extraHeaders: SwedbankPaySDK.HTTPHeaders
    ) -> SwedbankPaySDK.HTTPHeaders {
        var result = SwedbankPaySDK.HTTPHeaders()
        result.add(name: "Accept", value: "application/json, application/problem+json")
        if hasBody {
            result.add(name: "Content-Type", value: "application/json")
        }
        result.add(name: "User-Agent", value: SwedbankPaySDK.VersionReporter.userAgent)
        let own: Set<String> = ["accept", "content-type", "user-agent"]
        let keyName = SwedbankPaySDK.IdempotencyKey.headerName.lowercased()
        let callsKey = extraHeaders.contains { $0.name.lowercased() == keyName }
        for field in headers where !own.contains(field.name.lowercased()) {
            if callsKey && field.name.lowercased() == keyName { continue }
            result.add(name: field.name, value: field.value)
        }
        for field in extraHeaders where !own.contains(field.name.lowercased()) {
            result.add(name: field.name, value: field.value)
        }
        return result
    }

    /// Checks an answer the way the Merchant Backend API requires: a 2xx must be
    /// `application/json` and decode as `Body`; a 4xx or 5xx is a problem; anything else, and
    /// anything that does not fit, is unexpected content.
    static func decode<Body: Decodable & Sendable>(
        _ response: SwedbankPaySDK.HTTPResponse
    ) throws(SwedbankPaySDK.MerchantBackendError) -> Answer<Body> {
        let response = try checked(response)
        return Answer(body: try decodeBody(Body.self, from: response), url: response.url)
    }

    /// The answer if it is a 2xx with `application/json`; a 4xx or 5xx is a problem, anything
    /// else unexpected content.
    static func checked(
        _ response: SwedbankPaySDK.HTTPResponse
    ) throws(SwedbankPaySDK.MerchantBackendError) -> SwedbankPaySDK.HTTPResponse {
        guard (200...299).contains(response.status) else {
            throw .problem(SwedbankPaySDK.Problem(response: response))
        }
        guard response.headers.mediaType == "application/json" else {
            throw unexpectedContent(response)
        }
        return response
    }

    /// The body of a checked answer as `Body`, or unexpected content when it does not decode.
    /// `Body` need not be `Sendable`: this runs wherever the caller decodes.
    static func decodeBody<Body: Decodable>(
        _ type: Body.Type, from response: SwedbankPaySDK.HTTPResponse
    ) throws(SwedbankPaySDK.MerchantBackendError) -> Body {
        guard let body = try? JSONDecoder().decode(Body.self, from: response.body) else {
            throw unexpectedContent(response)
        }
        return body
    }

    private static func unexpectedContent(_ response: SwedbankPaySDK.HTTPResponse)
        -> SwedbankPaySDK.MerchantBackendError
    {
        .problem(
            .server(
                .unexpectedContent(
                    status: response.status, contentType: response.headers.mediaType, body: response.body)))
    }
}
