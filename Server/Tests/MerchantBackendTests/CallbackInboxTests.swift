import Foundation
import SQLKit
import Testing

@testable import MerchantBackend

/// A callback is answered only once it is recorded, and stays recorded until the order's status
/// has been read back: a verification that fails is tried again, and one that dies with its
/// process is done by the next backend on the database. Nothing here waits for a timer: the tests
/// run a retry round themselves (with its clock set ahead) or await the next backend's round at
/// start, then the verifier's idleness.
@Suite(.timeLimit(.minutes(2))) struct CallbackInboxTests {
    @Test(arguments: TestDatabase.engines)
    func aCallbackWhoseVerificationFailedIsVerifiedAgain(engine: BackendHarness.Engine) async throws {
        // No retry round on its own during the test: the test runs the round.
        try await BackendHarness.run(engine: engine, configure: { $0.callbackRetryAfter = 3_600 }) { harness in
            let pspID = try await Self.orderWhoseFirstReadFails(harness)
            // A callback for an order of no one records nothing and reads nothing.
            let unknown = "/psp/paymentorders/" + UUID().uuidString.lowercased()
            #expect(try await AttackCallbackOracleTests.callback(harness, unknown).status == 200)
            #expect(try await AttackCallbackOracleTests.callback(harness, pspID).status == 200)
            await harness.backend.callbackVerifier.idle()
            // Answered and recorded; its read failed, so it stays.
            #expect(try await Self.inbox(harness, of: [pspID, unknown]) == [pspID])

            // The next retry round (its clock an hour on) reads the order again and clears it.
            let backend = harness.backend
            _ = await backend.services.retryUnverifiedCallbacks(
                into: backend.callbackVerifier, now: BackendClock.system.milliseconds + 3_600_001)
            await backend.callbackVerifier.idle()
            let reads = try await harness.sandboxRequests().filter { $0 == "GET \(pspID)" }
            #expect(reads.count == 2)
            #expect(try await Self.inbox(harness, of: [pspID, unknown]) == [])
            #expect(try await backend.services.store.find(pspID: pspID)?.status == "Initialized")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aCallbackLeftByAStoppedBackendIsVerifiedByTheNextOne(engine: BackendHarness.Engine) async throws {
        // The first backend would retry only after an hour: as if it had died.
        try await BackendHarness.run(engine: engine, configure: { $0.callbackRetryAfter = 3_600 }) { harness in
            let pspID = try await Self.orderWhoseFirstReadFails(harness)
            #expect(try await AttackCallbackOracleTests.callback(harness, pspID).status == 200)
            await harness.backend.callbackVerifier.idle()
            #expect(try await Self.inbox(harness, of: [pspID]) == [pspID])

            // Another backend on the same database (a restart, or another instance) takes it up in
            // its round at start — once the callback is older than its retry interval, which the
            // test makes so by dating the record a minute back rather than by waiting.
            try await harness.database.sql.raw(
                "UPDATE callback_inbox SET received_at = received_at - 60000 WHERE psp_id = \(bind: pspID)"
            ).run()
            var configuration = harness.backend.configuration
            configuration.callbackRetryAfter = 30
            let next = try MerchantBackend(configuration: configuration, database: harness.database)
            await next.firstCallbackRetry.value
            await next.callbackVerifier.idle()
            try await next.shutdown()
            #expect(try await harness.sandboxRequests().filter { $0 == "GET \(pspID)" }.count == 2)
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
}
