import Foundation
import SQLKit

/// The schema, as an ordered list of migrations. Each runs once per database, recorded in
/// `schema_migrations`; two backends starting at once against one PostgreSQL are safe because
/// every statement is idempotent and the version row is inserted ignoring conflicts.
enum Migrations {
    struct Migration: Sendable {
        let version: Int
        let statements: [String]
        /// Run after `statements` on PostgreSQL only; SQLite records the version all the same.
        var postgresStatements: [String] = []
    }

    static let all: [Migration] = [
        Migration(
            version: 1,
            statements: [
                """
                CREATE TABLE IF NOT EXISTS payment_orders (
                    id TEXT PRIMARY KEY,
                    payee_reference TEXT NOT NULL UNIQUE,
                    user_id TEXT NOT NULL,
                    idempotency_key TEXT,
                    request_hash TEXT NOT NULL,
                    operation TEXT NOT NULL,
                    currency TEXT NOT NULL,
                    amount BIGINT NOT NULL,
                    vat_amount BIGINT NOT NULL,
                    payer_reference TEXT,
                    creation TEXT NOT NULL,
                    status TEXT,
                    psp_id TEXT UNIQUE,
                    response_status INTEGER,
                    response_body TEXT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    UNIQUE (user_id, idempotency_key)
                )
                """,
                "CREATE INDEX IF NOT EXISTS payment_orders_user_payer ON payment_orders (user_id, payer_reference)",
            ]),
        // A payer reference belongs to the first user who used it: its saved cards are that
        // user's alone. Before this table, ownership was "any user with an order for it", which
        // let anyone claim a reference by naming it; existing references go to their first user.
        Migration(
            version: 2,
            statements: [
                """
                CREATE TABLE IF NOT EXISTS payer_owners (
                    payer_reference TEXT PRIMARY KEY,
                    user_id TEXT NOT NULL,
                    created_at BIGINT NOT NULL
                )
                """,
                """
                INSERT INTO payer_owners (payer_reference, user_id, created_at) \
                SELECT o.payer_reference, o.user_id, o.created_at FROM payment_orders o \
                WHERE o.payer_reference IS NOT NULL AND NOT EXISTS (\
                SELECT 1 FROM payment_orders p WHERE p.payer_reference = o.payer_reference \
                AND (p.created_at < o.created_at OR (p.created_at = o.created_at AND p.id < o.id))) \
                ON CONFLICT DO NOTHING
                """,
            ]),
        // Callbacks are answered only once recorded here, and the row goes only when the order's
        // status has been read back: a callback outlives the process that answered it and a
        // failed verification, instead of living in one process's memory.
        Migration(
            version: 3,
            statements: [
                """
                CREATE TABLE IF NOT EXISTS callback_inbox (
                    psp_id TEXT PRIMARY KEY,
                    received_at BIGINT NOT NULL,
                    version BIGINT NOT NULL
                )
                """,
                "CREATE INDEX IF NOT EXISTS callback_inbox_received ON callback_inbox (received_at)",
            ]),
        // The merchant's captures, cancellations and reversals (admin API): recorded before the
        // call to Swedbank Pay with their own payee reference, so a retry with the same
        // idempotency key gets the first answer and money never moves twice.
        Migration(
            version: 4,
            statements: [
                """
                CREATE TABLE IF NOT EXISTS order_transactions (
                    id TEXT PRIMARY KEY,
                    order_id TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    idempotency_key TEXT,
                    request_hash TEXT NOT NULL,
                    payee_reference TEXT NOT NULL UNIQUE,
                    amount BIGINT,
                    vat_amount BIGINT,
                    description TEXT NOT NULL,
                    state TEXT NOT NULL,
                    psp_transaction_id TEXT,
                    psp_number BIGINT,
                    response_status INTEGER,
                    response_body TEXT,
                    created_at BIGINT NOT NULL,
                    updated_at BIGINT NOT NULL,
                    UNIQUE (order_id, idempotency_key)
                )
                """,
                "CREATE INDEX IF NOT EXISTS order_transactions_order ON order_transactions (order_id, created_at)",
            ]),
        // Swedbank Pay's answers (2–4 KB of JSON) are compressed by PostgreSQL once a row passes
        // about 2 KB, by default with pglz: a tenth of the server's CPU per order creation under
        // load (docs/benchmarks.md). lz4 costs a fraction of that. A server built without lz4, or
        // older than PostgreSQL 14 (no SET COMPRESSION), keeps its default.
        Migration(
            version: 5, statements: [],
            postgresStatements: ["payment_orders", "order_transactions"].map { table in
                "DO $$ BEGIN ALTER TABLE \(table) ALTER COLUMN response_body SET COMPRESSION lz4; "
                    + "EXCEPTION WHEN feature_not_supported OR syntax_error THEN NULL; END $$"
            }),
        // A callback can overtake the order it is about: Swedbank Pay may send it (a payout, a
        // payment with a token) before this backend has written the order's row. Such a callback
        // waits here, bounded in number and age, until a retry round finds its order.
        Migration(
            version: 6,
            statements: [
                "CREATE TABLE IF NOT EXISTS callback_early (psp_id TEXT PRIMARY KEY, received_at BIGINT NOT NULL)",
                "CREATE INDEX IF NOT EXISTS callback_early_received ON callback_early (received_at)",
            ]),
        // A payer reference names a payer within its user only, and Swedbank Pay sees the
        // backend's own reference for it (`PayerBinding.swift`). The pins of version 2 carry over
        // as they were (the reference is its own Swedbank Pay reference, so saved cards stay
        // listed), except references that differ from another user's by letter case alone: a
        // service comparing them without case would have taken them for one payer, so neither
        // is kept. `payer_owners` is read no more; it stays for a backend of the previous
        // version still running during an upgrade.
        Migration(
            version: 7,
            statements: [
                """
                CREATE TABLE IF NOT EXISTS payer_references (
                    user_id TEXT NOT NULL,
                    payer_reference TEXT NOT NULL,
                    psp_payer_reference TEXT NOT NULL UNIQUE,
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (user_id, payer_reference)
                )
                """,
                """
                INSERT INTO payer_references (user_id, payer_reference, psp_payer_reference, created_at) \
                SELECT o.user_id, o.payer_reference, o.payer_reference, o.created_at FROM payer_owners o \
                WHERE NOT EXISTS (SELECT 1 FROM payer_owners p WHERE p.user_id <> o.user_id \
                AND lower(p.payer_reference) = lower(o.payer_reference)) \
                ON CONFLICT DO NOTHING
                """,
            ]),
    ]

