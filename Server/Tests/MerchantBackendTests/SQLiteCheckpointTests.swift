import Foundation
import SQLKit
import ServerSupport
import Testing

@testable import MerchantBackend

/// SQLite's log is copied into the database file by the background checkpointer, not inside
/// commits: the file fills while the writer's own automatic checkpoint is off.
@Suite(.timeLimit(.minutes(1))) struct SQLiteCheckpointTests {
    @Test func theLogReachesTheDatabaseFileWithoutTheWriterCheckpointing() async throws {
        let location = try TestDatabase.location(.sqlite)
        defer { TestDatabase.remove(location) }
        guard case .sqlite(let path) = location else { return }
        let database = try await BackendDatabase.open(location)
        do {
            let autocheckpoint = try await database.sql.raw("PRAGMA wal_autocheckpoint").first()
            #expect(try autocheckpoint?.decode(column: "wal_autocheckpoint", as: Int.self) == 0)
            let checkpoints = try #require(database.checkpoints)
            let sizeBefore = try Self.size(of: path)
            let orders = (0..<2_000).map {
                OrderWritesTests.order("c-\($0)", user: "checkpoint", key: nil, payeeReference: "P\($0)")
            }
            for batch in stride(from: 0, to: orders.count, by: OrderWrites.maxBatch) {
                let slice = Array(orders[batch..<min(batch + OrderWrites.maxBatch, orders.count)])
                #expect(try await OrderWrites.insertAll(slice, into: database.sql).allSatisfy { $0 })
            }
            // The rows are in the log; after the next checkpoint that started once they were (the
            // second from now: one may be running), they are in the file too.
            let done = await checkpoints.totalAppended
            _ = await checkpoints.entries(once: done + 2)
            #expect(try Self.size(of: path) >= sizeBefore + 100_000)
            #expect(try await OrderStore(database: database).all().count == 2_000)
        } catch {
            try? await database.close()
            throw error
        }
        try await database.close()
    }

    static func size(of path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
