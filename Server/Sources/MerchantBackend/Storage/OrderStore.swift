import Foundation
import SQLKit

/// The payment orders table. Every change is one SQL statement, so nothing is ever half-written,
/// and the same statements run on SQLite and PostgreSQL.
struct OrderStore: Sendable {
    let database: BackendDatabase
    private var sql: any SQLDatabase { database.sql }
    /// The writes of order creation, each grouped with concurrent ones.
    private let writes: OrderWrites

    init(database: BackendDatabase) {
        self.database = database
        writes = OrderWrites(
            sql: database.sql, maxWriters: database.engine == .postgres ? OrderWrites.postgresWriters : 1)
    }

    /// Where a new order ended up.
    enum Reservation: Sendable, Equatable {
        /// The order was recorded as given.
        case recorded(StoredOrder)
        /// The user already has an order with this idempotency key.
        case existing(StoredOrder)
    }

    /// Records `order` (creation `pending`). With an idempotency key, an order the user already
    /// made with that key is returned instead, and nothing is written.
    func reserve(_ order: StoredOrder) async throws -> Reservation {
        // Inserted: no read back needed. Only a conflict, that is a key used before, needs the
        // stored row.
        if try await writes.insert.submit(order) { return .recorded(order) }
        if let key = order.idempotencyKey {
            guard
                let stored = try await select(
                    "WHERE user_id = \(bind: order.userID) AND idempotency_key = \(bind: key)", withAnswer: true
                ).first
            else { throw OrderStoreError.notRecorded }
            return .existing(stored)
        }
        // Without a key only a colliding id or payee reference conflicts: never recorded.
        throw OrderStoreError.notRecorded
    }

    /// Takes over an order whose creation failed or was left pending before `staleBefore`
    /// (milliseconds), so exactly one request tries Swedbank Pay again. Returns the claimed order,
    /// or nil when another request holds it.
    func claim(_ order: StoredOrder, now: Int64, staleBefore: Int64) async throws -> StoredOrder? {
        let rows = try await sql.raw(
            """
            UPDATE payment_orders SET creation = 'pending', updated_at = \(bind: now) \
            WHERE id = \(bind: order.id) AND updated_at = \(bind: order.updatedAt) \
            AND (creation = 'failed' OR (creation = 'pending' AND updated_at < \(bind: staleBefore))) RETURNING id
            """
        ).all()
        guard !rows.isEmpty else { return nil }
        var claimed = order
        claimed.creation = .pending
        claimed.updatedAt = now
        return claimed
    }

    /// Where an order's row stands when Swedbank Pay's answer is to be recorded.
    enum Row: Sendable, Equatable {
        /// Written before the call (``reserve(_:)`` or ``claim(_:now:staleBefore:)``): updated.
        case reserved
        /// Never written (a request without an idempotency key): inserted whole.
        case unwritten
    }

    /// Records how `order`'s creation at Swedbank Pay ended: its creation state, Swedbank Pay's id
    /// and status and the answer the app gets, as `order` holds them now. Created orders are
    /// written with group commit; a refusal or failure alone.
    func recordOutcome(_ order: StoredOrder, row: Row) async throws {
        switch (row, order.creation) {
        case (.unwritten, _):
            // Only a colliding id or payee reference conflicts: never recorded.
            guard try await writes.insert.submit(order) else { throw OrderStoreError.notRecorded }
        case (.reserved, .created):
            guard let pspID = order.pspID, let responseStatus = order.responseStatus,
                let responseBody = order.responseBody
            else { throw OrderStoreError.incompleteOutcome }
            try await writes.created.submit(
                CreatedOrderAnswer(
                    id: order.id, pspID: pspID, status: order.status, responseStatus: responseStatus,
                    responseBody: responseBody, updatedAt: order.updatedAt))
        case (.reserved, _):
            try await sql.raw(
                """
                UPDATE payment_orders SET creation = \(bind: order.creation.rawValue), \
                response_status = \(bind: order.responseStatus), response_body = \(bind: order.responseBody), \
                updated_at = \(bind: order.updatedAt) WHERE id = \(bind: order.id)
                """
            ).run()
        }
    }

    /// Records a status read from Swedbank Pay.
    func updateStatus(id: String, status: OrderStatus, now: Int64) async throws {
        try await sql.raw(
            """
            UPDATE payment_orders SET status = \(bind: status.rawValue), updated_at = \(bind: now) \
            WHERE id = \(bind: id) AND (status IS NULL OR status <> \(bind: status.rawValue))
            """
        ).run()
        await database.statusChanges.append(BackendDatabase.StatusChange(orderID: id, status: status.rawValue))
    }