    /// Applies what the database lacks; `now` (milliseconds) dates the versions applied.
    static func run(on database: BackendDatabase, now: Int64) async throws {
        guard database.engine == .postgres else {
            return try await apply(on: database.sql, engine: .sqlite, now: now)
        }
        // PostgreSQL: backends starting together take turns (CREATE TABLE IF NOT EXISTS is not
        // safe against a concurrent create there). The lock belongs to one connection, so all of
        // it runs in one session.
        try await database.sql.withSession { session in
            try await session.raw("SELECT pg_advisory_lock(\(bind: lockKey))").run()
            do {
                try await apply(on: session, engine: .postgres, now: now)
            } catch {
                try? await session.raw("SELECT pg_advisory_unlock(\(bind: lockKey))").run()
                throw error
            }
            try await session.raw("SELECT pg_advisory_unlock(\(bind: lockKey))").run()
        }
    }

    /// An arbitrary constant naming the migration lock.
    static let lockKey: Int64 = 0x5357_4250_4159

    private static func apply(on sql: any SQLDatabase, engine: BackendDatabase.Engine, now: Int64) async throws {
        try await sql.raw(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)"
        ).run()
        let applied = try await applied(on: sql, engine: engine)
        for migration in all where !applied.contains(migration.version) {
            for statement in migration.statements + (engine == .postgres ? migration.postgresStatements : []) {
                try await sql.raw(SQLQueryString(statement)).run()
            }
            try await sql.raw(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (\(bind: migration.version), \(bind: now)) ON CONFLICT DO NOTHING"
            ).run()
        }
    }

    /// The versions recorded in `schema_migrations`; none when the table does not exist yet.
    static func applied(on sql: any SQLDatabase, engine: BackendDatabase.Engine) async throws -> Set<Int> {
        let lookup: SQLQueryString =
            switch engine {
            case .sqlite:
                "SELECT count(*) AS present FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
            case .postgres: "SELECT count(to_regclass('schema_migrations')) AS present"
            }
        guard try await sql.raw(lookup).first(decodingColumn: "present", as: Int.self) == 1 else { return [] }
        return Set(
            try await sql.raw("SELECT version FROM schema_migrations").all().map {
                try $0.decode(column: "version", as: Int.self)
            })
    }

    /// The newest schema version.
    static var latestVersion: Int { all.map(\.version).max() ?? 0 }
}
