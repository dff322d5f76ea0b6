import AsyncHTTPClient
import Foundation
import ServerSupport
import Testing

/// `swedbankpay backend --https` as a user runs it: a certificate made at start, its root written
/// where `--https-root-file` says, and the backend naming itself in `https` — here in the
/// `callbackUrl` it gives Swedbank Pay (a sandbox on loopback).
@Suite(.serialized, .timeLimit(.minutes(2)))
struct HTTPSBackendTests {
    @Test func backendOverHTTPSIsReachedTrustingItsRootAndNamesItselfInHTTPS() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("https-backend-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sandbox = try await BackendHarness.startSandbox()
        var failure: (any Error)?
        do {
            try await exercise(sandboxURL: sandbox.sandboxURL.absoluteString, directory: directory)
        } catch {
            failure = error
        }
        await sandbox.stop()
        if let failure { throw failure }
    }

    private func exercise(sandboxURL: String, directory: URL) async throws {
        let root = directory.appendingPathComponent("root.pem").path
        var started: (server: ChildServer, url: String)?
        for _ in 1...3 where started == nil {
            let port = try await BackendHarness.freePort()
            let url = "https://127.0.0.1:\(port)"
            if let server = try await ChildServer.launch(
                try ServeProcess.executable(),
                [
                    "backend", "--https", "--https-root-file", root, "--port", "\(port)", "--database",
                    directory.appendingPathComponent("backend.sqlite").path, "--swedbank-pay-url", sandboxURL,
                    "--payee-id", BackendHarness.payeeID, "--api-keys", BackendHarness.apiKey,
                ],
                environment: ["SWEDBANKPAY_MERCHANT_TOKEN": BackendHarness.merchantToken], url: url, healthPath: nil,
                readyText: "Merchant Backend listening on \(url)", log: directory.appendingPathComponent("backend.log"))
            {
                started = (server, url)
            }
        }
        let (server, backendURL) = try #require(started)
        do {
            try await check(server, backendURL: backendURL, root: root, sandboxURL: sandboxURL)
        } catch {
            await server.terminate()
            throw error
        }
        await server.terminate()
    }

    private func check(_ server: ChildServer, backendURL: String, root: String, sandboxURL: String) async throws {
        let said = await server.output.line(containing: "xcrun simctl keychain booted add-root-cert", within: 5)
        #expect(said == .line("Trust it — iOS Simulator: xcrun simctl keychain booted add-root-cert \(root)"))
        let anchors = try TLSIdentity.certificates(inPEMFile: root)
        #expect(anchors.count == 1)

        // Nothing trusts it unasked; with the root, the backend answers and creates an order.
        await #expect(throws: (any Error).self) {
            _ = try await HTTPClient.shared.answer(.GET, backendURL + "/healthz", timeout: .seconds(10))
        }
        var configuration = HTTPClient.Configuration()
        configuration.tlsConfiguration = try TLSIdentity.clientConfiguration(trusting: anchors)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let health = try? await client.answer(.GET, backendURL + "/healthz", timeout: .seconds(10))
        var headers = BackendHarness.appHeaders
        headers["Idempotency-Key"] = "https-" + UUID().uuidString.lowercased()
        let created = try? await client.answer(
            .POST, backendURL + "/paymentorders", json: BackendHarness.orderJSON(), headers: headers,
            timeout: .seconds(10))
        try await client.shutdown()
        #expect(health?.status == 200)
        #expect(health?.body == #"{"status":"ok"}"#)
        #expect(created?.status == 201, "\(created?.body ?? "no answer")")

        // Swedbank Pay is told to call back at the backend's https origin.
        let pspID = try #require((created?.json["paymentOrder"] as? [String: Any])?["id"] as? String)
        let atPSP = try await HTTPClient.shared.answer(
            .GET, sandboxURL + pspID + "?$expand=urls",
            headers: ["Authorization": "Bearer \(BackendHarness.merchantToken)"])
        let urls = try #require((atPSP.json["paymentOrder"] as? [String: Any])?["urls"] as? [String: Any])
        #expect(urls["callbackUrl"] as? String == backendURL + "/swedbankpay/callback")
    }
}
