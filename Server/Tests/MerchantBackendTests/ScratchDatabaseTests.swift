import Foundation
import Logging
import Testing

@testable import MerchantBackend

/// The benchmark's scratch databases on PostgreSQL: made empty beside the one named, usable as a
/// backend's database, gone after `drop()`.
@Suite(.timeLimit(.minutes(1)))
struct ScratchDatabaseTests {
    @Test(.enabled(if: TestDatabase.postgresAvailable))
    func aScratchDatabaseStartsEmptyAndIsGoneOnceDropped() async throws {
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

    @Test func aPrefixOutsideLowerCaseLettersDigitsAndUnderscoresIsRefusedBeforeAnythingIsSent() async throws {
        // Port 1: nothing listens, so a statement sent would fail differently.
        await #expect(
            throws: DatabaseLocationError(message: "a scratch database's name is lower-case letters, digits and _")
        ) {
            _ = try await ScratchDatabase.create(
                onServerOf: "postgres://bench@127.0.0.1:1/any", prefix: "bench; DROP DATABASE x")
        }
    }

    @Test func aServerThatCannotBeReachedIsNamedInTheError() async throws {
        let port = try await BackendHarness.freePort()
        do {
            _ = try await ScratchDatabase.create(
                onServerOf: "postgres://bench:secret@127.0.0.1:\(port)/any", prefix: "unreachable")
            Issue.record("a database was made on a server that does not listen")
        } catch let error as DatabaseLocationError {
            #expect(error.message.hasPrefix("could not create the database unreachable_"))
            #expect(error.message.contains("PostgreSQL postgres://bench:<redacted>@127.0.0.1:\(port)/any"))
            #expect(!error.message.contains("secret"))
        }
    }
}
