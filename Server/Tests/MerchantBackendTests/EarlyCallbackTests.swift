import Foundation
import SQLKit
import Testing

@testable import MerchantBackend

/// A callback can overtake its order: Swedbank Pay may send it (a payout, a payment with a token)
/// before the backend has written the order's row. It waits in `callback_early`, bounded in
/// number and age, and the next retry round verifies it once the order is there.
@Suite(.timeLimit(.minutes(2))) struct EarlyCallbackTests {
    @Test(arguments: TestDatabase.engines)
    func aCallbackThatOvertakesItsOrderIsVerifiedOnceTheOrderIsRecorded(engine: BackendHarness.Engine) async throws {
        // No retry round on its own during the test: the test runs the round. A database of its
        // own: on a shared one another test's backend may promote the callback and read it from
        // its own sandbox (as every instance of a cluster would — there, from the same Swedbank Pay).
        try await BackendHarness.run(
            engine: engine, configure: { $0.callbackRetryAfter = 3_600 }, ownDatabase: true
        ) { harness in
            let pspID = try #require(try await harness.createOrder().paymentOrderID)
            let store = harness.backend.services.store
            var order = try #require(try await store.find(pspID: pspID))
            // As if the callback came between Swedbank Pay's answer and the creation's write.
            try await harness.database.sql.raw("DELETE FROM payment_orders WHERE id = \(bind: order.id)").run()
            var answer = ""
            let whileUnknown = try await harness.sandboxRequests {
                answer = try await AttackCallbackOracleTests.callback(harness, pspID).body
                await harness.backend.callbackVerifier.idle()
            }
            #expect(answer == "{}")
            #expect(whileUnknown.filter { $0.hasSuffix(pspID) } == [])
            #expect(try await Self.rows(in: "callback_early", harness, of: [pspID]) == [pspID])
            #expect(try await Self.rows(in: "callback_inbox", harness, of: [pspID]) == [])

            // The creation's write lands, with the status of Swedbank Pay's first answer — here
            // none, so that the verification's read shows in the row.
            order.status = nil
            try await store.recordOutcome(order, row: .unwritten)
            let backend = harness.backend
            let reads = try await harness.sandboxRequests {
                _ = await backend.services.retryUnverifiedCallbacks(
                    into: backend.callbackVerifier, now: BackendClock.system.milliseconds)
                await backend.callbackVerifier.idle()
            }
            #expect(reads.filter { $0.hasSuffix(pspID) } == ["GET \(pspID)"])
            #expect(try await Self.rows(in: "callback_early", harness, of: [pspID]) == [])
            #expect(try await Self.rows(in: "callback_inbox", harness, of: [pspID]) == [])
            #expect(try await store.find(pspID: pspID)?.status == "Initialized")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aCallbackForNoOrderIsForgottenAfterTenMinutesWithoutARead(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(
            engine: engine, configure: { $0.callbackRetryAfter = 3_600 }, ownDatabase: true
        ) { harness in
            let unknown = "/psp/paymentorders/" + UUID().uuidString.lowercased()
            let fresh = "/psp/paymentorders/" + UUID().uuidString.lowercased()
            #expect(try await AttackCallbackOracleTests.callback(harness, unknown).body == "{}")
            #expect(try await AttackCallbackOracleTests.callback(harness, fresh).body == "{}")
            // One of them ten minutes and a millisecond old: dated back rather than waited for.
            try await harness.database.sql.raw(
                "UPDATE callback_early SET received_at = received_at - 600001 WHERE psp_id = \(bind: unknown)"
            ).run()
            let backend = harness.backend
            let reads = try await harness.sandboxRequests {
                _ = await backend.services.retryUnverifiedCallbacks(
                    into: backend.callbackVerifier, now: BackendClock.system.milliseconds)
                await backend.callbackVerifier.idle()
            }
            #expect(reads.filter { $0.hasSuffix(unknown) || $0.hasSuffix(fresh) } == [])
            #expect(try await Self.rows(in: "callback_early", harness, of: [unknown, fresh]) == [fresh])
        }
    }

    /// The store alone, on a database of the test's own (the bound counts every row of the table).
    @Test(arguments: TestDatabase.engines)
    func earlyCallbacksAreBoundedAndPromotedOnlyOnceTheirOrderExists(engine: BackendHarness.Engine) async throws {
        try await Self.withOwnDatabase(engine) { database in
            let store = OrderStore(database: database)
            let ids = ["a", "b", "c"].map { "/psp/paymentorders/\($0)" }
            var records: [OrderStore.CallbackRecord] = []
            for id in ids { records.append(try await store.recordCallback(pspID: id, now: 1_000, maxEarly: 2)) }
            // Again for one already kept: kept, its time updated, though the table is full.
            records.append(try await store.recordCallback(pspID: ids[0], now: 2_000, maxEarly: 2))
            #expect(records == [.early, .early, .dropped, .early])
            #expect(try await Self.rows(in: "callback_early", database) == [ids[0], ids[1]])

            // Nothing to promote before an order is there; then only its callback moves.
            #expect(try await store.promoteEarlyCallbacks(expiredBefore: 0) == [])
            try await database.sql.raw(
                """
                INSERT INTO payment_orders (id, payee_reference, user_id, request_hash, operation, currency, amount, \
                vat_amount, creation, psp_id, created_at, updated_at) \
                VALUES ('o1', 'r1', 'u1', 'h', 'Purchase', 'SEK', 100, 0, 'created', \(bind: ids[1]), 0, 0)
                """
            ).run()
            #expect(try await store.promoteEarlyCallbacks(expiredBefore: 0) == [ids[1]])
            #expect(try await Self.rows(in: "callback_early", database) == [ids[0]])
            #expect(try await Self.rows(in: "callback_inbox", database) == [ids[1]])
            #expect(try await store.callbackVersion(pspID: ids[1]) == 1)
            // A callback for the order now goes to the inbox, bumping its version.
            #expect(try await store.recordCallback(pspID: ids[1], now: 3_000, maxEarly: 2) == .forOrder)
            #expect(try await store.callbackVersion(pspID: ids[1]) == 2)
            // Received at 2,000: kept while the cut-off is not past it, forgotten once it is.
            #expect(try await store.promoteEarlyCallbacks(expiredBefore: 2_000) == [])
            #expect(try await Self.rows(in: "callback_early", database) == [ids[0]])
            #expect(try await store.promoteEarlyCallbacks(expiredBefore: 2_001) == [])
            #expect(try await Self.rows(in: "callback_early", database) == [])
        }
    }

    static func rows(in table: String, _ harness: BackendHarness, of ids: [String]) async throws -> [String] {
        try await rows(in: table, harness.database).filter(ids.contains)
    }

    static func rows(in table: String, _ database: BackendDatabase) async throws -> [String] {
        try await database.sql.raw("SELECT psp_id FROM \(unsafeRaw: table) ORDER BY psp_id").all()
            .map { try $0.decode(column: "psp_id", as: String.self) }
    }

    static func withOwnDatabase(_ engine: BackendHarness.Engine, _ body: (BackendDatabase) async throws -> Void)
        async throws
    {
        let own = try await TestDatabase.OwnDatabase.make(engine)
        let database = try await BackendDatabase.open(own.location, connectionsPerEventLoop: 1)
        var failure: (any Error)?
        do { try await body(database) } catch { failure = error }
        try? await database.close()
        await own.remove()
        TestDatabase.remove(own.location)
        if let failure { throw failure }
    }
}
