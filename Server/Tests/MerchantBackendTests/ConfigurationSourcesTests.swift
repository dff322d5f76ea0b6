import AsyncHTTPClient
import Foundation
import Testing

/// `swedbankpay backend` reading its settings through swift-configuration: a `.env` file
/// (`--env-file`), a directory of secrets (`--secrets-dir`, one file per setting), the process
/// environment over both, and flags over everything — with the same names and messages as before.
@Suite(.timeLimit(.minutes(2))) struct ConfigurationSourcesTests {
    @Test func settingsComeFromTheEnvFileAndTheSecretsDirectory() async throws {
        let executable = try ServeProcess.executable()
        let sandbox = try await BackendHarness.startSandbox()
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let secrets = directory.appendingPathComponent("secrets")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        // The merchant token only in the secrets directory, as a container secret.
        try (BackendHarness.merchantToken + "\n").write(
            to: secrets.appendingPathComponent("SWEDBANKPAY_MERCHANT_TOKEN"), atomically: true, encoding: .utf8)
        var server: ChildServer?
        for _ in 1...3 where server == nil {
            let port = try await BackendHarness.freePort()
            let envFile = directory.appendingPathComponent("backend.env")
            // PORT in the file loses to the environment; the rest is read from the file.
            try """
            # settings of the test backend
            PORT=1
            SWEDBANKPAY_BASE_URL=\(sandbox.sandboxURL.absoluteString)
            SWEDBANKPAY_PAYEE_ID=\(BackendHarness.payeeID)
            SWEDBANKPAY_API_KEYS=\(BackendHarness.apiKey)
            DATABASE_URL=\(directory.appendingPathComponent("orders.sqlite").path)

            """.write(to: envFile, atomically: true, encoding: .utf8)
            server = try await ChildServer.launch(
                executable, ["backend", "--env-file", envFile.path, "--secrets-dir", secrets.path],
                environment: ["PORT": "\(port)"], url: "http://127.0.0.1:\(port)",
                readyText: "Merchant Backend listening on http://127.0.0.1:\(port)")
        }
        let backend = try #require(server)
        let created = try await HTTPClient.shared.answer(
            .POST, backend.url + "/paymentorders", json: BackendHarness.orderJSON(), headers: BackendHarness.appHeaders)
        await backend.terminate()
        await sandbox.stop()
        // The API key from the file let the app in; the token from the secrets directory let the
        // backend create the order at the sandbox.
        #expect(created.status == 201, "\(created.body)")
    }

    @Test(arguments: [
        (["--env-file", "/nonexistent/backend.env"], "cannot read the environment file /nonexistent/backend.env"),
        (["--secrets-dir", "/nonexistent/secrets"], "cannot read the secrets directory /nonexistent/secrets"),
        (["--env-file", "ENV:PORT=eighty"], "PORT must be a port number (0–65535), not eighty"),
    ])
    func aBadSourceStopsTheStartNamingIt(arguments: [String], message: String) async throws {
        let executable = try ServeProcess.executable()
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments = arguments
        if arguments.last?.hasPrefix("ENV:") == true {
            let file = directory.appendingPathComponent("bad.env")
            try String(arguments.removeLast().dropFirst(4)).write(to: file, atomically: true, encoding: .utf8)
            arguments.append(file.path)
        }
        let errors = directory.appendingPathComponent("errors")
        let server = try await ChildServer.launch(
            executable, ["backend"] + arguments, environment: ["SWEDBANKPAY_MERCHANT_TOKEN": "unused-token"],
            url: "http://127.0.0.1:1", readyText: "Merchant Backend listening on", errors: errors)
        #expect(server == nil)
        let printed = try String(contentsOf: errors, encoding: .utf8)
        #expect(printed.contains(message), "\(printed)")
    }

    private static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
