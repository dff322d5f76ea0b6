import Foundation
import ServerSupport
import Testing

@testable import MerchantBackend

/// `swedbankpay orders`, the operator's command over the admin API, run as the built executable
/// against a backend and sandbox on loopback.
@Suite(.timeLimit(.minutes(2))) struct OrdersCommandTests {
    /// Runs `swedbankpay orders <arguments>`; returns its exit status and standard output.
    static func orders(_ arguments: [String], backendURL: String) async throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        let process = try ChildProcess.launch(
            try ServeProcess.executable(),
            arguments: ["orders"] + arguments + ["--backend-url", backendURL, "--admin-key", AdminAPITests.adminKey],
            environment: nil, standardOutput: handle, standardError: handle)
        try handle.close()
        let status = await process.exitStatus()
        return (status, try String(contentsOf: file, encoding: .utf8))
    }

    @Test func captureCancelAndListThroughTheCommand() async throws {
        try await BackendHarness.run(configure: AdminAPITests.withAdmin) { harness in
            let (id, _) = try await AdminAPITests.paidOrder(harness)
            let capture = try await Self.orders(["capture", id, "--amount", "1000"], backendURL: harness.backendURL)
            #expect(capture.status == 0, "\(capture.output)")
            #expect(capture.output.hasPrefix("Idempotency-Key: cli-"))
            #expect(capture.output.contains(#""kind" : "capture""#))
            #expect(capture.output.contains(#""remainingCaptureAmount" : 500"#))
            // A retry with the key printed gets the first answer; nothing moves twice.
            let key = try #require(capture.output.split(separator: "\n").first?.dropFirst("Idempotency-Key: ".count))
            let retry = try await Self.orders(
                ["capture", id, "--amount", "1000", "--idempotency-key", String(key)], backendURL: harness.backendURL)
            #expect(retry.status == 0)
            #expect(retry.output == capture.output)
            let cancel = try await Self.orders(
                ["cancel", id, "--description", "Out of stock"], backendURL: harness.backendURL)
            #expect(cancel.status == 0, "\(cancel.output)")
            #expect(cancel.output.contains(#""remainingCancellationAmount" : 0"#))
            let refused = try await Self.orders(["capture", id, "--amount", "1"], backendURL: harness.backendURL)
            #expect(refused.status == 1)
            #expect(refused.output.contains(#""status" : 409"#))
            let list = try await Self.orders(["list", "--limit", "1"], backendURL: harness.backendURL)
            #expect(list.status == 0)
            #expect(list.output.contains(id))
        }
    }
}
