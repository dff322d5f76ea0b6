import Foundation
import LocalStack
import NIOSSL
import PaymentSandbox
import ServerSupport
import Testing

@testable import MerchantBackend

/// Requests shaped exactly as the reference iOS SDK 5.0.3 sends them, byte for byte on the wire,
/// against real servers on loopback: apps still on 5.0.3 work against ours before they migrate.
///
/// From 5.0.3's sources: its Merchant Backend client builds each request with a JSON encoder that
/// sets `Content-Type: application/json`, then — with `headers` configured, as every app is for
/// its API key — its request decorator replaces all header fields with those headers. The
/// platform then adds what is missing: the session's `User-Agent: SwedbankPaySDK-iOS/5.0.2` (its
/// version string was not bumped for 5.0.3), `Accept: */*`, `Accept-Language`,
/// `Accept-Encoding`, and, for a body without a type, `application/x-www-form-urlencoded`. Bodies
/// are Foundation's JSON, which escapes `/` as `\/`. Its payment session sends exactly
/// `Accept: application/json` and `Content-Type: application/json` (on bodiless GETs too), the
/// system's user agent, JSON with `\/` and `null` for absent values, and turns every `http` link
/// into `https`.
@Suite(.timeLimit(.minutes(1)))
struct Reference503RequestTests {
    /// What CFNetwork adds to every request of an app.
    static let platformHeaders = [
        "Accept: */*", "Accept-Language: sv-SE,sv;q=0.9", "Accept-Encoding: gzip, deflate, br",
        "Connection: keep-alive",
    ]