    /// The order `id`; with the answer kept for its replay only `withAnswer`.
    func find(id: String, withAnswer: Bool = false) async throws -> StoredOrder? {
        try await select("WHERE id = \(bind: id)", withAnswer: withAnswer).first
    }

    /// The user's order with our id or with Swedbank Pay's id (`/psp/paymentorders/<guid>`).
    func find(reference: String, user: String) async throws -> StoredOrder? {
        try await select(Self.condition(reference: reference, user: user)).first
    }

    /// Which column `reference` names: Swedbank Pay's ids are paths and ours never start with a
    /// slash, so each lookup needs one index. (Asked as `id = ? OR psp_id = ?`, PostgreSQL probed
    /// both indexes and merged them in a bitmap for every status read, which grew slower with the
    /// table: +15 % at 1,000,000 orders against 10,000.)
    static func condition(reference: String, user: String) -> SQLQueryString {
        reference.hasPrefix("/")
            ? "WHERE user_id = \(bind: user) AND psp_id = \(bind: reference)"
            : "WHERE user_id = \(bind: user) AND id = \(bind: reference)"
    }

    func find(pspID: String) async throws -> StoredOrder? {
        try await select("WHERE psp_id = \(bind: pspID)").first
    }

    /// Where a callback was recorded.
    enum CallbackRecord: Equatable, Sendable {
        /// For one of this backend's orders, to be verified.
        case forOrder
        /// For no order yet: kept in `callback_early` until a retry round finds its order (its
        /// row may still be on the way) or it is older than ``earlyCallbackLifetime``.
        case early
        /// For no order, and `callback_early` already holds `maxEarly` other callbacks.
        case dropped

        /// The outcome's label in the `merchant_backend_callbacks` metric.
        var metricLabel: String {
            switch self {
            case .forOrder: "recorded"
            case .early: "early"
            case .dropped: "dropped"
            }
        }
    }

    /// How long, in milliseconds, a callback for no order waits for its order: far longer than
    /// the moment between Swedbank Pay's answer and the order's row.
    static let earlyCallbackLifetime: Int64 = 600_000

    /// Records a callback for order `pspID`. For one of this backend's orders a later callback
    /// bumps its version, so a verification that began before it does not clear it — whichever
    /// instance's clock says what. For an id that is no order (yet), at most `maxEarly` are kept,
    /// so forged callbacks cannot fill the database.
    func recordCallback(pspID: String, now: Int64, maxEarly: Int) async throws -> CallbackRecord {
        let recorded = try await sql.raw(
            """
            INSERT INTO callback_inbox (psp_id, received_at, version) \
            SELECT psp_id, \(bind: now), 1 FROM payment_orders WHERE psp_id = \(bind: pspID) \
            ON CONFLICT (psp_id) DO UPDATE SET received_at = excluded.received_at, \
            version = callback_inbox.version + 1 RETURNING psp_id
            """
        ).all()
        guard recorded.isEmpty else { return .forOrder }
        let kept = try await sql.raw(
            """
            INSERT INTO callback_early (psp_id, received_at) \
            SELECT \(bind: pspID), \(bind: now) WHERE (SELECT count(*) FROM callback_early) < \(bind: maxEarly) \
            OR EXISTS (SELECT 1 FROM callback_early WHERE psp_id = \(bind: pspID)) \
            ON CONFLICT (psp_id) DO UPDATE SET received_at = excluded.received_at RETURNING psp_id
            """
        ).all()
        return kept.isEmpty ? .dropped : .early
    }

    /// Moves the early callbacks whose order is now recorded into `callback_inbox` and returns
    /// their orders, then forgets early callbacks received before `expiredBefore` (milliseconds).
    /// Two instances doing this at once record a callback twice at worst: one read too many.
    func promoteEarlyCallbacks(expiredBefore: Int64) async throws -> [String] {
        let promoted = try await sql.raw(
            """
            INSERT INTO callback_inbox (psp_id, received_at, version) \
            SELECT e.psp_id, e.received_at, 1 FROM callback_early e \
            JOIN payment_orders p ON p.psp_id = e.psp_id WHERE true \
            ON CONFLICT (psp_id) DO UPDATE SET version = callback_inbox.version + 1 RETURNING psp_id
            """
        ).all().map { try $0.decode(column: "psp_id", as: String.self) }
        // Only the rows promoted: one recorded meanwhile waits for the next round.
        for pspID in promoted {
            try await sql.raw("DELETE FROM callback_early WHERE psp_id = \(bind: pspID)").run()
        }
        try await sql.raw("DELETE FROM callback_early WHERE received_at < \(bind: expiredBefore)").run()
        return promoted
    }

