import Foundation
import Logging
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO
import ServerSupport

/// Copies SQLite's write-ahead log into the database file on a connection of its own, so order
/// writes never wait for it.
///
/// SQLite's automatic checkpoint runs inside the commit that crosses its threshold, and with
/// `synchronous=NORMAL` a checkpoint syncs the log and the database file: every write queued
/// behind that commit waits for the disk. Here a passive checkpoint runs every `interval` beside
/// the writer instead (in `bench backend`: p99 of order creation about 21 ms instead of about
/// 25 ms, docs/benchmarks.md). A passive checkpoint never blocks the writer, but while writes
/// continue without a pause the log cannot start over; past `restartAfterFrames` a restarting
/// checkpoint waits for the writer once, so the log stays bounded, and `journal_size_limit`
/// shrinks the file again afterwards.
///
/// Five checkpoints a second rather than one: each copies and syncs a fifth of the pages, and on a
/// slow disk the writer's log writes stall while a large sync drains (under a slow Swedbank Pay,
/// those stalls made most of the tail of creation at 256 connections, p99 247–272 ms with one checkpoint a
/// second, 226–250 ms with five, A/B in docs/benchmarks.md).
///
/// The checkpoint's connection has a thread of its own: a checkpoint blocks its thread while the
/// disk syncs (hundreds of milliseconds on a slow disk), and the process-wide pool the writer's
/// connection uses has one thread per core, so the wait must never take one of those.
final class SQLiteCheckpointer: Sendable {
    private let task: Task<Void, Never>
    private let connection: SQLiteConnection
    private let thread: NIOThreadPool
    /// The log's size in frames after each checkpoint.
    let checkpoints: BoundedLog<Int>

    /// Frames (pages, 4 KiB by default) the log may hold before a checkpoint waits for the
    /// writer: about 400 MB.
    static let restartAfterFrames = 100_000

    private init(
        task: Task<Void, Never>, connection: SQLiteConnection, thread: NIOThreadPool, checkpoints: BoundedLog<Int>
    ) {
        self.task = task
        self.connection = connection
        self.thread = thread
        self.checkpoints = checkpoints
    }

    /// Opens a second connection to the database at `path` and checkpoints every `interval`.
    static func start(path: String, interval: Duration = .milliseconds(200), logger: Logger) async throws
        -> SQLiteCheckpointer
    {
        let thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(
                storage: .file(path: path), threadPool: thread, logger: logger,
                on: MultiThreadedEventLoopGroup.singleton.any())
        } catch {
            try? await thread.shutdownGracefully()
            throw error
        }
        let sql = connection.sql(queryLogLevel: nil)
        do {
            try await sql.raw("PRAGMA busy_timeout=5000").run()
        } catch {
            try? await connection.close()
            try? await thread.shutdownGracefully()
            throw error
        }
        let checkpoints = BoundedLog<Int>(capacity: 64)
        let task = Task {
            var restart = false
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                do {
                    let frames = try await checkpoint(sql, mode: restart ? "RESTART" : "PASSIVE")
                    restart = frames > restartAfterFrames
                    await checkpoints.append(frames)
                } catch is CancellationError {
                    break
                } catch {
                    logger.warning("WAL checkpoint failed", metadata: ["error": "\(error)"])
                }
            }
        }
        return SQLiteCheckpointer(task: task, connection: connection, thread: thread, checkpoints: checkpoints)
    }

    /// Runs one checkpoint; returns how many frames the log holds.
    @discardableResult
    static func checkpoint(_ sql: any SQLDatabase, mode: String) async throws -> Int {
        let rows = try await sql.raw("PRAGMA wal_checkpoint(\(unsafeRaw: mode))").all()
        return try rows.first?.decode(column: "log", as: Int.self) ?? 0
    }

    /// Stops checkpointing and closes the connection.
    func stop() async {
        task.cancel()
        await task.value
        try? await connection.close()
        try? await thread.shutdownGracefully()
    }
}
