import Foundation
import SQLKit

/// The statements of order creation, written with group commit: the insert of a new order
/// (reserved, or whole with Swedbank Pay's answer) and the record of the answer in a reserved one. One statement covers every order of a batch, and the
/// same SQL runs on SQLite and PostgreSQL.
struct OrderWrites: Sendable {
    /// Inserts orders; true for each one inserted, false where a unique column conflicted.
    let insert: GroupCommit<StoredOrder, Bool>
    /// Marks reserved orders created at Swedbank Pay.
    let created: GroupCommit<CreatedOrderAnswer, Void>

    /// At most this many orders per statement: 64 × 17 binds stay far below either engine's
    /// limit on bound parameters (SQLite 32,766, PostgreSQL 65,535).
    static let maxBatch = 64

    /// Batches of each kind in flight at once on PostgreSQL, each on a pool connection of its own:
    /// a write need not wait for the batch before it to commit. (SQLite has one connection: 1.)
    /// With 2, p99 of creation at 256 connections under a 200 ms Swedbank Pay was 242.9–248.8 ms
    /// against 248.6–256.1 ms with 1, in alternating runs of `bench backend` (docs/benchmarks.md).
    static let postgresWriters = 2

    init(sql: any SQLDatabase, maxWriters: Int) {
        insert = GroupCommit(maxBatch: Self.maxBatch, maxWriters: maxWriters) { orders in
            try await Self.measured("insert", size: orders.count) { try await Self.insertAll(orders, into: sql) }
        }
        created = GroupCommit(maxBatch: Self.maxBatch, maxWriters: maxWriters) { updates in
            try await Self.measured("created", size: updates.count) { try await Self.markAllCreated(updates, in: sql) }
            return updates.map { _ in () }
        }
    }

    /// Runs one batch statement, recording its size and duration when metrics are on.
    private static func measured<T>(_ statement: String, size: Int, _ write: () async throws -> T) async throws -> T {
        guard BackendMetrics.enabled else { return try await write() }
        let start = ContinuousClock.now
        let result = try await write()
        BackendMetrics.commit(statement: statement, size: size, duration: ContinuousClock.now - start)
        return result
    }

    /// One INSERT for all `orders`, every column as the order holds it: true for each one
    /// inserted, false where it conflicted. Reservations (`pending`, no answer yet) and orders
    /// written whole once Swedbank Pay has answered share the statement.
    static func insertAll(_ orders: [StoredOrder], into sql: any SQLDatabase) async throws -> [Bool] {
        let rows = orders.map { order -> SQLQueryString in
            """
            (\(bind: order.id), \(bind: order.payeeReference), \(bind: order.userID), \(bind: order.idempotencyKey), \
            \(bind: order.requestHash), \(bind: order.operation), \(bind: order.currency), \(bind: order.amount), \
            \(bind: order.vatAmount), \(bind: order.payerReference), \(bind: order.creation.rawValue), \
            \(bind: order.status?.rawValue), \(bind: order.pspID), \(bind: order.responseStatus), \(bind: order.responseBody), \
            \(bind: order.createdAt), \(bind: order.updatedAt))
            """
        }
        // ON CONFLICT DO NOTHING also skips the second of two rows of one statement that
        // conflict with each other, so the batch behaves as its rows written one by one. The
        // cast: where every row's status code is NULL, PostgreSQL types the VALUES column as text,
        // which it does not assign to an integer column.
        let inserted = try await sql.raw(
            """
            INSERT INTO payment_orders (id, payee_reference, user_id, idempotency_key, request_hash, operation, \
            currency, amount, vat_amount, payer_reference, creation, status, psp_id, response_status, \
            response_body, created_at, updated_at) \
            SELECT v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8, \
            v.column9, v.column10, v.column11, v.column12, v.column13, CAST(v.column14 AS INTEGER), v.column15, \
            v.column16, v.column17 FROM (VALUES \(rows.joined(separator: ", "))) AS v \
            WHERE true ON CONFLICT DO NOTHING RETURNING id
            """
        ).all()
        let ids = Set(try inserted.map { try $0.decode(column: "id", as: String.self) })
        return orders.map { ids.contains($0.id) }
    }

    /// One UPDATE recording all `updates`.
    static func markAllCreated(_ updates: [CreatedOrderAnswer], in sql: any SQLDatabase) async throws {
        let rows = updates.map { update -> SQLQueryString in
            """
            (\(bind: update.id), \(bind: update.pspID), \(bind: update.status?.rawValue), \(bind: update.responseStatus), \
            \(bind: update.responseBody), \(bind: update.updatedAt))
            """
        }
        // A VALUES list's columns are column1, column2, … in both engines.
        try await sql.raw(
            """
            UPDATE payment_orders SET creation = 'created', psp_id = v.column2, status = v.column3, \
            response_status = v.column4, response_body = v.column5, updated_at = v.column6 \
            FROM (VALUES \(rows.joined(separator: ", "))) AS v WHERE payment_orders.id = v.column1
            """
        ).run()
    }
}

/// Swedbank Pay's answer to an order's creation, to record.
struct CreatedOrderAnswer: Sendable {
    var id: String
    var pspID: String
    var status: OrderStatus?
    var responseStatus: Int
    var responseBody: String
    var updatedAt: Int64
}