    /// The version of order `pspID`'s recorded callbacks, read before a verification reads the
    /// order; nil when none is recorded.
    func callbackVersion(pspID: String) async throws -> Int64? {
        try await sql.raw("SELECT version FROM callback_inbox WHERE psp_id = \(bind: pspID)").all().first?
            .decode(column: "version", as: Int64.self)
    }

    /// The order's status was read after the callbacks up to `version` were recorded: unless
    /// another arrived meanwhile, they are done.
    func callbacksVerified(pspID: String, version: Int64) async throws {
        try await sql.raw(
            "DELETE FROM callback_inbox WHERE psp_id = \(bind: pspID) AND version = \(bind: version)"
        ).run()
    }

    /// Orders with a callback recorded before `receivedBefore` and still not verified, oldest
    /// first: their verification failed or died with its process.
    func unverifiedCallbacks(receivedBefore: Int64, limit: Int) async throws -> [String] {
        try await sql.raw(
            """
            SELECT psp_id FROM callback_inbox WHERE received_at < \(bind: receivedBefore) \
            ORDER BY received_at LIMIT \(bind: limit)
            """
        ).all().map { try $0.decode(column: "psp_id", as: String.self) }
    }

    /// The newest `limit` orders, newest first (the admin API's list).
    func newest(limit: Int) async throws -> [StoredOrder] {
        try await select("ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)")
    }

    /// Every order, oldest first, with the answers kept for replay (tests and the crash-safety
    /// check).
    func all() async throws -> [StoredOrder] {
        try await select("ORDER BY created_at, id", withAnswer: true)
    }

    /// The orders `condition` selects. The answer kept for an idempotent replay (2–4 KB, which
    /// PostgreSQL stores compressed) is read only `withAnswer`: a status read or a callback has
    /// no use for it; the row's `responseBody` is nil otherwise.
    private func select(_ condition: SQLQueryString, withAnswer: Bool = false) async throws -> [StoredOrder] {
        var query = SQLQueryString(
            """
            SELECT id, payee_reference, user_id, idempotency_key, request_hash, operation, currency, amount, \
            vat_amount, payer_reference, creation, status, psp_id, response_status, created_at, updated_at
            """)
        query.appendInterpolation(unsafeRaw: (withAnswer ? ", response_body" : "") + " FROM payment_orders ")
        query.appendInterpolation(condition)
        return try await sql.raw(query).all().map { try Self.order($0, withAnswer: withAnswer) }
    }

    private static func order(_ row: any SQLRow, withAnswer: Bool) throws -> StoredOrder {
        let creation = try row.decode(column: "creation", as: String.self)
        return StoredOrder(
            id: try row.decode(column: "id", as: String.self),
            payeeReference: try row.decode(column: "payee_reference", as: String.self),
            userID: try row.decode(column: "user_id", as: String.self),
            idempotencyKey: try row.decode(column: "idempotency_key", as: String?.self),
            requestHash: try row.decode(column: "request_hash", as: String.self),
            operation: try row.decode(column: "operation", as: String.self),
            currency: try row.decode(column: "currency", as: String.self),
            amount: try row.decode(column: "amount", as: Int64.self),
            vatAmount: try row.decode(column: "vat_amount", as: Int64.self),
            payerReference: try row.decode(column: "payer_reference", as: String?.self),
            creation: StoredOrder.Creation(rawValue: creation) ?? .failed,
            status: try row.decode(column: "status", as: String?.self).map(OrderStatus.init(rawValue:)),
            pspID: try row.decode(column: "psp_id", as: String?.self),
            responseStatus: try row.decode(column: "response_status", as: Int?.self),
            responseBody: withAnswer ? try row.decode(column: "response_body", as: String?.self) : nil,
            createdAt: try row.decode(column: "created_at", as: Int64.self),
            updatedAt: try row.decode(column: "updated_at", as: Int64.self))
    }
}

enum OrderStoreError: Error {
    /// An insert left no row behind (a payee reference collision): try again with a new one.
    case notRecorded
    /// A created order's outcome lacks Swedbank Pay's id or the answer: a defect of the caller.
    case incompleteOutcome
}
