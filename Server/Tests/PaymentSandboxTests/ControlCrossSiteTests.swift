import AsyncHTTPClient
import Foundation
import LocalStack
import Logging
import NIOCore
import NIOHTTP1
import ServerSupport
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Attacks on the control API from a web page the developer visits (security issue item 7), each
/// against a sandbox on a real loopback socket: a browser may send "simple" requests (form posts,
/// `text/plain`, no body) anywhere without asking, so state changes need JSON or
/// `X-Sandbox-Control`; a foreign `Origin` or a rebound host name is refused; with a control token
/// nothing happens without it. Every refusal is checked for its exact problem and for what did not
/// change.
@Suite struct ControlCrossSiteTests {
    static let forbidden = "https://api.payex.com/psp/errordetail/forbidden"
    static let unauthorized = "https://api.payex.com/psp/errordetail/unauthorized"
    static let controlToken = "control-token-0123456789"

    // MARK: Simple requests

    @Test(arguments: [
        ("application/x-www-form-urlencoded", "instrument=CreditCard"),
        ("multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--x--\r\n"),
        ("text/plain", #"{"instrument":"CreditCard"}"#),
        ("text/plain;charset=UTF-8", ""),
        ("application/json-patch+json", "{}"),
    ])
    func aSimplePostCannotPayAnOrder(contentType: String, body: String) async throws {
        try await LiveSandbox().run { sandbox in
            let id = try await sandbox.createOrder()
            let answer = try await sandbox.send(
                .POST, "/sandbox/paymentorders/\(id)/pay", headers: ["Content-Type": contentType], body: body)
            #expect(answer.status == 403)
            #expect(answer.problemType == Self.forbidden)
            #expect(
                answer.json["detail"] as? String
                    == "A control request that changes state must send a JSON body (Content-Type: application/json) or the header X-Sandbox-Control: 1."
            )
            #expect(try await sandbox.orderStatus(id) == "Initialized")
            // The log (which leaves the control API out) is as it was.
            #expect(try await sandbox.logged() == ["POST /psp/paymentorders 200"])
        }
    }

    @Test func aBodilessPostWithoutTheHeaderCannotPayAnOrder() async throws {
        try await LiveSandbox().run { sandbox in
            let id = try await sandbox.createOrder()
            let answer = try await sandbox.send(.POST, "/sandbox/paymentorders/\(id)/pay")
            #expect(answer.status == 403)
            #expect(answer.problemType == Self.forbidden)
            #expect(try await sandbox.orderStatus(id) == "Initialized")
        }
    }

