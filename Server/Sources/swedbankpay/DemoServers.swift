import Foundation
import Hummingbird
import Logging
import MerchantBackend
import PaymentSandbox
import ServerSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a demo pays against: `serve`'s Merchant Backend and Payment Sandbox started in this
/// process on free loopback ports (SQLite in a temporary directory), or a backend already running.
struct DemoServers: Sendable {
    /// The backend URL the SDK is configured with.
    let backendURL: URL
    /// The sandbox, when known: its request log counts the requests of a payment.
    let sandboxURL: URL?
    /// The API key the backend accepts.
    let apiKey: String
    private let stop: @Sendable () async -> Void

    /// A backend already running (`swedbankpay serve`), with its sandbox if given.
    static func running(backendURL: URL, sandboxURL: URL?, apiKey: String) -> DemoServers {
        DemoServers(backendURL: backendURL, sandboxURL: sandboxURL, apiKey: apiKey) {}
    }

    /// Starts a sandbox and a backend as `serve` does, on free loopback ports, and waits until both listen.
    static func inProcess() async throws -> DemoServers {
        var logger = Logger(label: "swedbankpay.demo")
        logger.logLevel = .critical
        let merchantToken = UUID().uuidString + UUID().uuidString
        let sandboxPort = try await FreePort.pick(host: "127.0.0.1")
        let backendPort = try await FreePort.pick(host: "127.0.0.1")
        let sandboxURL = URL(string: "http://127.0.0.1:\(sandboxPort)")!
        var sandboxConfiguration = SandboxConfiguration(merchantTokens: [merchantToken])
        sandboxConfiguration.publicBaseURL = sandboxURL
        sandboxConfiguration.payeeId = "demo-merchant"
        let sandbox = PaymentSandbox(configuration: sandboxConfiguration)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swedbankpay-demo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try await BackendRunner.openDatabase(
            .sqlite(path: directory.appendingPathComponent("demo.sqlite").path))
        let apiKey = ServeCommand.defaultAPIKey
        let backend = try MerchantBackend(
            configuration: BackendConfiguration(
                swedbankPayBaseURL: sandboxURL, merchantToken: Secret(merchantToken), payeeId: "demo-merchant",
                publicBaseURL: URL(string: "http://127.0.0.1:\(backendPort)")!, apiKeys: [Secret(apiKey)],
                trampolineURL: sandboxURL.appendingPathComponent("externalresourcehost/trampoline"),
                appSchemes: ServeCommand.defaultAppSchemes),
            database: database)

        let (listening, ready) = AsyncStream<Int>.makeStream()
        let sandboxApp = sandbox.application(host: "127.0.0.1", port: sandboxPort, logger: logger) { ready.yield($0) }
        let backendApp = backend.application(host: "127.0.0.1", port: backendPort, logger: logger) {
            ready.yield($0)
        }
        // The backend stops first, then the sandbox it calls.
        let servers = RunningServices([sandboxApp, backendApp], logger: logger)
        var iterator = listening.makeAsyncIterator()
        for _ in 0..<2 { _ = await iterator.next() }
        return DemoServers(
            backendURL: URL(string: "http://127.0.0.1:\(backendPort)/")!, sandboxURL: sandboxURL, apiKey: apiKey
        ) {
            await servers.stop()
            try? await backend.shutdown()
            try? await database.close()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Stops what ``inProcess()`` started; a running backend is left alone.
    func shutdown() async {
        await stop()
    }

    /// Empties the sandbox's request log (`DELETE /sandbox/requests`).
    func clearRequestLog() async throws {
        guard let sandboxURL else { return }
        var request = URLRequest(url: sandboxURL.appendingPathComponent("sandbox/requests"))
        request.httpMethod = "DELETE"
        request.setValue("1", forHTTPHeaderField: "X-Sandbox-Control")
        _ = try await URLSession.shared.data(for: request)
    }

    /// The requests the sandbox received since the log was emptied, as `METHOD /path`, oldest first;
    /// nil when the sandbox is not known.
    func requestLog() async throws -> [String]? {
        guard let sandboxURL else { return nil }
        let (data, _) = try await URLSession.shared.data(from: sandboxURL.appendingPathComponent("sandbox/requests"))
        let log = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entries = log?["requests"] as? [[String: Any]] ?? []
        return entries.map { "\($0["method"] as? String ?? "?") \($0["path"] as? String ?? "?")" }
    }
}