    /// A Merchant Backend request of 5.0.3 with `headers` configured: the app's headers, the
    /// session's user agent, the platform's defaults, and for a body the form type.
    static func backendRequest(
        _ method: String, _ path: String, port: Int, body: String? = nil,
        credentials: [String] = [
            "x-payex-sample-apikey: \(BackendHarness.apiKey)",
            "x-payex-sample-access-token: \(BackendHarness.user)",
        ]
    ) -> String {
        var head = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)"] + credentials
        if body != nil { head.append("Content-Type: application/x-www-form-urlencoded") }
        head += ["User-Agent: SwedbankPaySDK-iOS/5.0.2"] + platformHeaders
        return RawHTTP.message(head, body: body)
    }

    /// A payment order as 5.0.3's encoder writes it: `/` escaped.
    static func orderBody(payerReference: String? = nil) -> String {
        BackendHarness.orderJSON(payerReference: payerReference)
            .replacingOccurrences(of: "SwedbankPaySDK-iOS/0.1.0", with: "SwedbankPaySDK-iOS/5.0.2")
            .replacingOccurrences(of: "/", with: "\\/")
    }

    @Test func everyAppRouteTakesTheJSONOf503WithHeadersConfigured() async throws {
        try await BackendHarness.run(configure: { $0.adminKeys = [Secret("admin-key-0123456789abcdef")] }) {
            harness in
            let port = harness.backendPort
            let root = try await RawHTTP.response(Self.backendRequest("GET", "/", port: port), port: port)
            #expect(root.status == 200)
            #expect(root.body == (try await harness.send(.GET, "/")).body)

            let created = try await RawHTTP.response(
                Self.backendRequest(
                    "POST", "/paymentorders", port: port, body: Self.orderBody(payerReference: "payer-503")),
                port: port)
            #expect(created.status == 201)
            #expect(created.header("Content-Type") == "application/json; charset=utf-8")
            let orders = try await harness.backend.services.store.all()
            #expect(orders.count == 1)
            let operations = created.json["operations"] as? [[String: Any]] ?? []
            let rels = operations.compactMap { $0["rel"] as? String }
            #expect(rels.contains("view-checkout"))
            let paymentOrder = created.json["paymentOrder"] as? [String: Any]
            let id = try #require(paymentOrder?["id"] as? String)

            let expanded = try await RawHTTP.response(
                Self.backendRequest(
                    "POST", "/expand", port: port,
                    body: #"{"resource":"\#(id.replacingOccurrences(of: "/", with: "\\/"))","expand":["paid"]}"#),
                port: port)
            #expect(expanded.status == 200)
            #expect((expanded.json["paymentOrder"] as? [String: Any])?["id"] as? String == id)

            let tokens = try await RawHTTP.response(
                Self.backendRequest("GET", "/payers/payer-503/paymentTokens", port: port), port: port)
            #expect(tokens.status == 200)
            // The deletion's body is read (a missing token, not a 415).
            let deletion = try await RawHTTP.response(
                Self.backendRequest(
                    "PATCH", "/payers/payer-503/paymentTokens/no-such-token", port: port,
                    body: #"{"state":"Deleted","comment":"Removed by the payer"}"#),
                port: port)
            #expect(deletion.status == 404)
            #expect(deletion.json["detail"] as? String == "The payer has no such payment token.")

            let consumers = try await RawHTTP.response(
                Self.backendRequest(
                    "POST", "/consumers", port: port,
                    body:
                        #"{"operation":"initiate-consumer-session","language":"sv-SE","shippingAddressRestrictedToCountryCodes":["SE"]}"#
                ),
                port: port)
            #expect(consumers.status == 200)
            #expect(
                (consumers.json["operations"] as? [[String: Any]])?.contains {
                    $0["rel"] as? String == "view-consumer-identification"
                } == true)

            let abortHref = try #require(operations.first { $0["rel"] as? String == "abort" }?["href"] as? String)
            let aborted = try await RawHTTP.response(
                Self.backendRequest(
                    "PATCH", "/patch", port: port,
                    body:
                        #"{"href":"\#(abortHref.replacingOccurrences(of: "/", with: "\\/"))","paymentorder":{"operation":"Abort","abortReason":"CancelledByConsumer"}}"#
                ),
                port: port)
            #expect(aborted.status == 200)
            #expect((aborted.json["paymentOrder"] as? [String: Any])?["status"] as? String == "Aborted")
        }
    }

    @Test func onlyAuthenticatedAppCallsTakeJSONOfAnotherType() async throws {
        let adminKey = "admin-key-0123456789abcdef"
        try await BackendHarness.run(configure: { $0.adminKeys = [Secret(adminKey)] }) { harness in
            let port = harness.backendPort
            // Authentication comes first: without the headers, 401, whatever the body.
            let anonymous = try await RawHTTP.response(
                Self.backendRequest("POST", "/paymentorders", port: port, body: Self.orderBody(), credentials: []),
                port: port)
            #expect(anonymous.status == 401)
            #expect(anonymous.json["detail"] as? String == "The x-payex-sample-apikey header is missing.")
            // Another site's page cannot add the headers: the preflight it needs is refused.
            let preflight = try await RawHTTP.response(
                RawHTTP.message([
                    "OPTIONS /paymentorders HTTP/1.1", "Host: 127.0.0.1:\(port)", "Origin: https://elsewhere.example",
                    "Access-Control-Request-Method: POST",
                    "Access-Control-Request-Headers: x-payex-sample-apikey,x-payex-sample-access-token",
                ]),
                port: port)
            #expect(preflight.status == 405)
            #expect(preflight.headers.allSatisfy { !$0.name.hasPrefix("access-control-") })
            // The callback route anyone can reach stays application/json, as Swedbank Pay sends.
            let callback = try await RawHTTP.response(
                Self.backendRequest(
                    "POST", "/swedbankpay/callback", port: port,
                    body: #"{"paymentOrder":{"id":"\/psp\/paymentorders\/00000000-0000-0000-0000-000000000000"}}"#,
                    credentials: []),
                port: port)
            #expect(callback.status == 415)
            #expect(
                callback.body
                    == #"{"detail":"The body must be application/json.","status":415,"title":"Unsupported Media Type","type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest"}"#
            )
            // So does the admin API, whose key travels in Authorization.
            let location = try #require(try await harness.createOrder().headers.first(name: "Location"))
            let capture = try await RawHTTP.response(
                Self.backendRequest(
                    "POST", "/admin\(location)/captures", port: port, body: "{}",
                    credentials: ["Authorization: Bearer \(adminKey)"]),
                port: port)
            #expect(capture.status == 415)
            #expect(capture.json["detail"] as? String == "The body must be application/json.")
        }
    }

    @Test func credentialHeadersMustBeOnesABrowserCannotSendCrossSite() throws {
        for name in ["Accept-Language", "content-type", "Cookie", "Sec-Fetch-Site"] {
            let configuration = BackendConfiguration(
                swedbankPayBaseURL: URL(string: "http://127.0.0.1:1")!, merchantToken: Secret("token"), payeeId: "p",
                publicBaseURL: URL(string: "http://127.0.0.1:2")!, apiKeys: [Secret("app-key-0123")], apiKeyHeader: name
            )
            #expect(
                configuration.problems() == [
                    "the API key header must not be one a browser sends to another site unasked (\(name)): app calls are taken as JSON whatever their Content-Type because their credentials are in headers a browser cannot send cross-site"
                ])
        }
    }
}