    /// Every route that changes state, refused the same way, and what each would have changed
    /// is still there.
    @Test func everyStateChangingControlRouteRefusesSimpleRequests() async throws {
        try await LiveSandbox().run { sandbox in
            let id = try await sandbox.createOrder()
            let rule = try await sandbox.send(
                .POST, "/sandbox/faults", headers: ["Content-Type": "application/json"],
                body: #"{"id":"keep","path":"/nothing","kind":"status","status":503}"#)
            #expect(rule.status == 201)
            let routes: [(HTTPMethod, String)] = [
                (.POST, "/sandbox/reset"), (.DELETE, "/sandbox/requests"), (.DELETE, "/sandbox/faults"),
                (.DELETE, "/sandbox/faults/keep"), (.POST, "/sandbox/faults"), (.POST, "/sandbox/swish-app"),
                (.POST, "/sandbox/swish/any-token/approve"), (.POST, "/sandbox/swish/any-token/decline"),
                (.POST, "/sandbox/paymentorders/\(id)/pay"),
            ]
            for (method, path) in routes {
                let answer = try await sandbox.send(
                    method, path, headers: ["Content-Type": "text/plain"],
                    body: #"{"id":"x","path":"/y","kind":"reset"}"#)
                #expect(answer.status == 403, "\(method) \(path)")
                #expect(answer.problemType == Self.forbidden, "\(method) \(path)")
            }
            #expect(try await sandbox.orderStatus(id) == "Initialized")
            let faults = try await sandbox.send(.GET, "/sandbox/faults")
            #expect((faults.json["faults"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["keep"])
            // Neither cleared nor reset: the log (which leaves the control API out) still holds
            // the order's creation.
            #expect(try await sandbox.logged() == ["POST /psp/paymentorders 200"])
        }
    }

    // MARK: Origins and host names

    @Test(arguments: ["https://evil.example", "null", "http://127.0.0.1:1", "http://localhost.evil.example"])
    func aForeignOriginIsRefusedEvenWithJSON(origin: String) async throws {
        try await LiveSandbox().run { sandbox in
            let id = try await sandbox.createOrder()
            let answer = try await sandbox.send(
                .POST, "/sandbox/paymentorders/\(id)/pay",
                headers: ["Content-Type": "application/json", "Origin": origin, "X-Sandbox-Control": "1"],
                body: #"{"instrument":"CreditCard"}"#)
            #expect(answer.status == 403)
            #expect(answer.problemType == Self.forbidden)
            #expect(
                answer.json["detail"] as? String
                    == "The control API refuses requests from other origins than the sandbox's own.")
            #expect(try await sandbox.orderStatus(id) == "Initialized")
            // Reads too: a page elsewhere learns nothing, even where CORS would let it.
            let read = try await sandbox.send(.GET, "/sandbox/requests", headers: ["Origin": origin])
            #expect(read.status == 403)
        }
    }

    /// DNS rebinding: a name the attacker owns, pointed at 127.0.0.1, makes their page "same
    /// origin"; the `Host` it sends is still their name.
    @Test func aReboundHostNameIsRefused() async throws {
        try await LiveSandbox().run { sandbox in
            let id = try await sandbox.createOrder()
            let host = "rebound.evil.example:\(sandbox.port)"
            let answer = try await sandbox.send(
                .POST, "/sandbox/paymentorders/\(id)/pay",
                headers: ["Content-Type": "application/json", "Host": host, "Origin": "http://\(host)"],
                body: #"{"instrument":"CreditCard"}"#)
            #expect(answer.status == 403)
            #expect(answer.problemType == Self.forbidden)
            let read = try await sandbox.send(.GET, "/sandbox/paymentorders", headers: ["Host": host])
            #expect(read.status == 403)
            #expect(
                read.json["detail"] as? String
                    == "The control API answers only requests addressed to a loopback name or the sandbox's public URL; give the sandbox a control token to reach it under another name."
            )
            #expect(try await sandbox.orderStatus(id) == "Initialized")
        }
    }

    @Test func noCORSPreflightIsAnsweredWithPermission() async throws {
        try await LiveSandbox().run { sandbox in
            let id = try await sandbox.createOrder()
            for path in ["/sandbox/paymentorders/\(id)/pay", "/sandbox/reset", "/sandbox/requests"] {
                let answer = try await sandbox.send(
                    .OPTIONS, path,
                    headers: [
                        "Origin": "https://evil.example", "Access-Control-Request-Method": "POST",
                        "Access-Control-Request-Headers": "content-type, x-sandbox-control",
                    ])
                #expect(answer.status == 404 || answer.status == 405, "\(path): \(answer.status)")
                #expect(!answer.headers.contains { $0.name.lowercased().hasPrefix("access-control-") }, "\(path)")
            }
        }
    }

    // MARK: What programs send

    @Test(arguments: [
        ["Content-Type": "application/json"], ["Content-Type": "Application/JSON; charset=utf-8"],
        ["X-Sandbox-Control": "1"], ["x-sandbox-control": "yes", "Content-Type": "text/plain"],
    ])
    func jsonOrTheControlHeaderIsAccepted(headers: [String: String]) async throws {
        try await LiveSandbox().run { sandbox in
            let id = try await sandbox.createOrder()
            let body = headers.values.contains { $0.lowercased().hasPrefix("application/json") } ? "{}" : ""
            let answer = try await sandbox.send(.POST, "/sandbox/paymentorders/\(id)/pay", headers: headers, body: body)
            #expect(answer.status == 200, "\(answer.body)")
            #expect(try await sandbox.orderStatus(id) == "Paid")
        }
    }

    @Test func theSandboxsOwnOriginAndLoopbackNamesAreAccepted() async throws {
        try await LiveSandbox().run { sandbox in
            let first = try await sandbox.createOrder()
            let own = try await sandbox.send(
                .POST, "/sandbox/paymentorders/\(first)/pay",
                headers: ["Content-Type": "application/json", "Origin": "http://127.0.0.1:\(sandbox.port)"], body: "{}")
            #expect(own.status == 200)
            let second = try await sandbox.createOrder()
            let local = try await sandbox.send(
                .POST, "/sandbox/paymentorders/\(second)/pay",
                headers: ["X-Sandbox-Control": "1", "Host": "localhost:\(sandbox.port)"])
            #expect(local.status == 200)
            #expect(try await sandbox.orderStatus(first) == "Paid")
            #expect(try await sandbox.orderStatus(second) == "Paid")
        }
    }

    // MARK: The control token

    @Test func withAControlTokenNothingHappensWithoutIt() async throws {
        try await LiveSandbox(controlToken: Self.controlToken).run { sandbox in
            let id = try await sandbox.createOrder()
            let none = try await sandbox.send(
                .POST, "/sandbox/paymentorders/\(id)/pay", headers: ["X-Sandbox-Control": "1"])
            #expect(none.status == 401)
            #expect(none.problemType == Self.unauthorized)
            #expect(none.json["detail"] as? String == "The control API needs `Authorization: Bearer <control token>`.")
            let wrong = try await sandbox.send(
                .POST, "/sandbox/paymentorders/\(id)/pay",
                headers: ["X-Sandbox-Control": "1", "Authorization": "Bearer \(Self.controlToken)x"])
            #expect(wrong.status == 401)
            #expect(wrong.problemType == Self.unauthorized)
            // The merchant's token is not the control token.
            let merchant = try await sandbox.send(
                .GET, "/sandbox/requests", headers: ["Authorization": "Bearer \(LiveSandbox.merchantToken)"])
            #expect(merchant.status == 401)
            #expect(try await sandbox.orderStatus(id) == "Initialized")

            // The token does not lift the other rules.
            let simple = try await sandbox.send(
                .POST, "/sandbox/paymentorders/\(id)/pay", headers: ["Authorization": "Bearer \(Self.controlToken)"])
            #expect(simple.status == 403)
            #expect(simple.problemType == Self.forbidden)
            #expect(try await sandbox.orderStatus(id) == "Initialized")

            let paid = try await sandbox.send(
                .POST, "/sandbox/paymentorders/\(id)/pay",
                headers: ["X-Sandbox-Control": "1", "Authorization": "bearer \(Self.controlToken)"])
            #expect(paid.status == 200)
            #expect(try await sandbox.orderStatus(id) == "Paid")
        }
    }

    /// With a token, the sandbox may be reached under any name (the token is what an attacker
    /// lacks), and its pages need no token: the dashboard, and what browsers use in a payment.
    @Test func withAControlTokenPagesStayOpenAndAnyHostNameWorks() async throws {
        try await LiveSandbox(controlToken: Self.controlToken).run { sandbox in
            let dashboard = try await sandbox.send(.GET, "/sandbox")
            #expect(dashboard.status == 200)
            // It reads the token from its own URL's fragment and sends it with each read.
            #expect(dashboard.body.contains(#"headers.Authorization = "Bearer " + decodeURIComponent(token);"#))
            let byName = try await sandbox.send(
                .GET, "/sandbox/requests",
                headers: ["Host": "sandbox.lan:\(sandbox.port)", "Authorization": "Bearer \(Self.controlToken)"])
            #expect(byName.status == 200)
        }
    }

    // MARK: The payer's pages are not control routes

    /// The 3-D Secure pages take cross-site form posts from the payment's web view, as before:
    /// a bogus method post is the same input error it always was, not a control refusal.
    @Test func theACSPagesStillTakeCrossSiteForms() async throws {
        try await LiveSandbox(controlToken: Self.controlToken).run { sandbox in
            let answer = try await sandbox.send(
                .POST, "/sandbox/acs/method",
                headers: ["Content-Type": "application/x-www-form-urlencoded", "Origin": "https://shop.example"],
                body: "threeDSMethodData=bogus")
            #expect(answer.status == 400)
            #expect(answer.problemType == "https://api.payex.com/psp/errordetail/inputerror")
        }
    }

    // MARK: Where the sandbox may listen

    @Test(arguments: ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "LOCALHOST"])
    func loopbackNeedsNoToken(host: String) {
        #expect(ControlBinding.problems(host: host, controlToken: nil) == [])
    }

    @Test(arguments: [
        "0.0.0.0", "::", "192.168.1.20", "sandbox.lan", "127.0.0.1.evil.example", "128.0.0.1", "127.+1.0.1",
    ])
    func anyOtherAddressRefusesToStartWithoutAToken(host: String) {
        #expect(
            ControlBinding.problems(host: host, controlToken: nil) == [
                "the sandbox listens on \(host), which is not a loopback address, so anyone on the network could use its control API: give a control token (--control-token or SWEDBANKPAY_SANDBOX_CONTROL_TOKEN), or listen on 127.0.0.1"
            ])
        #expect(ControlBinding.problems(host: host, controlToken: Self.controlToken) == [])
    }

