import AsyncHTTPClient
import Foundation
import PaymentSandbox
import Testing

@testable import MerchantBackend

/// A rolling restart never cuts an order creation: `swedbankpay backend` gets SIGTERM while
/// Swedbank Pay (the sandbox, delayed by a fault rule) still holds the creation, answers it, records
/// it, and exits; started again on the same database, it answers the app's retry with the same
/// order without asking Swedbank Pay again.
@Suite(.timeLimit(.minutes(2))) struct GracefulShutdownTests {
    /// Longer than the 5 s the shutdown used to wait; within the default timeout (10 s), which the
    /// shutdown now follows.
    static let pspDelay = 6

    @Test func aCreationInProgressIsAnsweredAndRecordedThroughSIGTERM() async throws {
        let executable = try ServeProcess.executable()
        let sandbox = try await BackendHarness.startSandbox()
        let location = try TestDatabase.location(.sqlite)
        guard case .sqlite(let path) = location else { return }
        var failure: (any Error)?
        do {
            try await exercise(executable, sandbox: sandbox.sandbox, sandboxURL: sandbox.sandboxURL, database: path)
        } catch {
            failure = error
        }
        await sandbox.stop()
        TestDatabase.remove(location)
        if let failure { throw failure }
    }

    private func exercise(_ executable: URL, sandbox: PaymentSandbox, sandboxURL: URL, database: String) async throws {
        try sandbox.addFault(FaultFlagParser.parse("POST /psp/paymentorders delay:\(Self.pspDelay) x1"))
        let first = try #require(try await Self.launch(executable, sandboxURL: sandboxURL, database: database))
        var headers = BackendHarness.appHeaders
        headers["Idempotency-Key"] = "shutdown-" + UUID().uuidString.lowercased()
        let request = headers
        let creation = Task {
            try await HTTPClient.shared.answer(
                .POST, first.url + "/paymentorders", json: BackendHarness.orderJSON(), headers: request,
                timeout: .seconds(30))
        }
        // Swedbank Pay holds the creation now: stop the backend as a rolling restart would.
        await sandbox.faultsApplied(1)
        first.process.terminate()
        let created = try await creation.value
        #expect(created.status == 201, "\(created.body)")
        let pspID = try #require(created.paymentOrderID)
        #expect(await first.process.exitStatus() == 0)
        await first.terminate()

        let second = try #require(try await Self.launch(executable, sandboxURL: sandboxURL, database: database))
        let retried = try await HTTPClient.shared.answer(
            .POST, second.url + "/paymentorders", json: BackendHarness.orderJSON(), headers: headers)
        await second.terminate()
        #expect(retried.status == 201)
        #expect(retried.headers.first(name: "Idempotent-Replayed") == "true")
        #expect(retried.paymentOrderID == pspID)
        #expect(retried.body == created.body)
        #expect(retried.headers.first(name: "Location") == created.headers.first(name: "Location"))
        // Swedbank Pay was asked once: the replay came from the database.
        let log = try await HTTPClient.shared.answer(.GET, sandboxURL.absoluteString + "/sandbox/requests")
        let creations = (log.json["requests"] as? [[String: Any]] ?? []).filter {
            $0["method"] as? String == "POST" && $0["path"] as? String == "/psp/paymentorders"
        }
        #expect(creations.count == 1)
    }

    /// `swedbankpay backend` on a free port with the default timeout and shutdown grace.
    static func launch(_ executable: URL, sandboxURL: URL, database: String) async throws -> ChildServer? {
        for _ in 1...3 {
            let port = try await BackendHarness.freePort()
            let server = try await ChildServer.launch(
                executable,
                [
                    "backend", "--port", "\(port)", "--database", database, "--swedbank-pay-url",
                    sandboxURL.absoluteString, "--payee-id", BackendHarness.payeeID, "--api-keys",
                    BackendHarness.apiKey, "--log-level", "error",
                ],
                environment: ["SWEDBANKPAY_MERCHANT_TOKEN": BackendHarness.merchantToken],
                url: "http://127.0.0.1:\(port)", readyText: "Merchant Backend listening on http://127.0.0.1:\(port)")
            if let server { return server }
        }
        return nil
    }
}
