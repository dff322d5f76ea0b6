@preconcurrency import AsyncKit
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit
import SQLiteNIO
import ServerSupport

/// An open database of either engine, as SQLKit's `SQLDatabase`, with the schema migrated.
///
/// SQLite runs through one connection (SQLite serialises writers anyway) in WAL mode with
/// `synchronous=NORMAL`: a committed order survives the process being killed (it is in the WAL
/// before the app hears of it), while an OS crash or power loss may lose the last commits — the
/// price of not syncing every commit, which in `bench backend` cut the creation rate by about a
/// third and tripled p99 (docs/merchant-backend-server.md has the figures).
/// Deployments that must survive power loss use PostgreSQL, which runs through a connection pool.
public final class BackendDatabase: Sendable {
    let sql: any SQLDatabase
    /// Which engine, for the few statements that differ.
    let engine: Engine
    private let closer: @Sendable () async throws -> Void
    /// Every status this process recorded, newest 1,024 kept: an event to await (a callback's
    /// status read back, a relay's or the admin API's), where a caller would otherwise poll the
    /// table. Other instances' changes are not in it.
    public let statusChanges = BoundedLog<StatusChange>(capacity: 1_024)

    /// A status recorded for an order.
    public struct StatusChange: Sendable, Hashable {
        /// The order's id (ours).
        public let orderID: String
        /// The status read from Swedbank Pay.
        public let status: String
    }

    enum Engine: Sendable { case sqlite, postgres }

    /// Each background checkpoint's log size in frames, on SQLite: an event to await.
    let checkpoints: BoundedLog<Int>?

    private init(
        sql: any SQLDatabase, engine: Engine, checkpoints: BoundedLog<Int>? = nil,
        closer: @escaping @Sendable () async throws -> Void
    ) {
        self.sql = sql
        self.engine = engine
        self.checkpoints = checkpoints
        self.closer = closer
    }

    /// Opens the database at `location` and, unless `migrate` is false (a database user that may
    /// not change the schema; `swedbankpay migrate` does it), brings its schema up to date. A PostgreSQL pool has
    /// `connectionsPerEventLoop` connections on each loop of NIO's shared group (one per core
    /// unless the process sets fewer: `swedbankpay` runs half as many as cores, at least one);
    /// no request holds one while it waits for Swedbank Pay, so a few serve many requests.
    public static func open(
        _ location: DatabaseLocation, connectionsPerEventLoop: Int = 8, migrate: Bool = true,
        logger: Logger = Logger(label: "MerchantBackend.database"), clock: BackendClock = .system
    ) async throws -> BackendDatabase {
        let database: BackendDatabase
        switch location {
        case .sqlite(let path):
            let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger).get()
            let sql = connection.sql(queryLogLevel: nil)
            let checkpointer: SQLiteCheckpointer
            do {
                // WAL lets readers run beside the writer; NORMAL writes each commit to the WAL
                // (safe from process crashes) and syncs at checkpoints (see the type's comment),
                // which run on their own connection rather than inside a commit.
                try await sql.raw("PRAGMA journal_mode=WAL").run()
                try await sql.raw("PRAGMA synchronous=NORMAL").run()
                try await sql.raw("PRAGMA busy_timeout=5000").run()
                try await sql.raw("PRAGMA wal_autocheckpoint=0").run()
                // The log keeps the size it reached (at most 512 MB: the checkpointer makes it start
                // over by 400 MB), so later writes reuse its blocks instead of growing the file
                // again: each growth is a metadata change the file system journals in order with
                // the checkpoint's sync, and waited for it (bench backend at C = 256, D = 200 ms:
                // p99 430 → 275 ms, docs/benchmarks.md).
                try await sql.raw("PRAGMA journal_size_limit=536870912").run()
                checkpointer = try await SQLiteCheckpointer.start(path: path, logger: logger)
            } catch {
                try? await connection.close().get()
                throw error
            }
            database = BackendDatabase(sql: sql, engine: .sqlite, checkpoints: checkpointer.checkpoints) {
                await checkpointer.stop()
                try await connection.close().get()
            }
        case .postgres(let url):
            let configuration = try SQLPostgresConfiguration(url: url)
            let pool = EventLoopGroupConnectionPool(
                source: PostgresConnectionSource(sqlConfiguration: configuration),
                maxConnectionsPerEventLoop: connectionsPerEventLoop, requestTimeout: .seconds(10),
                pruneInterval: .seconds(60),
                logger: logger, on: MultiThreadedEventLoopGroup.singleton)
            let sql = pool.database(logger: logger).sql(queryLogLevel: nil)
            // The pool is thread-safe (it locks internally) but is not marked Sendable.
            let shutdown = UncheckedSendable(pool)
            database = BackendDatabase(sql: sql, engine: .postgres) { try await shutdown.value.shutdownAsync() }
        }
        guard migrate else { return database }
        do {
            try await Migrations.run(on: database, now: clock.milliseconds)
        } catch {
            try? await database.close()
            throw error
        }
        return database
    }

    /// The newest schema version this build knows.
    public static var schemaVersion: Int { Migrations.latestVersion }

    /// The schema versions this build knows that the database has not applied, oldest first: empty
    /// when its schema is up to date. Throws when the database cannot be read.
    public func missingMigrations() async throws -> [Int] {
        let applied = try await Migrations.applied(on: sql, engine: engine)
        return Migrations.all.map(\.version).filter { !applied.contains($0) }
    }

    /// Closes the connection or pool.
    public func close() async throws {
        // In a task of its own, which is never cancelled: SQLite skips closing a connection when
        // the closing task is cancelled (a test past its time limit, a server stopped by a
        // signal), and a connection left open traps in its deinit.
        try await Task { try await closer() }.value
    }
}

/// Carries a value that is thread-safe but not marked `Sendable` by its module.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
