import AsyncHTTPClient
import Foundation
import SwedbankPaySDK
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
        let (server, metricsPort) = try await Self.launch(
            executable, database: path, sandboxURL: sandbox.sandboxURL.absoluteString, tokenFile: tokenFile,
            options: ["--max-callbacks-waiting", "\(Self.callbacksWaiting)"])
        var failure: (any Error)?
        do {
            try await exercise(server.url, metricsURL: "http://127.0.0.1:\(metricsPort)/metrics")
        } catch {
            failure = error
        }
        await server.terminate()
        await sandbox.stop()
        TestDatabase.remove(location)
        if let failure { throw failure }
    }

    /// The metrics port is bounded like the servers' ports: a head that never ends is cut at the
    /// header timeout without an answer, and a wrong path is a problem.
    @Test func theMetricsPortHasTheServersConnectionLimits() async throws {
        let executable = try ServeProcess.executable()
        let location = try TestDatabase.location(.sqlite)
        guard case .sqlite(let path) = location else { return }
        defer { TestDatabase.remove(location) }
        let tokenFile = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("merchant_token")
        try BackendHarness.merchantToken.write(to: tokenFile, atomically: true, encoding: .utf8)
        let (server, metricsPort) = try await Self.launch(
            executable, database: path, sandboxURL: "http://127.0.0.1:9", tokenFile: tokenFile,
            options: ["--header-timeout", "0.5", "--idle-timeout", "60"])
        var failure: (any Error)?
        do {
            let partial = try await RawHTTP.Connection.open(port: metricsPort)
            try await partial.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let cut = try await partial.untilClosed(within: 10)
            #expect(cut.responses.isEmpty && cut.leftover.isEmpty)
            // The idle timeout is far beyond the wait, so only the header timeout can close it; the upper
            // bound leaves a loaded machine room (a full run once closed it after more than 3 s).
            #expect(cut.closedAfter >= .milliseconds(500) && cut.closedAfter < .seconds(8))
            let missing = try await HTTPClient.shared.answer(.GET, "http://127.0.0.1:\(metricsPort)/nothing")
            #expect(missing.status == 404)
            #expect(missing.contentType == "application/problem+json")
            #expect(missing.json["type"] as? String == "about:blank")
            #expect(missing.json["title"] as? String == "Not Found")
            #expect(missing.json["status"] as? Int == 404)
            #expect(missing.json["detail"] as? String == "No resource at /nothing.")
            #expect(missing.json.count == 4)
        } catch {
            failure = error
        }
        await server.terminate()
        if let failure { throw failure }
    }

    /// `swedbankpay backend` with a metrics port, both on free ports; its server and metrics port.
    static func launch(
        _ executable: URL, database: String, sandboxURL: String, tokenFile: URL, options: [String]
    ) async throws -> (ChildServer, Int) {
        for _ in 1...3 {
            let port = try await BackendHarness.freePort()
            let metricsPort = try await BackendHarness.freePort()
            let server = try await ChildServer.launch(
                executable,
                [
                    "backend", "--port", "\(port)", "--database", database, "--swedbank-pay-url", sandboxURL,
                    "--payee-id", BackendHarness.payeeID, "--api-keys", BackendHarness.apiKey,
                    "--metrics-port", "\(metricsPort)", "--log-level", "error",
                ] + options,
                environment: ["SWEDBANKPAY_MERCHANT_TOKEN_FILE": tokenFile.path], url: "http://127.0.0.1:\(port)",
                readyText: "Merchant Backend listening on http://127.0.0.1:\(port)")
            guard let server else { continue }
            // The metrics port listens apart from the backend's: wait until it says so too.
            let metrics = await server.output.line(containing: "Metrics on http://127.0.0.1:\(metricsPort)", within: 30)
            guard metrics.isLine else {
                await server.terminate()
                continue
            }
            return (server, metricsPort)
        }
        throw ChildServer.StartTimeout(
            executable: "swedbankpay backend", url: "three pairs of free ports", reason: "each pair was taken")
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
        #expect(samples[#"merchant_backend_http_requests_total{\#(route),http_response_status_code="201"}"#] == 2)
        #expect(samples[#"merchant_backend_http_requests_total{\#(route),http_response_status_code="400"}"#] == 1)
        #expect(
            samples[#"merchant_backend_http_request_duration_seconds_count{\#(route),http_response_status_code="201"}"#]
                == 2)
        #expect(samples[#"merchant_backend_order_creations_total{outcome="created"}"#] == 2)
        #expect(
            samples[
                #"merchant_backend_swedbankpay_call_duration_seconds_count{operation="POST /psp/paymentorders",outcome="2xx"}"#
            ] == 2)
        #expect(samples[#"merchant_backend_callbacks_total{outcome="recorded"}"#] == 1)
        #expect(samples[#"merchant_backend_callbacks_total{outcome="early"}"#] == Double(waitingAtMost))
        #expect(samples[#"merchant_backend_callbacks_total{outcome="dropped"}"#] == 1)
        #expect(samples["merchant_backend_swedbankpay_calls_in_flight"] == 0)
        #expect(samples["merchant_backend_swedbankpay_calls_queued"] == 0)
        // The creation without a key writes its row once, whole; the one with a key reserves its
        // row, then records the answer in it. One after the other, each statement writes one row.
        #expect(samples["merchant_backend_database_commit_batch_rows_sum"] == 3)
        #expect(samples["merchant_backend_database_commit_batch_rows_count"] == 3)
        #expect(samples[#"merchant_backend_database_commit_duration_seconds_count{statement="insert"}"#] == 2)
        #expect(samples[#"merchant_backend_database_commit_duration_seconds_count{statement="created"}"#] == 1)
        // Which build runs.
        #expect(
            samples[
                #"merchant_backend_build_info{version="\#(SwedbankPaySDK.VersionReporter.currentVersion)",configuration="debug"}"#
            ] == 1)
        // Every name by Prometheus' conventions: one prefix, counters in `_total`, durations in
        // seconds (`_seconds`), no other unit.
        let types = PrometheusSamples.types(scrape.body)
        #expect(types.count >= 12, "\(types)")
        for (name, type) in types {
            #expect(name.hasPrefix("merchant_backend_"), "\(name)")
            #expect((type == "counter") == name.hasSuffix("_total"), "\(name) is a \(type)")
            if name.contains("duration") { #expect(type == "histogram" && name.hasSuffix("_seconds"), "\(name)") }
            for unit in ["_ms", "_milliseconds", "_microseconds", "_nanoseconds", "_minutes", "_bytes_kb"] {
                #expect(!name.contains(unit), "\(name)")
            }
        }
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

    /// Each metric's name and type, from the exposition's `# TYPE <name> <type>` lines.
    static func types(_ text: String) -> [String: String] {
        var types: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("# TYPE ") {
            let parts = line.split(separator: " ")
            if parts.count == 4 { types[String(parts[2])] = String(parts[3]) }
        }
        return types
    }
}
