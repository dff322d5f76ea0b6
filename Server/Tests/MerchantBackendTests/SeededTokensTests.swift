import Foundation
import PaymentSandbox
import Testing

/// `--seed` makes view and session tokens the same on every run: `serve` and `sandbox` say so
/// loudly at start, and refuse it on a host that is not loopback.
@Suite(.timeLimit(.minutes(1))) struct SeededTokensTests {
    @Test func aSeedIsRefusedOffLoopbackOnly() {
        #expect(throws: SeededTokens.Refusal.offLoopback(host: "0.0.0.0")) {
            try SeededTokens.check(seed: 7, host: "0.0.0.0")
        }
        #expect(throws: SeededTokens.Refusal.offLoopback(host: "192.168.1.20")) {
            try SeededTokens.check(seed: 0, host: "192.168.1.20")
        }
        #expect(throws: Never.self) { try SeededTokens.check(seed: 7, host: "127.0.0.1") }
        #expect(throws: Never.self) { try SeededTokens.check(seed: 7, host: "::1") }
        #expect(throws: Never.self) { try SeededTokens.check(seed: nil, host: "0.0.0.0") }
    }

    @Test(arguments: [
        ["serve", "--seed", "7", "--host", "0.0.0.0", "--control-token", "control-token-0123456789"],
        ["sandbox", "--seed", "7", "--host", "0.0.0.0", "--control-token", "control-token-0123456789"],
    ])
    func theCommandsRefuseASeedOffLoopback(arguments: [String]) async throws {
        let (status, output) = try await CommandFailureTests.run(arguments)
        #expect(status == 64, "\(output)")
        #expect(output.contains(SeededTokens.Refusal.offLoopback(host: "0.0.0.0").description), "\(output)")
        #expect(!output.contains("listening"))
    }

    @Test func serveWarnsOfASeedBeforeItListens() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess.start(
            try ServeProcess.executable(), database: directory.appendingPathComponent("orders.sqlite").path,
            options: ["--seed", "7"])
        let warning = await serve.server.output.line(containing: SeededTokens.warning, within: 30)
        await serve.terminate()
        #expect(warning.isLine)
    }
}
