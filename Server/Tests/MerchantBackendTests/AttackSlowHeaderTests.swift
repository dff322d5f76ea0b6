import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@testable import MerchantBackend

/// Clients that connect and never finish their head, more of them than the server's process may
/// open files: `swedbankpay serve` under a file limit of 1,024 and 1,100 such connections (the
/// attack pass's figures). `/healthz` and an order creation are still answered within a second,
/// and every one of the slow connections is closed by the header timeout.
@Suite(.timeLimit(.minutes(2))) struct AttackSlowHeaderTests {
    static let fileLimit = 1_024
    static let flood = 1_100

    @Test func healthzAnswersWithinASecondWhileASlowHeaderFloodLargerThanTheFileLimitIsOpen() async throws {
        let executable = try ServeProcess.executable()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await Self.startUnderFileLimit(
            executable, database: directory.appendingPathComponent("orders.sqlite").path)
        let port = try #require(URL(string: server.url)?.port)
        // A client of its own: no pooled connection of the start's health check, which the flood
        // may replace, is reused.
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        var slow: [RawHTTP.Connection] = []
        do {
            for _ in 0..<Self.flood {
                let connection = try await RawHTTP.Connection.open(port: port)
                try await connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                slow.append(connection)
            }
            // Within a second: the client's deadline throws otherwise.
            let health = try await client.answer(.GET, server.url + "/healthz", timeout: .seconds(1))
            #expect(health.status == 200)
            var headers = BackendHarness.appHeaders
            headers["Idempotency-Key"] = UUID().uuidString
            let order = try await client.answer(
                .POST, server.url + "/paymentorders", json: BackendHarness.orderJSON(), headers: headers,
                timeout: .seconds(5))
            #expect(order.status == 201)
            // None stays: replaced by newer connections, or cut at the header timeout (10 s).
            for connection in slow {
                let exchange = try await connection.untilClosed(within: 20)
                #expect(exchange.responses.isEmpty)
            }
        } catch {
            for connection in slow { await connection.close() }
            try? await client.shutdown()
            await server.terminate()
            throw error
        }
        try await client.shutdown()
        await server.terminate()
    }

    /// `swedbankpay serve` with both file limits (soft and hard) at ``fileLimit``, set by the shell
    /// that then becomes it.
    static func startUnderFileLimit(_ executable: URL, database: String) async throws -> ChildServer {
        for _ in 1...3 {
            let port = try await BackendHarness.freePort()
            let sandboxPort = try await BackendHarness.freePort()
            let arguments = [
                "-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", executable.path,
                "serve", "--port", "\(port)", "--sandbox-port", "\(sandboxPort)", "--database", database,
                "--api-keys", BackendHarness.apiKey,
            ]
            if let server = try await ChildServer.launch(
                URL(fileURLWithPath: "/bin/sh"), arguments, url: "http://127.0.0.1:\(port)",
                readyText: "Merchant Backend listening on http://127.0.0.1:\(port)")
            {
                return server
            }
        }
        throw ChildServer.StartTimeout(
            executable: "swedbankpay serve", url: "three pairs of free ports", reason: "each pair was taken")
    }
}
