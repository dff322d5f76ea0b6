import ArgumentParser
import Foundation
import Logging
import MerchantBackend

/// `swedbankpay migrate`: brings the Merchant Backend's database schema up to date and exits — the
/// step a deployment runs once, with a user that may change the schema, before starting backends
/// with `--skip-migrations` under a user that may not. Safe to run again, and alongside backends
/// (the migrations take turns under a lock on PostgreSQL).
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Brings the Merchant Backend's database schema up to date, then exits."
    )

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var sources: ConfigurationSources

    func run() async throws {
        try await sources.load()
        let location = try database.resolved()
        // A one-off step: its failure is the one line it ends with, not the pool's log lines too.
        var quiet = Logger(label: "MerchantBackend.database")
        quiet.logLevel = .critical
        let opened = try await BackendRunner.openDatabase(location, logger: quiet)
        do {
            let missing = try await opened.missingMigrations()
            guard missing.isEmpty else { throw RunFailure("the \(location) still lacks migrations \(missing)") }
        } catch {
            try? await opened.close()
            throw error
        }
        try await opened.close()
        Console.line("The \(location) has every migration (schema version \(BackendDatabase.schemaVersion)).")
    }
}
