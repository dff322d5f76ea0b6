import AsyncHTTPClient
import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// `PaymentSandboxServer`: the one-line start other packages' tests use (docs/testing-your-backend.md),
/// on a real loopback socket.
@Suite struct PaymentSandboxServerTests {
    typealias Fixture = PaymentOrdersFixture

    @Test func startsOnAFreePortAndAnOrderIsPaidThroughItsControlAPI() async throws {
        let sandbox = try await PaymentSandboxServer.start(
            configuration: SandboxConfiguration(merchantTokens: ["b-token", "a-token"], seed: 42))
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            let base = sandbox.baseURL.absoluteString
            #expect(sandbox.baseURL.scheme == "http")
            #expect(sandbox.baseURL.host == "127.0.0.1")
            #expect((sandbox.baseURL.port ?? 0) > 0)
            #expect(sandbox.merchantToken == "a-token")
            let created = try await client.send(
                .POST, base + "/psp/paymentorders", json: Fixture.body(Fixture.order()), token: sandbox.merchantToken)
            #expect(created.status == 200, "\(created.body)")
            let order = try #require(try json(created.body).objectValue?["paymentOrder"]?.objectValue)
            #expect(order["status"] == .string("Initialized"))
            let path = try #require(order["id"]?.stringValue)
            let id = path.dropFirst("/psp/paymentorders/".count)
            let paid = try await client.send(.POST, base + "/sandbox/paymentorders/\(id)/pay", json: "{}")
            #expect(paid.status == 200, "\(paid.body)")
            let read = try await client.send(.GET, base + path, token: sandbox.merchantToken)
            #expect(read.status == 200)
            #expect(try json(read.body).objectValue?["paymentOrder"]?.objectValue?["status"] == .string("Paid"))
            // The merchant API wants one of the configuration's tokens.
            #expect(try await client.send(.GET, base + path, token: "c-token").status == 401)
        } catch {
            try? await client.shutdown()
            await sandbox.stop()
            throw error
        }
        // The client first: a graceful stop serves a connection the client keeps open until it closes.
        try await client.shutdown()
        await sandbox.stop()
        // Stopped: nothing listens on its port any more.
        let after = HTTPClient(eventLoopGroupProvider: .singleton)
        await #expect(throws: (any Error).self) {
            _ = try await after.send(.GET, sandbox.baseURL.absoluteString + "/readyz", token: nil)
        }
        try await after.shutdown()
    }

    @Test func refusesAConfigurationNoMerchantCouldCall() async {
        await #expect {
            _ = try await PaymentSandboxServer.start(configuration: SandboxConfiguration(merchantTokens: []))
        } throws: { error in
            (error as? PaymentSandboxServer.StartFailure)?.description
                == "the configuration accepts no merchant token, so no merchant could call it"
        }
    }

    @Test func refusesEveryInterfaceWithoutAControlToken() async {
        await #expect {
            _ = try await PaymentSandboxServer.start(host: "0.0.0.0")
        } throws: { error in
            (error as? PaymentSandboxServer.StartFailure)?.description.hasPrefix(
                "the sandbox listens on 0.0.0.0, which is not a loopback address") == true
        }
    }
}
