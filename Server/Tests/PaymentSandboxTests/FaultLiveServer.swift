import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import ServerSupport
import Testing

@testable import PaymentSandbox

/// A sandbox served on a real loopback socket (port 0), for the faults that only a connection can
/// show: delay as seen by a client, reset, hang.
struct FaultLiveServer {
    let configuration: SandboxConfiguration

    init(seed: UInt64 = 42) {
        configuration = SandboxConfiguration(
            merchantTokens: [SandboxHarness.token], seed: seed, swishOtherDeviceApprovalDelay: nil)
    }

    /// Runs `body` with the server's base URL and a client, then stops both.
    func run(_ body: @escaping @Sendable (String, HTTPClient) async throws -> Void) async throws {
        let sandbox = try await PaymentSandboxServer.start(configuration: configuration)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await body(sandbox.baseURL.absoluteString, client)
        } catch {
            try? await client.shutdown()
            await sandbox.stop()
            throw error
        }
        try await client.shutdown()
        await sandbox.stop()
    }
}

/// A JSON-speaking shorthand for the live fault tests.
extension HTTPClient {
    /// Sends a request and collects the answer, within `timeout`.
    func send(
        _ method: HTTPMethod, _ url: String, json: String? = nil, token: String? = SandboxHarness.token,
        timeout: TimeAmount = .seconds(10)
    ) async throws -> (status: Int, body: String) {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        let response = try await execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), String(buffer: body))
    }
}
