import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing

@testable import MerchantBackend

/// `swedbankpay backend --log-level trace --log-format json --otlp-endpoint …` through a whole run —
/// discovery, an order with a payer, its payment and callback, its status, the payer's saved
/// cards, an order paying with one, the card's deletion, and refused requests — then its log and
/// its exported spans: one JSON object per line, one `request` line and one server span per
/// request with its request id, and none of the secrets anywhere.
@Suite(.timeLimit(.minutes(2))) struct LogHygieneTests {
    static let apiKey = "log-test-api-key-0123456789"
    static let wrongKey = "log-test-wrong-key-9876543210"
    static let jwtSecret = "log-test-hs256-secret-of-at-least-32-bytes"
    static let traceParent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    @Test(arguments: TestDatabase.engines)
    func noSecretInAnyLineAndOneLinePerRequest(engine: BackendHarness.Engine) async throws {
        let executable = try ServeProcess.executable()
        let sandbox = try await BackendHarness.startSandbox()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("logs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let location = try TestDatabase.location(engine)
        let collector = try await CollectorStub.start()
        var failure: (any Error)?
        do {
            try await run(
                executable, sandboxURL: sandbox.sandboxURL.absoluteString, location: location, directory: directory,
                collector: collector)
        } catch {
            failure = error
        }
        await collector.stop()
        await sandbox.stop()
        TestDatabase.remove(location)
        try? FileManager.default.removeItem(at: directory)
        if let failure { throw failure }
    }

    private func run(
        _ executable: URL, sandboxURL: String, location: DatabaseLocation, directory: URL, collector: CollectorStub
    ) async throws {
        let secretFile = directory.appendingPathComponent("jwt_secret")
        try Self.jwtSecret.write(to: secretFile, atomically: true, encoding: .utf8)
        let tokenFile = directory.appendingPathComponent("merchant_token")
        try BackendHarness.merchantToken.write(to: tokenFile, atomically: true, encoding: .utf8)
        let database: String
        switch location {
        case .sqlite(let path): database = path
        case .postgres(let url): database = url
        }
        let output = directory.appendingPathComponent("backend.out")
        let errors = directory.appendingPathComponent("backend.err")
        var backend: ChildServer?
        for _ in 1...3 where backend == nil {
            // A start that lost its port to another socket exits with a plain error line; only the
            // process that serves writes the log under test.
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
            let port = try await BackendHarness.freePort()
            backend = try await ChildServer.launch(
                executable,
                [
                    "backend", "--port", "\(port)", "--database", database, "--swedbank-pay-url", sandboxURL,
                    "--payee-id", BackendHarness.payeeID, "--api-keys", Self.apiKey, "--auth", "jwt",
                    "--jwt-secret-file", secretFile.path, "--jwt-audience", JWTFixtures.audience,
                    "--log-level", "trace", "--log-format", "json", "--otlp-endpoint", collector.url,
                ],
                environment: ["SWEDBANKPAY_MERCHANT_TOKEN_FILE": tokenFile.path], url: "http://127.0.0.1:\(port)",
                readyText: "Merchant Backend listening on http://127.0.0.1:\(port)", output: output, errors: errors)
        }
        let server = try #require(backend)
        let user = "log-user-" + UUID().uuidString.lowercased()
        let accessToken = try await JWTFixtures.token(JWTFixtures.claims(user: user), .hs256(Self.jwtSecret))
        let payer = BackendHarness.freshPayerReference()
        let app = LoggedApp(url: server.url, apiKey: Self.apiKey, accessToken: accessToken)

        var sent: [(route: String, status: Int, id: String?)] = []
        func call(
            _ method: HTTPMethod, _ path: String, route: String, json: String? = nil, id: String? = nil,
            headers: [String: String]? = nil
        ) async throws -> Answer {
            let answer = try await app.send(method, path, json: json, id: id, headers: headers)
            sent.append((route, answer.status, answer.headers.first(name: RequestID.header)))
            return answer
        }

        #expect(try await call(.GET, "/", route: "/").status == 200)
        let created = try await call(
            .POST, "/paymentorders", route: "/paymentorders", json: BackendHarness.orderJSON(payerReference: payer),
            id: "checkout-7f3a.1", headers: app.headers(["traceparent": Self.traceParent]))
        try #require(created.status == 201)
        #expect(created.headers.first(name: RequestID.header) == "checkout-7f3a.1")
        let pspID = try #require(created.paymentOrderID)
        let location = try #require(created.headers.first(name: "Location"))
        let guid = try #require(pspID.split(separator: "/").last)
        let paid = try await HTTPClient.shared.answer(
            .POST, sandboxURL + "/sandbox/paymentorders/\(guid)/pay", json: #"{"instrument":"CreditCard"}"#)
        try #require(paid.status == 200)
        // The status is read from Swedbank Pay; the sandbox's callback reaches the backend too.
        let read = try await call(.GET, location, route: "/paymentorders/{id}")
        #expect(read.json["status"] as? String == "Paid")
        #expect(await server.output.line(containing: #""route":"/swedbankpay/callback""#, within: 10).isLine)
        let listed = try await call(
            .GET, "/payers/\(payer)/paymentTokens", route: "/payers/{payerReference}/paymentTokens")
        let owned = listed.json["payerOwnedPaymentTokens"] as? [String: Any]
        let paymentTokens = (owned?["paymentTokens"] as? [[String: Any]] ?? []).compactMap {
            $0["paymentToken"] as? String
        }
        try #require(!paymentTokens.isEmpty)
        let withToken = BackendHarness.orderJSON(payerReference: payer).replacingOccurrences(
            of: #""payeeInfo""#, with: #""paymentToken":"\#(paymentTokens[0])","payeeInfo""#)
        let paidWithToken = try await call(.POST, "/paymentorders", route: "/paymentorders", json: withToken)
        // The command line backend takes no payment token from apps (the problem names the field).
        #expect(paidWithToken.status == 403, "\(paidWithToken.body)")
        #expect(
            try await call(
                .PATCH, "/payers/\(payer)/paymentTokens/\(paymentTokens[0])",
                route: "/payers/{payerReference}/paymentTokens/{token}",
                json: #"{"state":"Deleted","comment":"by the payer"}"#
            ).status == 200)
        // Refused: another app's key, a forged token, a body that is not JSON, a path that is no route.
        let wrongKey = ["x-payex-sample-apikey": Self.wrongKey, "x-payex-sample-access-token": accessToken]
        #expect(try await call(.GET, "/", route: "/", headers: wrongKey).status == 401)
        let forged = accessToken.dropLast(4) + "AAAA"
        let forgedHeaders = ["x-payex-sample-apikey": Self.apiKey, "x-payex-sample-access-token": String(forged)]
        #expect(try await call(.GET, "/", route: "/", headers: forgedHeaders).status == 401)
        #expect(try await call(.POST, "/paymentorders", route: "/paymentorders", json: "{nope").status == 400)
        #expect(try await call(.GET, "/nothing/\(paymentTokens[0])", route: "NotFound").status == 404)
        await server.terminate()

        // Every line of the log (standard error) is a JSON object with the four fixed fields;
        // standard output has the start-up lines for people.
        let text = try String(contentsOf: errors, encoding: .utf8)
        let printed = try String(contentsOf: output, encoding: .utf8)
        #expect(printed.contains("Merchant Backend listening on"))
        let lines = text.split(separator: "\n").map(String.init)
        var requestLines: [[String: Any]] = []
        for line in lines {
            let object = try #require(
                try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON line: \(line)")
            #expect(object["time"] is String && object["level"] is String && object["label"] is String)
            if object["message"] as? String == "request" { requestLines.append(object) }
        }
        // One line per request, in order, with the id its answer carried. The health checks that
        // waited for the start and the sandbox's callback are requests too, not the app's.
        let others = ["/healthz", "/swedbankpay/callback"]
        let logged = requestLines.filter { !others.contains($0["route"] as? String ?? "") }
        #expect(requestLines.contains { $0["route"] as? String == "/swedbankpay/callback" })
        #expect(logged.map { $0["route"] as? String ?? "" } == sent.map(\.route))
        #expect(logged.map { $0["status"] as? Int } == sent.map(\.status))
        #expect(requestLines.allSatisfy { $0["duration_ms"] is Double || $0["duration_ms"] is Int })
        #expect(logged.map { $0["request_id"] as? String } == sent.map(\.id))
        #expect(sent.allSatisfy { $0.id?.utf8.count == 32 || $0.id == "checkout-7f3a.1" })
        // The id went to Swedbank Pay with the creation.
        let requests = try await HTTPClient.shared.answer(.GET, sandboxURL + "/sandbox/requests").json
        let creations = (requests["requests"] as? [[String: Any]] ?? []).filter {
            $0["method"] as? String == "POST" && $0["path"] as? String == "/psp/paymentorders"
        }
        #expect(creations.first?["requestId"] as? String == "checkout-7f3a.1")
        // ... in the app's trace, as a span of its own.
        let sentTrace = try #require(TraceParent.parse(creations.first?["traceparent"] as? String))
        #expect(sentTrace.traceID == "4bf92f3577b34da6a3ce929d0e0e4736" && sentTrace.parentID != "00f067aa0ba902b7")
        #expect(logged[1]["trace_id"] as? String == "4bf92f3577b34da6a3ce929d0e0e4736")
        #expect(logged.allSatisfy { ($0["trace_id"] as? String)?.utf8.count == 32 })

        // One server span per request (spans are sent when the backend stops), named by its route,
        // with the request's id; each call to Swedbank Pay a client span under one of them.
        let spans = await collector.spans.all()
        let servers = spans.filter { $0.kind == CollectorStub.ExportedSpan.server }
        #expect(servers.count == requestLines.count)
        for line in requestLines {
            let id = line["request_id"] as? String
            let span = servers.first { $0.attributes["request.id"] == id }
            #expect(span?.attributes["http.route"] ?? "NotFound" == line["route"] as? String, "\(line)")
            #expect(span?.traceID == line["trace_id"] as? String, "\(line)")
            #expect(span?.spanID == line["span_id"] as? String, "\(line)")
        }
        let clients = spans.filter { $0.kind == CollectorStub.ExportedSpan.client }
        #expect(clients.contains { $0.name == "POST /psp/paymentorders" })
        // A call made for a request is a child of the request's span. The callback verifier's own
        // rounds start traces of their own, and on PostgreSQL, whose database the tests share, the
        // first round may verify another test's callback: only those order reads stand apart.
        let requestTraces = Set(servers.map(\.traceID))
        let inRequests = clients.filter { requestTraces.contains($0.traceID) }
        #expect(inRequests.allSatisfy { client in servers.contains { $0.spanID == client.parentSpanID } })
        #expect(
            clients.filter { !requestTraces.contains($0.traceID) }.allSatisfy {
                $0.name == "GET /psp/paymentorders/{id}" && $0.parentSpanID.isEmpty
            }, "\(clients)")
        let exported = await collector.bodies.all().joined()

        // No secret, token or card data in any line or span.
        var secrets: [(name: String, value: String)] = [
            ("merchant token", BackendHarness.merchantToken), ("API key", Self.apiKey),
            ("wrong API key", Self.wrongKey), ("JWT secret", Self.jwtSecret), ("access token", accessToken),
            ("forged token", String(forged)), ("payer reference", payer),
        ]
        secrets.append(("access token signature", String(accessToken.split(separator: ".").last ?? "")))
        for token in paymentTokens { secrets.append(("payment token", token)) }
        for (name, secret) in secrets {
            #expect(!text.contains(secret), "the log holds the \(name)")
            #expect(!printed.contains(secret), "the output holds the \(name)")
            #expect(!exported.contains(secret), "the exported spans hold the \(name)")
        }
    }
}

/// An app with an API key and an access token, sending requests to one backend.
struct LoggedApp: Sendable {
    let url: String
    let apiKey: String
    let accessToken: String

    /// The app's credentials, with `extra` headers.
    func headers(_ extra: [String: String] = [:]) -> [String: String] {
        ["x-payex-sample-apikey": apiKey, "x-payex-sample-access-token": accessToken].merging(extra) { $1 }
    }

    func send(
        _ method: HTTPMethod, _ path: String, json: String?, id: String?, headers: [String: String]?
    ) async throws -> Answer {
        var fields = headers ?? self.headers()
        if let id { fields[RequestID.header] = id }
        return try await HTTPClient.shared.answer(method, url + path, json: json, headers: fields)
    }
}
