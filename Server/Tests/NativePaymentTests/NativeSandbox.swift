import Foundation
import Hummingbird
import Logging
import ServerSupport
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// A Payment Sandbox on a loopback socket (port 0), reached the way an app and its backend reach
/// Swedbank Pay: over HTTP, through the SDK's own `URLSessionHTTPClient`. The merchant's calls
/// (creating orders) and the test's (faults, request log, simulators) go over the same socket.
@MainActor
final class NativeSandbox {
    static let token = "native-payment-e2e"

    let sandbox: PaymentSandbox
    /// `http://127.0.0.1:<port>`.
    let base: String
    private let http = SwedbankPaySDK.URLSessionHTTPClient()
    private var nextOrder = 0

    private init(sandbox: PaymentSandbox, base: String, outage: ChallengeOutage) {
        self.sandbox = sandbox
        self.base = base
        challengeOutage = outage
    }

    /// Connections carrying a 3-D Secure challenge page request are reset while this is on (the
    /// sandbox's fault rules stay off its own pages, so the test server does it).
    let challengeOutage: ChallengeOutage

    /// Serves a new sandbox for `body`, then stops it. A Swish payment on another device is
    /// approved (or declined by its trigger) at the session's first request after the attempt.
    static func run(_ body: (NativeSandbox) async throws -> Void) async throws {
        let sandbox = PaymentSandbox(
            configuration: SandboxConfiguration(
                merchantTokens: [token], seed: 7, swishOtherDeviceApprovalDelay: 0))
        var logger = Logger(label: "NativePaymentTests")
        logger.logLevel = .critical
        let outage = ChallengeOutage()
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            responder: ChallengeOutageResponder(inner: sandbox.router().buildResponder(), outage: outage),
            server: .http1(configuration: .init(additionalChannelHandlers: [ConnectionFaultHandler()])),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "PaymentSandbox"),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }, logger: logger)
        let server = RunningServices([app], logger: logger)
        var iterator = ports.makeAsyncIterator()
        do {
            let port = try #require(await iterator.next())
            try await body(NativeSandbox(sandbox: sandbox, base: "http://127.0.0.1:\(port)", outage: outage))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    // MARK: Merchant

    /// What an order is created with.
    struct Order {
        var description = "Native payment test"
        /// Makes the order payer-aware: the session then offers the sandbox's saved cards.
        var payerReference: String?
        /// Instrument mode.
        var instrument: String?
        var cancelUrl = true
    }

    /// A created payment order: its session URL and its URLs.
    struct CreatedOrder {
        var sessionURL: URL
        var paymentUrl: URL
        /// `/psp/paymentorders/<id>`.
        var path = ""
        /// The session token (the last path component of the session URL).
        var sessionToken: String { sessionURL.lastPathComponent }
    }

    /// Creates a Checkout v3 order through `POST /psp/paymentorders`, with a paymentUrl of its own
    /// (tests run in parallel, and `SwedbankPaySDK.open(url:)` goes to every live session).
    func createOrder(_ order: Order = Order()) async throws -> CreatedOrder {
        nextOrder += 1
        let reference = "N\(UInt32.random(in: 0...UInt32.max))x\(nextOrder)"
        let paymentUrl = "https://shop.example/payment/\(reference)"
        var urls: SwedbankPaySDK.JSONObject = [
            "hostUrls": .array([.string("https://shop.example")]),
            "completeUrl": .string("https://shop.example/complete"),
            "paymentUrl": .string(paymentUrl),
            "termsOfServiceUrl": .string("https://shop.example/terms"),
        ]
        if order.cancelUrl { urls["cancelUrl"] = .string("https://shop.example/cancel") }
        var body: SwedbankPaySDK.JSONObject = [
            "operation": .string("Purchase"), "currency": .string("SEK"), "amount": .integer(1500),
            "vatAmount": .integer(375), "description": .string(order.description),
            "userAgent": .string("NativePaymentTests"), "language": .string("sv-SE"),
            "productName": .string("Checkout3"), "urls": .object(urls),
            "payeeInfo": .object([
                "payeeId": .string("5cabf558-5283-482f-b252-4d58e06f6f3b"), "payeeReference": .string(reference),
                "payeeName": .string("Merchant AB"),
            ]),
        ]
        if let payerReference = order.payerReference {
            body["payer"] = .object(["payerReference": .string(payerReference)])
        }
        if let instrument = order.instrument { body["instrument"] = .string(instrument) }
        let answer = try await send(
            "POST", "/psp/paymentorders", json: .object(["paymentorder": .object(body)]), merchant: true)
        #expect(answer.status == 200, "\(answer.json)")
        let operations = answer.json.objectValue?["operations"]?.arrayValue ?? []
        let href = operations.compactMap(\.objectValue).first { $0["rel"]?.stringValue == "view-paymentsession" }?[
            "href"]?.stringValue
        return CreatedOrder(
            sessionURL: try #require(href.flatMap(URL.init(string:))),
            paymentUrl: try #require(URL(string: paymentUrl)),
            path: try #require(answer.json.objectValue?["paymentOrder"]?.objectValue?["id"]?.stringValue))
    }

    /// Puts an order straight into the sandbox's store: for sessions the order API would refuse
    /// (no host URLs).
    func insertOrder(hostUrls: [URL]) async throws -> CreatedOrder {
        nextOrder += 1
        let paymentUrl = try #require(URL(string: "https://shop.example/payment/inserted\(nextOrder)"))
        let order = SwedbankPaySDK.PaymentOrder(
            isV3: true, currency: "SEK", amount: 1500, vatAmount: 375, description: "Inserted", language: .Swedish,
            urls: SwedbankPaySDK.PaymentOrderUrls(
                hostUrls: hostUrls, completeUrl: try #require(URL(string: "https://shop.example/complete")),
                cancelUrl: URL(string: "https://shop.example/cancel"), paymentUrl: paymentUrl),
            payeeInfo: SwedbankPaySDK.PayeeInfo(payeeId: "inserted-payee", payeeReference: "I\(nextOrder)"))
        let ids = sandbox.services.ids
        let record = PaymentOrderRecord(
            id: ids.guid(), created: Date(), updated: Date(), isV3: true, order: order, requestMembers: [:],
            viewToken: ids.token(), sessionToken: ids.token(), nextAttemptNumber: 1)
        _ = await sandbox.services.store.insert(record)
        let sessionURL = try #require(URL(string: "\(base)/psp/paymentsessions/\(record.sessionToken)?_tc_tid=00"))
        return CreatedOrder(sessionURL: sessionURL, paymentUrl: paymentUrl)
    }

    // MARK: Control API

    /// One entry of `GET /sandbox/requests`.
    struct LoggedRequest: Equatable, CustomStringConvertible {
        var method: String
        var path: String
        /// nil when no response was sent (reset, hang).
        var status: Int?
        var fault: String?

        var description: String {
            "\(method) \(path) \(status.map(String.init) ?? "-")" + (fault.map { " [\($0)]" } ?? "")
        }
    }

    /// The requests to the payment session API (not its event log), oldest first, with paths
    /// relative to the session URL.
    func sessionRequests() async throws -> [LoggedRequest] {
        try await allRequests().compactMap { request in
            guard request.path.hasPrefix("/psp/paymentsessions/"), !request.path.hasSuffix("/events") else {
                return nil
            }
            var relative = request
            relative.path = Self.shorten(request.path)
            return relative
        }
    }

    /// Waits (for the event, not by polling) until the sandbox has logged a request whose path ends
    /// with `suffix`: requests the SDK sends after telling its delegate.
    func logged(pathEnding suffix: String) async {
        _ = await sandbox.control.requestLog.first { $0.path.hasSuffix(suffix) }
    }

    /// Every request the sandbox logged, oldest first.
    func allRequests() async throws -> [LoggedRequest] {
        let answer = try await send("GET", "/sandbox/requests")
        return (answer.json.objectValue?["requests"]?.arrayValue ?? []).compactMap(\.objectValue).compactMap { entry in
            guard let path = entry["path"]?.stringValue else { return nil }
            return LoggedRequest(
                method: entry["method"]?.stringValue ?? "?", path: path,
                status: entry["status"]?.integerValue.map(Int.init),
                fault: entry["fault"]?.objectValue?["kind"]?.stringValue)
        }
    }

    /// `/psp/paymentsessions/<token>/methods/Swish/attempts` → `/methods/Swish/attempts`; the
    /// session URL itself → `/`.
    static func shorten(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).dropFirst(3)
        return "/" + parts.joined(separator: "/")
    }

    /// Adds a fault rule (`POST /sandbox/faults`).
    func addFault(_ rule: SwedbankPaySDK.JSONObject) async throws {
        let answer = try await send("POST", "/sandbox/faults", json: .object(rule))
        #expect(answer.status == 201, "\(answer.json)")
    }

    func clearFaults() async throws {
        let answer = try await send("DELETE", "/sandbox/faults")
        #expect(answer.status == 204)
    }

    /// Makes the order's next attempt with `instrument` end with a documented problem
    /// (`POST /sandbox/paymentorders/<id>/problem`).
    func armProblem(_ order: CreatedOrder, instrument: String, problem: String) async throws {
        let answer = try await send(
            "POST", order.path.replacingOccurrences(of: "/psp/", with: "/sandbox/") + "/problem",
            json: .object(["instrument": .string(instrument), "problem": .string(problem)]))
        #expect(answer.status == 200, "\(answer.json)")
    }

    /// The Swish app: answers the payment request the SDK opened and returns the URL it opens
    /// to come back (`POST /sandbox/swish-app`).
    func swishApp(answer url: URL, action: String) async throws -> URL {
        let answer = try await send(
            "POST", "/sandbox/swish-app",
            json: .object(["url": .string(url.absoluteString), "action": .string(action)]))
        #expect(answer.status == 200, "\(answer.json)")
        return try #require(answer.json.objectValue?["callbackUrl"]?.stringValue.flatMap(URL.init(string:)))
    }

    /// The sandbox's summary of the session (`GET /sandbox/sessions`).
    func sessionSummary(_ token: String) async throws -> SwedbankPaySDK.JSONObject {
        let answer = try await send("GET", "/sandbox/sessions")
        let sessions = answer.json.objectValue?["paymentSessions"]?.arrayValue ?? []
        return try #require(sessions.compactMap(\.objectValue).first { $0["token"]?.stringValue == token })
    }

    /// The beacons the SDK posted to the session's event log, as JSON text.
    func beacons(_ token: String) async throws -> [String] {
        let answer = try await send("GET", "/sandbox/events?paymentSession=\(token)")
        return (answer.json.objectValue?["events"]?.arrayValue ?? []).compactMap {
            $0.objectValue?["event"]?.jsonText
        }
    }

    // MARK: HTTP

    private func send(_ method: String, _ path: String, json: SwedbankPaySDK.JSONValue? = nil, merchant: Bool = false)
        async throws -> (status: Int, json: SwedbankPaySDK.JSONValue)
    {
        var headers: SwedbankPaySDK.HTTPHeaders = ["Accept": "application/json"]
        if json != nil { headers.add(name: "Content-Type", value: "application/json") }
        if merchant { headers.add(name: "Authorization", value: "Bearer \(Self.token)") }
        // The control API refuses state changes a browser could send without asking first.
        if path.hasPrefix("/sandbox/") { headers.add(name: "X-Sandbox-Control", value: "1") }
        let request = SwedbankPaySDK.HTTPRequest(
            method: method, url: try #require(URL(string: base + path)), headers: headers, body: json?.serialized(),
            timeout: 10)
        let response = try await http.send(request)
        let body = response.body.isEmpty ? .null : try SwedbankPaySDK.JSONValue(parsing: response.body)
        return (response.status, body)
    }
}

/// Whether the ACS challenge page is unreachable (its connections reset).
final class ChallengeOutage: @unchecked Sendable {
    private let lock = NSLock()
    private var on = false

    var isOn: Bool {
        get { lock.withLock { on } }
        set { lock.withLock { on = newValue } }
    }
}

/// The sandbox's responder, except that during a ``ChallengeOutage`` a challenge page request is
/// answered with the sandbox's reset marker, which its `ConnectionFaultHandler` turns into a TCP
/// reset: the browser's load of the page fails for real.
struct ChallengeOutageResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == SandboxRequestContext {
    let inner: Inner
    let outage: ChallengeOutage

    func respond(to request: Request, context: SandboxRequestContext) async throws -> Response {
        if request.method == .post, request.uri.path == "/sandbox/acs/challenge", outage.isOn {
            return Response(status: .ok, headers: [FaultHeader.name: "reset challenge-outage"])
        }
        return try await inner.respond(to: request, context: context)
    }
}