    @Test func controlTokensAreLongEnoughAndPrintable() {
        #expect(
            ControlBinding.problems(host: "0.0.0.0", controlToken: "short")
                == ["the control token must be 16 to 256 characters long"])
        #expect(
            ControlBinding.problems(host: "127.0.0.1", controlToken: "has a space in it, long")
                == ["the control token must be printable ASCII without spaces"])
    }

    // MARK: The decision itself

    @Test func theDecisionTable() {
        let access = ControlAccess(controlToken: nil, publicBaseURL: URL(string: "http://192.168.1.20:8081/"))
        func refusal(
            _ unsafe: Bool, contentType: String? = nil, header: Bool = false, origin: String? = nil,
            host: String? = "127.0.0.1:8081"
        ) -> ControlAccess.Refusal? {
            access.refusal(
                .init(
                    isUnsafe: unsafe, contentType: contentType, hasControlHeader: header, origin: origin, host: host,
                    authorization: nil))
        }
        #expect(refusal(false) == nil)
        #expect(refusal(true) == .simpleRequest)
        #expect(refusal(true, contentType: "application/json") == nil)
        #expect(refusal(true, contentType: " APPLICATION/json ;charset=utf-8") == nil)
        #expect(refusal(true, contentType: "application/jsonx") == .simpleRequest)
        #expect(refusal(true, header: true) == nil)
        // The public URL is the own origin (default ports as browsers drop them).
        #expect(refusal(true, header: true, origin: "http://192.168.1.20:8081") == nil)
        #expect(refusal(true, header: true, origin: "HTTP://192.168.1.20:8081") == nil)
        #expect(refusal(true, header: true, origin: "http://127.0.0.1:8081") == .foreignOrigin)
        #expect(refusal(false, host: "192.168.1.20:8081") == nil)
        #expect(refusal(false, host: "evil.example:8081") == .foreignHost)
        #expect(refusal(false, host: nil) == nil)
        let local = ControlAccess(controlToken: nil, publicBaseURL: nil)
        #expect(
            local.refusal(
                .init(
                    isUnsafe: true, contentType: nil, hasControlHeader: true, origin: "http://localhost:8081",
                    host: "localhost:8081", authorization: nil)) == nil)
        #expect(
            local.refusal(
                .init(
                    isUnsafe: true, contentType: nil, hasControlHeader: true, origin: "http://localhost",
                    host: "localhost:80", authorization: nil)) == nil)
    }
}

