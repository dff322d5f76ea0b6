import AsyncHTTPClient
import Foundation
import ServerSupport
import Testing

/// `swedbankpay serve --https` as a user runs it, paid through by `demo native` and `demo web`
/// (each its own process) trusting the root it wrote: the SDK's requests over the demos'
/// trusting client, the pages in Chromium trusting that root's key only.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct HTTPSServeTests {
    struct Served {
        let server: ChildServer
        let backendURL: String
        let sandboxURL: String
        let root: String
    }

    /// Starts `serve --https` on free ports, its root written into `directory`.
    static func serve(in directory: URL) async throws -> Served {
        let executable = try ServeProcess.executable()
        let root = directory.appendingPathComponent("root.pem").path
        for _ in 1...3 {
            let port = try await BackendHarness.freePort()
            let sandboxPort = try await BackendHarness.freePort()
            let arguments = [
                "serve", "--https", "--https-root-file", root, "--port", "\(port)", "--sandbox-port", "\(sandboxPort)",
                "--database", directory.appendingPathComponent("serve.sqlite").path,
            ]
            if let server = try await ChildServer.launch(
                executable, arguments, url: "https://127.0.0.1:\(port)", healthPath: nil,
                readyText: "Merchant Backend listening on https://127.0.0.1:\(port)",
                log: directory.appendingPathComponent("serve.log"))
            {
                return Served(
                    server: server, backendURL: "https://127.0.0.1:\(port)",
                    sandboxURL: "https://127.0.0.1:\(sandboxPort)", root: root)
            }
        }
        throw ChildServer.StartTimeout(
            executable: "swedbankpay serve --https", url: "three pairs of free ports", reason: "each pair was taken")
    }

    /// Runs `swedbankpay <arguments>` to its end: its exit status and every line it wrote.
    static func run(_ arguments: [String], log: URL) async throws -> (status: Int32, lines: [String]) {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let output = ChildOutput(output: handle, errors: handle)
        let process = try ChildProcess.launch(
            try ServeProcess.executable(), arguments: arguments, standardOutput: output.childOutput,
            standardError: output.childErrors)
        try? output.childOutput.close()
        try? output.childErrors.close()
        output.start()
        LeftoverChildren.shared.add(process.processIdentifier)
        let status = await process.exitStatus()
        LeftoverChildren.shared.remove(process.processIdentifier)
        await output.closed()
        let lines = await output.events.all().compactMap { event -> String? in
            if case .line(let line) = event { return line }
            return nil
        }
        return (status, lines)
    }

    @Test func serveOverHTTPSIsPaidThroughByBothDemos() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("https-serve-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let served = try await Self.serve(in: directory)
        do {
            try await payThrough(served, directory: directory)
        } catch {
            await served.server.terminate()
            throw error
        }
        await served.server.terminate()
    }

    private func payThrough(_ served: Served, directory: URL) async throws {
        // It says how to trust what it made, and where that is.
        let said = await served.server.output.line(containing: "xcrun simctl keychain booted add-root-cert", within: 5)
        #expect(said == .line("Trust it — iOS Simulator: xcrun simctl keychain booted add-root-cert \(served.root)"))
        let anchors = try TLSIdentity.certificates(inPEMFile: served.root)
        #expect(anchors.count == 1)

        // Nothing trusts it unasked; with the root, the backend and the sandbox answer.
        await #expect(throws: (any Error).self) {
            _ = try await HTTPClient.shared.answer(.GET, served.backendURL + "/healthz", timeout: .seconds(10))
        }
        var configuration = HTTPClient.Configuration()
        configuration.tlsConfiguration = try TLSIdentity.clientConfiguration(trusting: anchors)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let health = try? await client.answer(.GET, served.backendURL + "/healthz", timeout: .seconds(10))
        let root = try? await client.answer(
            .GET, served.backendURL + "/",
            headers: ["x-payex-sample-apikey": "local-development-key", "x-payex-sample-access-token": "user-12345"],
            timeout: .seconds(10))
        try await client.shutdown()
        #expect(health?.status == 200)
        #expect(root?.status == 200)

        let native = try await Self.run(
            [
                "demo", "native", "--instrument", "swish", "--backend-url", served.backendURL + "/", "--sandbox-url",
                served.sandboxURL, "--ca-file", served.root,
            ], log: directory.appendingPathComponent("native.log"))
        #expect(native.status == 0, "\(native.lines.joined(separator: "\n"))")
        #expect(native.lines.contains { $0.hasPrefix("swish: paymentSessionComplete;") })
        // Every session request went to the sandbox over HTTPS (its log shows them answered).
        #expect(
            native.lines.contains {
                $0.contains("HTTP  POST /psp/paymentsessions/<session>/methods/Swish/attempts → 200")
            })

        let web = try await Self.run(
            [
                "demo", "web", "--backend-url", served.backendURL + "/", "--sandbox-url", served.sandboxURL,
                "--ca-file", served.root, "--screenshots", directory.appendingPathComponent("shots").path,
            ], log: directory.appendingPathComponent("web.log"))
        #expect(web.status == 0, "\(web.lines.joined(separator: "\n"))")
        #expect(web.lines.contains { $0.contains(" ms  paymentComplete") })
    }
}
