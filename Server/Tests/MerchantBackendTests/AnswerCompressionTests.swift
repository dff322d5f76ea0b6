import Foundation
import Testing

@testable import MerchantBackend

/// On PostgreSQL, Swedbank Pay's stored answers are compressed with lz4 rather than the default
/// pglz (migration 5); on SQLite the migration is recorded and changes nothing.
@Suite(.timeLimit(.minutes(1)))
struct AnswerCompressionTests {
    /// A JSON answer well past the 2 KB at which PostgreSQL compresses a row.
    static let answer =
        "{\"operations\":["
        + Array(repeating: "{\"rel\":\"view-paymentorder\"}", count: 200)
        .joined(separator: ",") + "]}"

    @Test(.enabled(if: TestDatabase.postgresAvailable))
    func postgreSQLStoresAnswersWithLZ4() async throws {
        guard case .postgres(let serverURL) = try TestDatabase.location(.postgres) else {
            throw TestDatabase.PostgresMissing()
        }
        let scratch = try await ScratchDatabase.create(onServerOf: serverURL, prefix: "compression_test")
        let database = try await BackendDatabase.open(scratch.location, connectionsPerEventLoop: 1)
        do {
            try await database.sql.raw(
                """
                INSERT INTO payment_orders (id, payee_reference, user_id, request_hash, operation, currency, amount, \
                vat_amount, creation, response_body, created_at, updated_at) \
                VALUES ('o1', 'r1', 'u1', 'h', 'Purchase', 'SEK', 100, 0, 'created', \(bind: Self.answer), 0, 0)
                """
            ).run()
            try await database.sql.raw(
                """
                INSERT INTO order_transactions (id, order_id, kind, request_hash, payee_reference, description, \
                state, response_body, created_at, updated_at) \
                VALUES ('t1', 'o1', 'capture', 'h', 'r2', 'd', 'done', \(bind: Self.answer), 0, 0)
                """
            ).run()
            for table in ["payment_orders", "order_transactions"] {
                let row = try await database.sql.raw(
                    "SELECT pg_column_compression(response_body) AS method, response_body FROM \(unsafeRaw: table)"
                ).all().first
                #expect(try row?.decode(column: "method", as: String.self) == "lz4", "\(table)")
                #expect(try row?.decode(column: "response_body", as: String.self) == Self.answer, "\(table)")
            }
            #expect(try await database.appliedSchemaVersions() == Migrations.all.map(\.version))
        } catch {
            try? await database.close()
            try? await scratch.drop()
            throw error
        }
        try await database.close()
        try await scratch.drop()
    }

    @Test func sqliteRecordsTheMigrationWithoutAnythingToDo() async throws {
        let database = try await BackendDatabase.open(try TestDatabase.location(.sqlite), connectionsPerEventLoop: 1)
        let versions = try await database.appliedSchemaVersions()
        try await database.close()
        #expect(versions == Migrations.all.map(\.version))
    }
}