/// A sandbox on a loopback socket with a raw HTTP client, so each test sets every header itself.
struct LiveSandbox {
    static let merchantToken = "live-merchant-token"
    let controlToken: String?

    init(controlToken: String? = nil) {
        self.controlToken = controlToken
    }

    struct Running: Sendable {
        let base: String
        let port: Int
        let client: HTTPClient
        let controlToken: String?

        struct Answer: Sendable {
            var status: Int
            var headers: HTTPHeaders
            var body: String
            var json: [String: Any] {
                (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
            }
            var problemType: String? { json["type"] as? String }
        }

        func send(
            _ method: HTTPMethod, _ path: String, headers: [String: String] = [:], body: String? = nil
        ) async throws -> Answer {
            var request = HTTPClientRequest(url: base + path)
            request.method = method
            for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
            if let body { request.body = .bytes(ByteBuffer(string: body)) }
            let response = try await client.execute(request, timeout: .seconds(10))
            let bytes = try await response.body.collect(upTo: 1 << 20)
            return Answer(status: Int(response.status.code), headers: response.headers, body: String(buffer: bytes))
        }

        /// The headers this sandbox's own control reads need.
        private var readHeaders: [String: String] {
            controlToken.map { ["Authorization": "Bearer \($0)"] } ?? [:]
        }

