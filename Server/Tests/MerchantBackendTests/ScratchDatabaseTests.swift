import Foundation
import Logging
import Testing

@testable import MerchantBackend

/// The benchmark's scratch databases on PostgreSQL: made empty beside the one named, usable as a
/// backend's database, gone after `drop()`.
@Suite(.timeLimit(.minutes(1)), .enabled(if: TestDatabase.postgresAvailable))
struct ScratchDatabaseTests {
    @Test func aScratchDatabaseStartsEmptyAndIsGoneOnceDropped() async throws {
        guard case .postgres(let serverURL) = try TestDatabase.location(.postgres) else {
            throw TestDatabase.PostgresMissing()
        }
        let scratch = try await ScratchDatabase.create(onServerOf: serverURL, prefix: "scratch_test")
        guard case .postgres(let url) = scratch.location else {
            Issue.record("a scratch database on PostgreSQL is a PostgreSQL location")
            return
        }
        #expect(URLComponents(string: url)?.path.hasPrefix("/scratch_test_") == true)
        #expect(url != serverURL)

        let database = try await BackendDatabase.open(scratch.location, connectionsPerEventLoop: 1)
        #expect(try await database.orderCount() == 0)
        _ = try await database.preloadPaidOrders(from: 0, count: 3, reader: "reader")
        #expect(try await database.orderCount() == 3)
        try await database.close()

        try await scratch.drop()
        await #expect(throws: (any Error).self) {
            // Quiet: the pool logs the refused connection as an error, which here is the point.
            var quiet = Logger(label: "scratch-test")
            quiet.logLevel = .critical
            let reopened = try await BackendDatabase.open(
                scratch.location, connectionsPerEventLoop: 1, logger: quiet)
            try? await reopened.close()
        }
    }

    @Test func aPrefixOutsideLowerCaseLettersDigitsAndUnderscoresIsRefused() async throws {
        guard case .postgres(let serverURL) = try TestDatabase.location(.postgres) else {
            throw TestDatabase.PostgresMissing()
        }
        await #expect(throws: DatabaseLocationError.self) {
            _ = try await ScratchDatabase.create(onServerOf: serverURL, prefix: "bench; DROP DATABASE x")
        }
    }
}
