import Foundation
import SQLKit
import Testing

@testable import MerchantBackend

/// A callback is answered only once it is recorded, and stays recorded until the order's status
/// has been read back: a verification that fails is tried again, and one that dies with its
/// process is done by the next backend on the database. Nothing here waits for a timer to prove a
/// negative: the tests wait for the order to be recorded Paid, with a deadline.
@Suite(.timeLimit(.minutes(2))) struct CallbackInboxTests {
    @Test(arguments: TestDatabase.engines)
    func aCallbackWhoseVerificationFailedIsVerifiedAgain(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(engine: engine, configure: { $0.callbackRetryAfter = 0.2 }) { harness in
            let pspID = try await Self.orderWhoseFirstReadFails(harness)
            // A callback for an order of no one records nothing and reads nothing.
            let unknown = "/psp/paymentorders/" + UUID().uuidString.lowercased()
            #expect(try await AttackCallbackOracleTests.callback(harness, unknown).status == 200)
            #expect(try await Self.inbox(harness, of: [pspID, unknown]) == [])

            try await harness.payAtSandbox(pspID)
            #expect(try await Self.status(of: pspID, in: harness) == "Paid")
            // The first read failed; a retry recorded the status and cleared the callback. (A slow
            // retry may be joined by the next round's, which the verifier turns into one more read:
            // two reads at least, not exactly.)
            let reads = try await harness.sandboxRequests().filter { $0 == "GET \(pspID)" }
            #expect(reads.count >= 2)
            #expect(try await Self.inbox(harness, of: [pspID, unknown]) == [])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aCallbackLeftByAStoppedBackendIsVerifiedByTheNextOne(engine: BackendHarness.Engine) async throws {
        // The first backend would retry only after an hour: as if it had died.
        try await BackendHarness.run(engine: engine, configure: { $0.callbackRetryAfter = 3_600 }) { harness in
            let pspID = try await Self.orderWhoseFirstReadFails(harness)
            try await harness.payAtSandbox(pspID)
            // The callback was answered and recorded; its one read failed.
            try await Self.waitUntil { try await harness.sandboxRequests().contains("GET \(pspID)") }
            await harness.backend.callbackVerifier.idle()
            #expect(try await Self.inbox(harness, of: [pspID]) == [pspID])
            #expect(try await harness.backend.services.store.find(pspID: pspID)?.status != "Paid")

            // Another backend on the same database (a restart, or another instance) takes it up.
            var configuration = harness.backend.configuration
            configuration.callbackRetryAfter = 0.05
            try await Task.sleep(for: .milliseconds(100))
            let next = try MerchantBackend(configuration: configuration, database: harness.database)
            let status = try await Self.status(of: pspID, in: harness)
            try await next.shutdown()
            #expect(status == "Paid")
            #expect(try await Self.inbox(harness, of: [pspID]) == [])
        }
    }

    /// A new order whose next read at the sandbox (the one verifying its callback) fails with a
    /// 500 — only this order's: on PostgreSQL other tests' backends share the database and read
    /// their own orders.
    static func orderWhoseFirstReadFails(_ harness: BackendHarness) async throws -> String {
        let pspID = try #require(try await harness.createOrder().paymentOrderID)
        try await harness.addSandboxFault(
            #"{"method":"GET","path":"\#(pspID)","kind":"status","status":500,"count":1}"#)
        return pspID
    }

    /// Which of `orders` have a recorded, unverified callback (the PostgreSQL tests share one
    /// database, so other tests' rows are there too).
    static func inbox(_ harness: BackendHarness, of orders: [String]) async throws -> [String] {
        try await harness.database.sql.raw("SELECT psp_id FROM callback_inbox ORDER BY psp_id").all()
            .map { try $0.decode(column: "psp_id", as: String.self) }.filter(orders.contains)
    }

    /// The order's recorded status once it is Paid, or whatever it is after 15 seconds.
    static func status(of pspID: String, in harness: BackendHarness) async throws -> String? {
        var status: String?
        try await waitUntil {
            status = try await harness.backend.services.store.find(pspID: pspID)?.status
            return status == "Paid"
        }
        return status
    }

    static func waitUntil(_ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while try await !condition(), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
