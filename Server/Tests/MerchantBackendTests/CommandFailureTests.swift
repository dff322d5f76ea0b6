import Foundation
import ServerSupport
import Testing

@testable import MerchantBackend

/// What the `swedbankpay` process says and how it exits: `--version`, `migrate` and then a start
/// that leaves the schema alone, and a failure at run time as one line with status 1 — usage
/// text and 64 are for wrong flags only.
@Suite(.timeLimit(.minutes(2))) struct CommandFailureTests {
    /// Runs the binary to its end; returns its exit status (128 + the signal when one ended it)
    /// and its output (standard output and error together).
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (Int32, String) {
        let executable = try ServeProcess.executable()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("command-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        var variables = ProcessInfo.processInfo.environment
        for name in variables.keys where name.hasPrefix("SWEDBANKPAY_") || name == "DATABASE_URL" || name == "PORT" {
            variables[name] = nil
        }
        variables.merge(environment) { $1 }
        let child = try ChildProcess.launch(
            executable, arguments: arguments, environment: variables, standardOutput: handle, standardError: handle)
        let status = await child.exitStatus()
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        try? FileManager.default.removeItem(at: log)
        return (status, output)
    }

    @Test func versionNamesTheReleaseAndTheBuild() async throws {
        let (status, output) = try await Self.run(["--version"])
        #expect(status == 0)
        #expect(output == "0.1.0 (debug build)\n")
    }

    @Test func anUnreachableDatabaseIsOneLineAndStatusOne() async throws {
        let (status, output) = try await Self.run(
            ["migrate", "--database-url", "postgres://nobody:secret@127.0.0.1:1/none?sslmode=disable"])
        #expect(status == 1)
        let lines = output.split(separator: "\n")
        #expect(lines.count == 1, "\(output)")
        #expect(
            lines.first?.hasPrefix("Error: cannot open the PostgreSQL postgres://nobody:<redacted>@127.0.0.1:1/")
                == true)
        #expect(!output.contains("secret") && !output.contains("USAGE"))
    }

    @Test func wrongFlagsStillGetUsageAnd64() async throws {
        let (status, output) = try await Self.run(["migrate", "--database", "a.sqlite", "--database-url", "b.sqlite"])
        #expect(status == 64)
        #expect(output.contains("give --database or --database-url, not both"))
        #expect(output.contains("Usage: swedbankpay"))
    }

    /// `--auth`, `--log-level` and `--log-format` are choices the argument parser knows: help
    /// lists them, a value that is none of them is a wrong flag naming them, and any letter case
    /// is taken, as the environment's values are.
    @Test func choicesAreListedInHelpAndCheckedByTheParser() async throws {
        let (helpStatus, wrapped) = try await Self.run(["backend", "--help"])
        #expect(helpStatus == 0)
        let help = wrapped.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(values: example, jwt)"))
        #expect(help.contains("(values: trace, debug, info, notice, warning, error, critical)"))
        #expect(help.contains("(values: text, json)"))
        let (status, output) = try await Self.run(["serve", "--log-format", "yaml"])
        #expect(status == 64)
        #expect(output.contains("The value 'yaml' is invalid for '--log-format <format>'"))
        #expect(output.contains("'text'") && output.contains("'json'"))
        let (migrateStatus, migrate) = try await Self.run(["migrate", "--help"])
        #expect(migrateStatus == 0)
        #expect(migrate.contains("--database <path|url>") && migrate.contains("--database-url <url>"))
        let (environmentStatus, environment) = try await Self.run(
            ["serve", "--log-level", "WARNING"], environment: ["SWEDBANKPAY_AUTH": "nope"])
        #expect(environmentStatus == 64)
        #expect(environment.contains("Usage: swedbankpay"))
        #expect(environment.contains("SWEDBANKPAY_AUTH must be example or jwt, not nope"), "\(environment)")
    }

    /// A `--host` no URL can name is a wrong flag (64, usage), not a trap.
    @Test func aHostNoURLCanNameIsAWrongFlag() async throws {
        let (status, output) = try await Self.run([
            "serve", "--host", "exa mple", "--control-token", "a-control-token-of-enough-length",
            "--database", FileManager.default.temporaryDirectory.appendingPathComponent("unused.sqlite").path,
        ])
        #expect(status == 64, "\(output)")
        #expect(
            output.contains(#"--host (SWEDBANKPAY_HOST): the host "exa mple" cannot be written in a URL"#), "\(output)")
    }

    @Test func migrateThenABackendThatLeavesTheSchemaAlone() async throws {
        let location = try TestDatabase.location(.sqlite)
        defer { TestDatabase.remove(location) }
        guard case .sqlite(let path) = location else { return }
        let (status, output) = try await Self.run(["migrate", "--database", path])
        #expect(status == 0)
        #expect(output == "The SQLite file \(path) has every migration (schema version \(Migrations.latestVersion)).\n")
        let database = try await BackendDatabase.open(location, migrate: false)
        let missing = try await database.missingMigrations()
        try await database.close()
        #expect(missing == [])
    }

    @Test func aBackendOnAPortInUseEndsWithOneClearLine() async throws {
        let holder = try await BackendHarness.startSandbox()
        let taken = try #require(holder.sandboxURL.port)
        let location = try TestDatabase.location(.sqlite)
        guard case .sqlite(let path) = location else { return }
        let (status, output) = try await Self.run(
            [
                "backend", "--port", "\(taken)", "--database", path, "--swedbank-pay-url", "http://127.0.0.1:9",
                "--payee-id", "payee",
            ],
            environment: ["SWEDBANKPAY_MERCHANT_TOKEN": "token", "SWEDBANKPAY_API_KEYS": BackendHarness.apiKey])
        await holder.stop()
        TestDatabase.remove(location)
        #expect(status == 1)
        #expect(
            output.hasSuffix(
                "Error: cannot listen on 127.0.0.1:\(taken): the address is in use\n"),
            "\(output)")
    }

    @Test func aPortInUseIsOneLineAndStatusOne() async throws {
        // A socket listening on a port: the sandbox cannot take it.
        let port = try await BackendHarness.freePort()
        let holder = try await BackendHarness.startSandbox()
        let taken = holder.sandboxURL.port ?? port
        let (status, output) = try await Self.run(["sandbox", "--port", "\(taken)"])
        await holder.stop()
        #expect(status == 1)
        #expect(output.split(separator: "\n").count == 1, "\(output)")
        #expect(output.hasPrefix("Error: "))
        #expect(!output.contains("USAGE") && !output.contains("Usage"))
    }
}
