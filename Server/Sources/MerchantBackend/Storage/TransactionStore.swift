import Foundation
import SQLKit

/// The `order_transactions` table: one row per capture, cancellation or reversal, each change one
/// statement.
struct TransactionStore: Sendable {
    let sql: any SQLDatabase

    /// Where a new transaction ended up.
    enum Reservation: Sendable, Equatable {
        case recorded(StoredTransaction)
        /// The order already has a transaction with this idempotency key.
        case existing(StoredTransaction)
    }

    /// Records `transaction` (state `pending`). With an idempotency key already used for the same
    /// order, the stored transaction is returned instead and nothing is written.
    func reserve(_ transaction: StoredTransaction) async throws -> Reservation {
        let inserted = try await sql.raw(
            """
            INSERT INTO order_transactions (id, order_id, kind, idempotency_key, request_hash, payee_reference, \
            amount, vat_amount, description, state, created_at, updated_at) VALUES (\(bind: transaction.id), \
            \(bind: transaction.orderID), \(bind: transaction.kind.rawValue), \(bind: transaction.idempotencyKey), \
            \(bind: transaction.requestHash), \(bind: transaction.payeeReference), \(bind: transaction.amount), \
            \(bind: transaction.vatAmount), \(bind: transaction.description), \(bind: transaction.state.rawValue), \
            \(bind: transaction.createdAt), \(bind: transaction.updatedAt)) ON CONFLICT DO NOTHING RETURNING id
            """
        ).all()
        if !inserted.isEmpty { return .recorded(transaction) }
        if let key = transaction.idempotencyKey,
            let stored = try await select(
                "WHERE order_id = \(bind: transaction.orderID) AND idempotency_key = \(bind: key)"
            ).first
        {
            return .existing(stored)
        }
        throw OrderStoreError.notRecorded
    }

    /// Takes over a transaction without a verdict — `failed`, `unknown`, or `pending` since before
    /// `staleBefore` (its process died; ``AbandonmentWindow``) — as it was read, so exactly one
    /// retry resolves it; nil when another request got there first.
    func claim(_ transaction: StoredTransaction, now: Int64, staleBefore: Int64) async throws -> StoredTransaction? {
        let rows = try await sql.raw(
            """
            UPDATE order_transactions SET state = 'pending', updated_at = \(bind: now) \
            WHERE id = \(bind: transaction.id) AND updated_at = \(bind: transaction.updatedAt) \
            AND (state IN ('failed', 'unknown') OR (state = 'pending' AND updated_at < \(bind: staleBefore))) \
            RETURNING id
            """
        ).all()
        guard !rows.isEmpty else { return nil }
        var claimed = transaction
        claimed.state = .pending
        claimed.updatedAt = now
        return claimed
    }

    /// Records the outcome of the call to Swedbank Pay.
    func finish(_ transaction: StoredTransaction) async throws {
        try await sql.raw(
            """
            UPDATE order_transactions SET state = \(bind: transaction.state.rawValue), \
            amount = \(bind: transaction.amount), vat_amount = \(bind: transaction.vatAmount), \
            psp_transaction_id = \(bind: transaction.pspTransactionID), psp_number = \(bind: transaction.pspNumber), \
            response_status = \(bind: transaction.responseStatus), response_body = \(bind: transaction.responseBody), \
            updated_at = \(bind: transaction.updatedAt) WHERE id = \(bind: transaction.id)
            """
        ).run()
    }

    /// The order's transactions, oldest first.
    func all(orderID: String) async throws -> [StoredTransaction] {
        try await select("WHERE order_id = \(bind: orderID) ORDER BY created_at, id")
    }

    private func select(_ condition: SQLQueryString) async throws -> [StoredTransaction] {
        var query = SQLQueryString(
            """
            SELECT id, order_id, kind, idempotency_key, request_hash, payee_reference, amount, vat_amount, \
            description, state, psp_transaction_id, psp_number, response_status, response_body, created_at, \
            updated_at FROM order_transactions 
            """)
        query.appendInterpolation(condition)
        return try await sql.raw(query).all().map { row in
            StoredTransaction(
                id: try row.decode(column: "id", as: String.self),
                orderID: try row.decode(column: "order_id", as: String.self),
                kind: StoredTransaction.Kind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .capture,
                idempotencyKey: try row.decode(column: "idempotency_key", as: String?.self),
                requestHash: try row.decode(column: "request_hash", as: String.self),
                payeeReference: try row.decode(column: "payee_reference", as: String.self),
                amount: try row.decode(column: "amount", as: Int64?.self),
                vatAmount: try row.decode(column: "vat_amount", as: Int64?.self),
                description: try row.decode(column: "description", as: String.self),
                state: StoredTransaction.State(rawValue: try row.decode(column: "state", as: String.self)) ?? .failed,
                pspTransactionID: try row.decode(column: "psp_transaction_id", as: String?.self),
                pspNumber: try row.decode(column: "psp_number", as: Int64?.self),
                responseStatus: try row.decode(column: "response_status", as: Int?.self),
                responseBody: try row.decode(column: "response_body", as: String?.self),
                createdAt: try row.decode(column: "created_at", as: Int64.self),
                updatedAt: try row.decode(column: "updated_at", as: Int64.self))
        }
    }
}
