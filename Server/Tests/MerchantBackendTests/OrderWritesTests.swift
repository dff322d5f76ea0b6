import Foundation
import Testing

@testable import MerchantBackend

/// The batched statements of order creation on both engines: one INSERT for many orders that
/// reports each conflict, one UPDATE for many answers.
@Suite(.timeLimit(.minutes(2))) struct OrderWritesTests {
    static func order(_ id: String, user: String, key: String?, payeeReference: String? = nil) -> StoredOrder {
        StoredOrder(
            id: id, payeeReference: payeeReference ?? "P\(id)", userID: user, idempotencyKey: key, requestHash: "h",
            operation: "Purchase", currency: "SEK", amount: 1_500, vatAmount: 375, payerReference: nil,
            creation: .pending, status: nil, pspID: nil, responseStatus: nil, responseBody: nil, createdAt: 1,
            updatedAt: 1)
    }

    @Test(arguments: TestDatabase.engines)
    func oneStatementInsertsManyAndReportsEachConflict(engine: BackendHarness.Engine) async throws {
        try await Self.withDatabase(engine) { database in
            let user = "user-\(UUID().uuidString)"
            let run = UUID().uuidString.lowercased()
            let earlier = Self.order("\(run)-0", user: user, key: "k0")
            #expect(try await OrderWrites.insertAll([earlier], into: database.sql) == [true])
            let batch = [
                Self.order("\(run)-1", user: user, key: "k1"),
                // The same key as the row before it in this statement.
                Self.order("\(run)-2", user: user, key: "k1"),
                // The key of the row inserted before.
                Self.order("\(run)-3", user: user, key: "k0"),
                Self.order("\(run)-4", user: user, key: nil),
                // The payee reference of the row inserted before.
                Self.order("\(run)-5", user: user, key: nil, payeeReference: earlier.payeeReference),
            ]
            #expect(try await OrderWrites.insertAll(batch, into: database.sql) == [true, false, false, true, false])
            // By id, not the whole table: a PostgreSQL database may hold many other orders.
            let store = OrderStore(database: database)
            var stored: [String] = []
            for index in 0...5 where try await store.find(id: "\(run)-\(index)") != nil {
                stored.append("\(run)-\(index)")
            }
            #expect(stored == ["\(run)-0", "\(run)-1", "\(run)-4"])
            #expect(try await store.find(id: "\(run)-1") == batch[0])
        }
    }

    /// Optional columns of one batch mixing values, NULLs and an empty string come back as
    /// written, text beyond ASCII included.
    @Test(arguments: TestDatabase.engines)
    func optionalColumnsOfABatchKeepTheirValuesAndNulls(engine: BackendHarness.Engine) async throws {
        try await Self.withDatabase(engine) { database in
            let user = "user-\(UUID().uuidString)"
            let run = UUID().uuidString.lowercased()
            var orders = (0..<4).map {
                Self.order("\(run)-\($0)", user: user, key: $0.isMultiple(of: 2) ? nil : "k\($0)")
            }
            orders[0].payerReference = "betalare-åäö-\(run)"
            orders[2].payerReference = ""
            orders[3].payerReference = "payer-\(run)"
            #expect(try await OrderWrites.insertAll(orders, into: database.sql) == [true, true, true, true])
            let store = OrderStore(database: database)
            var stored: [StoredOrder] = []
            for order in orders {
                if let found = try await store.find(id: order.id, withAnswer: true) { stored.append(found) }
            }
            #expect(stored == orders)
            #expect(stored.map(\.idempotencyKey) == [nil, "k1", nil, "k3"])
            #expect(stored.map(\.payerReference) == ["betalare-åäö-\(run)", nil, "", "payer-\(run)"])
        }
    }

    /// Reservations and orders written whole once Swedbank Pay answered share one statement, and
    /// every column comes back as written — also where no row of the batch has a status code.
    @Test(arguments: TestDatabase.engines)
    func wholeOrdersAndReservationsShareOneStatement(engine: BackendHarness.Engine) async throws {
        try await Self.withDatabase(engine) { database in
            let user = "user-\(UUID().uuidString)"
            let run = UUID().uuidString.lowercased()
            var orders = (0..<4).map { Self.order("\(run)-\($0)", user: user, key: $0 == 0 ? "k0" : nil) }
            orders[1].creation = .created
            orders[1].pspID = "/psp/paymentorders/\(run)-1"
            orders[1].status = "Initialized"
            orders[1].responseStatus = 201
            orders[1].responseBody = #"{"paymentOrder":{"id":"/psp/paymentorders/\#(run)-1","status":"Initialized"}}"#
            orders[1].updatedAt = 9
            orders[2].creation = .rejected
            orders[2].responseStatus = 400
            orders[2].responseBody = #"{"status":400,"title":"Bad Request"}"#
            orders[2].updatedAt = 5
            orders[3].creation = .failed
            orders[3].updatedAt = 6
            #expect(try await OrderWrites.insertAll(orders, into: database.sql) == [true, true, true, true])
            // No status code in any row of the batch.
            let unanswered = [Self.order("\(run)-4", user: user, key: nil)]
            #expect(try await OrderWrites.insertAll(unanswered, into: database.sql) == [true])
            let store = OrderStore(database: database)
            var stored: [StoredOrder] = []
            for order in orders + unanswered {
                if let found = try await store.find(id: order.id, withAnswer: true) { stored.append(found) }
            }
            #expect(stored == orders + unanswered)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func oneStatementRecordsManyAnswers(engine: BackendHarness.Engine) async throws {
        try await Self.withDatabase(engine) { database in
            let user = "user-\(UUID().uuidString)"
            let run = UUID().uuidString.lowercased()
            let orders = (0..<3).map { Self.order("\(run)-\($0)", user: user, key: nil) }
            #expect(try await OrderWrites.insertAll(orders, into: database.sql) == [true, true, true])
            let answers = [
                CreatedOrderAnswer(
                    id: orders[0].id, pspID: "/psp/paymentorders/\(run)-a", status: "Initialized", responseStatus: 201,
                    responseBody: #"{"a":1}"#, updatedAt: 7),
                // No status in the answer: stored as NULL.
                CreatedOrderAnswer(
                    id: orders[2].id, pspID: "/psp/paymentorders/\(run)-c", status: nil, responseStatus: 201,
                    responseBody: #"{"c":"ä"}"#, updatedAt: 8),
            ]
            try await OrderWrites.markAllCreated(answers, in: database.sql)
            let store = OrderStore(database: database)
            var stored: [StoredOrder] = []
            for order in orders {
                if let found = try await store.find(id: order.id, withAnswer: true) { stored.append(found) }
            }
            var expected = orders
            expected[0].creation = .created
            expected[0].pspID = "/psp/paymentorders/\(run)-a"
            expected[0].status = "Initialized"
            expected[0].responseStatus = 201
            expected[0].responseBody = #"{"a":1}"#
            expected[0].updatedAt = 7
            expected[2].creation = .created
            expected[2].pspID = "/psp/paymentorders/\(run)-c"
            expected[2].responseStatus = 201
            expected[2].responseBody = #"{"c":"ä"}"#
            expected[2].updatedAt = 8
            #expect(stored == expected)
        }
    }

    static func withDatabase(
        _ engine: BackendHarness.Engine, _ body: (BackendDatabase) async throws -> Void
    ) async throws {
        let location = try TestDatabase.location(engine)
        defer { TestDatabase.remove(location) }
        let database = try await BackendDatabase.open(location)
        do {
            try await body(database)
        } catch {
            try? await database.close()
            throw error
        }
        try await database.close()
    }
}
