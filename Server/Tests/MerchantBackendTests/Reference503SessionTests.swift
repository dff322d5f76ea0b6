import Foundation
import NIOSSL
import ServerSupport
import Testing

@testable import PaymentSandbox

/// A Swish payment made with requests shaped exactly as 5.0.3 sends them — its Merchant Backend
/// client creating the order, its payment session paying it — against a stack serving HTTPS
/// with a certificate made at start: 5.0.3 turns every `http` link into `https`, so this is the
/// only way its session can reach a sandbox at all.
@Suite(.timeLimit(.minutes(1)))
struct Reference503SessionTests {
    /// The headers of every payment-session request of 5.0.3 (set by the SDK: exactly the first
    /// two), then what CFNetwork adds.
    static func sessionRequest(_ method: String, _ href: String, body: String? = nil) throws -> String {
        let url = try #require(URL(string: href))
        let target = url.path + (url.query.map { "?" + $0 } ?? "")
        return RawHTTP.message(
            [
                "\(method) \(target) HTTP/1.1", "Host: \(url.host ?? ""):\(url.port ?? 443)",
                "Accept: application/json", "Content-Type: application/json",
                "User-Agent: ExampleApp/1 CFNetwork/1568.100.1 Darwin/24.0.0",
                "Accept-Language: sv-SE,sv;q=0.9", "Accept-Encoding: gzip, deflate, br", "Connection: keep-alive",
            ], body: body)
    }

    /// 5.0.3's `client` with screen info and client type, as Foundation's JSON writes it.
    static let client =
        #"{"userAgent":"SwedbankPaySDK-iOS\/5.0.2","screenHeight":"2532","screenWidth":"1170","screenColorDepth":"24","clientType":"Native"}"#
    static let prepare =
        #"{"integration":"App","deviceAcceptedWallets":"ApplePay;ClickToPay","client":{"userAgent":"SwedbankPaySDK-iOS\/5.0.2","screenHeight":"2532","screenWidth":"1170","screenColorDepth":"24"},"browser":{"acceptHeader":"text\/html,application\/xhtml+xml,application\/xml;q=0.9,*\/*;q=0.8","timeZoneOffset":"60","javascriptEnabled":true,"language":"sv-SE"},"service":{"name":"SwedbankPaySDK-iOS","version":"5.0.2"},"presentationSdk":{"name":"iOS","version":"5.0.2"}}"#

    @Test func a503SwishPaymentOverHTTPS() async throws {
        let identity = try TLSIdentity.generated(for: [])
        let trust = try TLSIdentity.clientConfiguration(trusting: identity.trustAnchors)
        try await BackendHarness.run(sandbox: { $0.swishOtherDeviceApprovalDelay = nil }, tls: identity) { harness in
            try await pay(harness, trust: trust)
        }
    }

    private func pay(_ harness: BackendHarness, trust: TLSConfiguration) async throws {
        let sandboxURL = try #require(URL(string: harness.sandboxURL))
        #expect(harness.backendURL.hasPrefix("https://"))
        #expect(sandboxURL.scheme == "https")
        let port = harness.backendPort
        let sandboxPort = try #require(sandboxURL.port)
        // Plain HTTP is not served on the HTTPS port.
        await #expect(throws: (any Error).self) {
            _ = try await RawHTTP.response(Reference503RequestTests.backendRequest("GET", "/", port: port), port: port)
        }

        let created = try await RawHTTP.response(
            Reference503RequestTests.backendRequest(
                "POST", "/paymentorders", port: port, body: Reference503RequestTests.orderBody()),
            port: port, tls: trust)
        #expect(created.status == 201)
        let operations = created.json["operations"] as? [[String: Any]] ?? []
        let sessionHref = try #require(
            operations.first { $0["rel"] as? String == "view-paymentsession" }?["href"] as? String)
        #expect(sessionHref.hasPrefix("https://127.0.0.1:\(sandboxPort)/psp/paymentsessions/"))

        var model = try await send("GET", sessionHref, trust: trust, port: sandboxPort)
        #expect(Self.hrefs(in: model).allSatisfy { $0.hasPrefix("https://") })
        model = try await send(
            "POST", try Self.href("prepare-payment", in: model), body: Self.prepare, trust: trust, port: sandboxPort)
        #expect(Self.hrefs(in: model).allSatisfy { $0.hasPrefix("https://") })
        let attempt = try Self.href("start-payment-attempt", on: "Swish", in: model)
        model = try await send(
            "POST", attempt, body: #"{"culture":null,"msisdn":"+46739000001","client":\#(Self.client)}"#, trust: trust,
            port: sandboxPort)
        let poll = try Self.href("get-payment", on: "Swish", in: model)

        // The payer approves on the other phone (the sandbox's Swish simulator).
        let token = URL(string: sessionHref)!.lastPathComponent
        let sessions = try await RawHTTP.response(
            RawHTTP.message(["GET /sandbox/sessions HTTP/1.1", "Host: 127.0.0.1:\(sandboxPort)"]), port: sandboxPort,
            tls: trust)
        let summary = (sessions.json["paymentSessions"] as? [[String: Any]])?.first { $0["token"] as? String == token }
        let swishToken = try #require((summary?["swish"] as? [String: Any])?["swishToken"] as? String)
        let approved = try await RawHTTP.response(
            RawHTTP.message(
                [
                    "POST /sandbox/swish/\(swishToken)/approve HTTP/1.1", "Host: 127.0.0.1:\(sandboxPort)",
                    "X-Sandbox-Control: 1",
                ], body: ""),
            port: sandboxPort, tls: trust)
        #expect(approved.status == 204)

        model = try await send("GET", poll, trust: trust, port: sandboxPort)
        #expect(try Self.href("redirect-payer", in: model) == "https://example.com/complete")
        let order = await harness.sandbox.services.store.order(sessionToken: token)
        #expect(order?.status == .paid)
    }

    /// One session request of 5.0.3 over TLS; the answer's JSON, which must be a 200.
    private func send(_ method: String, _ href: String, body: String? = nil, trust: TLSConfiguration, port: Int)
        async throws -> [String: Any]
    {
        #expect(href.hasPrefix("https://127.0.0.1:\(port)/"))
        let answer = try await RawHTTP.response(
            try Self.sessionRequest(method, href, body: body), port: port, tls: trust)
        #expect(answer.status == 200, "\(method) \(href): \(answer.body)")
        return answer.json
    }

    static func href(_ rel: String, on method: String? = nil, in model: [String: Any]) throws -> String {
        var operations = model["operations"] as? [[String: Any]] ?? []
        if let method {
            let methods = (model["paymentSession"] as? [String: Any])?["methods"] as? [[String: Any]] ?? []
            operations =
                methods.first { $0["paymentMethod"] as? String == method }?["operations"] as? [[String: Any]] ?? []
        }
        return try #require(operations.first { $0["rel"] as? String == rel }?["href"] as? String, "no \(rel)")
    }

    /// Every `href` anywhere in `value`.
    static func hrefs(in value: Any) -> [String] {
        if let object = value as? [String: Any] {
            return object.flatMap { key, value in
                key == "href" ? [value as? String].compactMap { $0 } : hrefs(in: value)
            }
        }
        if let array = value as? [Any] { return array.flatMap { hrefs(in: $0) } }
        return []
    }
}
