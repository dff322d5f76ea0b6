import AsyncHTTPClient
import Foundation
import Testing

@testable import MerchantBackend

/// `swedbankpay backend --metrics-port`: after a few requests, `/metrics` on its own port shows
/// them per route and status, the calls to Swedbank Pay per operation and outcome, the group
/// commits, the order outcomes and the callbacks — with exact values — and the app port has no
/// `/metrics`.
@Suite(.timeLimit(.minutes(2))) struct MetricsEndpointTests {
    static let callbacksWaiting = 3

    @Test func metricsCountWhatHappenedOnTheirOwnPort() async throws {
        let executable = try ServeProcess.executable()
        let sandbox = try await BackendHarness.startSandbox()
        let location = try TestDatabase.location(.sqlite)
        guard case .sqlite(let path) = location else { return }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let tokenFile = directory.appendingPathComponent("merchant_token")
        try BackendHarness.merchantToken.write(to: tokenFile, atomically: true, encoding: .utf8)
        var backend: (server: ChildServer, metricsURL: String)?
        for _ in 1...3 where backend == nil {
            let port = try await BackendHarness.freePort()
            let metricsPort = try await BackendHarness.freePort()
            let server = try await ChildServer.launch(
                executable,
                [
                    "backend", "--port", "\(port)", "--database", path, "--swedbank-pay-url",
                    sandbox.sandboxURL.absoluteString,
                    "--payee-id", BackendHarness.payeeID, "--api-keys", BackendHarness.apiKey,
                    "--metrics-port", "\(metricsPort)", "--log-level", "error",
                    "--max-callbacks-waiting", "\(Self.callbacksWaiting)",
                ],
                environment: ["SWEDBANKPAY_MERCHANT_TOKEN_FILE": tokenFile.path], url: "http://127.0.0.1:\(port)",
                readyText: "Merchant Backend listening on http://127.0.0.1:\(port)")
            if let server { backend = (server, "http://127.0.0.1:\(metricsPort)/metrics") }
        }
        let (server, metricsURL) = try #require(backend)
        var failure: (any Error)?
        do {
            try await exercise(server.url, metricsURL: metricsURL)
        } catch {
            failure = error
        }
        await server.terminate()
        await sandbox.stop()
        TestDatabase.remove(location)
        if let failure { throw failure }
    }

    private func exercise(_ url: String, metricsURL: String) async throws {
        let client = HTTPClient.shared
        let headers = BackendHarness.appHeaders
        // One creation without an Idempotency-Key, one with.
        var pspIDs: [String] = []
        for key in [nil, "metrics-key"] as [String?] {
            var creationHeaders = headers
            if let key { creationHeaders["Idempotency-Key"] = key }
            let created = try await client.answer(
                .POST, url + "/paymentorders", json: BackendHarness.orderJSON(), headers: creationHeaders)
            try #require(created.status == 201)
            let document = try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any]
            pspIDs.append(try #require((document?["paymentOrder"] as? [String: Any])?["id"] as? String))
        }
        // Callbacks: one for an order, then ids of no order until `callback_early` is full
        // (`--max-callbacks-waiting`) and one more.
        func callback(_ id: String) async throws {
            let answer = try await client.answer(
                .POST, url + "/swedbankpay/callback", json: #"{"paymentOrder":{"id":"\#(id)"}}"#)
            try #require(answer.status == 200)
        }
        try await callback(pspIDs[0])
        let waitingAtMost = Self.callbacksWaiting
        for _ in 0...waitingAtMost { try await callback("/psp/paymentorders/" + UUID().uuidString.lowercased()) }
        let invalid = try await client.answer(.POST, url + "/paymentorders", json: "{nope", headers: headers)
        #expect(invalid.status == 400)
        #expect(try await client.answer(.GET, url + "/metrics", headers: headers).status == 404)

        let scrape = try await client.answer(.GET, metricsURL)
        #expect(scrape.status == 200)
        #expect(scrape.contentType == "text/plain; version=0.0.4; charset=utf-8")
        let samples = PrometheusSamples(scrape.body)
        let route = #"http_route="/paymentorders",http_request_method="POST""#
        #expect(samples[#"hb_requests{\#(route),http_response_status_code="201"}"#] == 2)
        #expect(samples[#"hb_requests{\#(route),http_response_status_code="400"}"#] == 1)
        #expect(
            samples[#"http_server_request_duration_count{\#(route),http_response_status_code="201"}"#] == 2)
        #expect(samples[#"merchant_backend_order_creations{outcome="created"}"#] == 2)
        #expect(
            samples[#"swedbankpay_call_duration_count{operation="POST /psp/paymentorders",outcome="2xx"}"#] == 2)
        #expect(samples[#"merchant_backend_callbacks{outcome="recorded"}"#] == 1)
        #expect(samples[#"merchant_backend_callbacks{outcome="early"}"#] == Double(waitingAtMost))
        #expect(samples[#"merchant_backend_callbacks{outcome="dropped"}"#] == 1)
        #expect(samples["swedbankpay_calls_in_flight"] == 0)
        #expect(samples["swedbankpay_calls_queued"] == 0)
        // The creation without a key writes its row once, whole; the one with a key reserves its
        // row, then records the answer in it. One after the other, each statement writes one row.
        #expect(samples["database_commit_batch_size_sum"] == 3)
        #expect(samples["database_commit_batch_size_count"] == 3)
        #expect(samples[#"database_commit_duration_count{statement="insert"}"#] == 2)
        #expect(samples[#"database_commit_duration_count{statement="created"}"#] == 1)
        // No id, reference or token is ever a label value (route patterns name `{id}` instead;
        // the callback's verification may already have read its order).
        let afterPaths = scrape.body.components(separatedBy: "/psp/paymentorders/").dropFirst()
        #expect(afterPaths.allSatisfy { $0.hasPrefix("{id}") })
        for pspID in pspIDs { #expect(!scrape.body.contains(pspID)) }
    }
}

/// The samples of a Prometheus text exposition, by series (`name{labels}`).
struct PrometheusSamples {
    private var values: [String: Double] = [:]

    init(_ text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            values[String(line[..<space])] = value
        }
    }

    subscript(series: String) -> Double? { values[series] }
}