        /// Creates a v3 payment order through the merchant API; returns its id.
        func createOrder() async throws -> String {
            // Payee references are unique per sandbox.
            let reference = "R" + UUID().uuidString.prefix(8)
            let body = PaymentOrdersFixture.body(
                PaymentOrdersFixture.order {
                    $0["payeeInfo"] = .object([
                        "payeeId": .string(PaymentOrdersFixture.payeeId), "payeeReference": .string(reference),
                    ])
                })
            let answer = try await send(
                .POST, "/psp/paymentorders",
                headers: ["Authorization": "Bearer \(LiveSandbox.merchantToken)", "Content-Type": "application/json"],
                body: body)
            try #require(answer.status == 200, "\(answer.body)")
            let path = try #require((answer.json["paymentOrder"] as? [String: Any])?["id"] as? String)
            return String(path.dropFirst("/psp/paymentorders/".count))
        }

        /// The order's status as the sandbox's own listing shows it.
        func orderStatus(_ id: String) async throws -> String? {
            let listing = try await send(.GET, "/sandbox/paymentorders", headers: readHeaders)
            let orders = listing.json["paymentOrders"] as? [[String: Any]] ?? []
            return orders.first { ($0["id"] as? String)?.hasSuffix(id) == true }?["status"] as? String
        }

        /// The request log as `METHOD path status`, oldest first.
        func logged() async throws -> [String] {
            let log = try await send(.GET, "/sandbox/requests", headers: readHeaders)
            let entries = log.json["requests"] as? [[String: Any]] ?? []
            return entries.map { "\($0["method"] ?? "?") \($0["path"] ?? "?") \($0["status"] ?? "-")" }
        }

    }

    func run(_ body: @Sendable (Running) async throws -> Void) async throws {
        let stack = try await LocalStack.start(
            LocalStack.Plan(
                sandbox: SandboxConfiguration(
                    merchantTokens: [Self.merchantToken], seed: 7, swishOtherDeviceApprovalDelay: nil,
                    controlToken: controlToken),
                sandboxNamesItsPort: false))
        let port = try #require(stack.sandboxURL.port)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let running = Running(base: "http://127.0.0.1:\(port)", port: port, client: client, controlToken: controlToken)
        var failure: (any Error)?
        do {
            try await body(running)
        } catch {
            failure = error
        }
        try? await client.shutdown()
        await stack.stop()
        if let failure { throw failure }
    }
}
