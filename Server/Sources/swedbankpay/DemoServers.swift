import Foundation
import Hummingbird
import LocalStack
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

    /// Starts a sandbox and a backend as `serve` does, on free loopback ports (``LocalStack``),
    /// SQLite in a temporary directory.
    static func inProcess() async throws -> DemoServers {
        let merchantToken = UUID().uuidString + UUID().uuidString
        var sandboxConfiguration = SandboxConfiguration(merchantTokens: [merchantToken])
        sandboxConfiguration.payeeId = "demo-merchant"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swedbankpay-demo-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let apiKey = ServeCommand.defaultAPIKey
        var plan = LocalStack.Plan(sandbox: sandboxConfiguration)
        plan.backend = LocalStack.BackendPlan(
            database: .sqlite(path: directory.appendingPathComponent("demo.sqlite").path)
        ) { sandboxURL, port in
            BackendConfiguration(
                swedbankPayBaseURL: sandboxURL, merchantToken: Secret(merchantToken), payeeId: "demo-merchant",
                publicBaseURL: URL(string: "http://127.0.0.1:\(port)")!, apiKeys: [Secret(apiKey)],
                trampolineURL: sandboxURL.appendingPathComponent("externalresourcehost/trampoline"),
                appSchemes: ServeCommand.defaultAppSchemes)
        }
        let stack: LocalStack
        do {
            stack = try await LocalStack.start(plan)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        let backendURL = stack.backendURL ?? stack.sandboxURL
        return DemoServers(
            backendURL: backendURL.appendingPathComponent(""), sandboxURL: stack.sandboxURL, apiKey: apiKey
        ) {
            await stack.stop()
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
        for (name, value) in Self.controlHeaders { request.setValue(value, forHTTPHeaderField: name) }
        _ = try await URLSession.shared.data(for: request)
    }

    /// What a demo sends with each call to the sandbox's control API: `X-Sandbox-Control`, and the
    /// control token of a sandbox that has one (`SWEDBANKPAY_SANDBOX_CONTROL_TOKEN`, e.g. the
    /// compose deployment's).
    static var controlHeaders: [String: String] {
        var headers = ["X-Sandbox-Control": "1"]
        if let token = Environment.value("SWEDBANKPAY_SANDBOX_CONTROL_TOKEN") {
            headers["Authorization"] = "Bearer \(token)"
        }
        return headers
    }

    /// The requests the sandbox received since the log was emptied, as `METHOD /path`, oldest first;
    /// nil when the sandbox is not known.
    func requestLog() async throws -> [String]? {
        guard let sandboxURL else { return nil }
        var request = URLRequest(url: sandboxURL.appendingPathComponent("sandbox/requests"))
        for (name, value) in Self.controlHeaders { request.setValue(value, forHTTPHeaderField: name) }
        let (data, _) = try await URLSession.shared.data(for: request)
        let log = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entries = log?["requests"] as? [[String: Any]] ?? []
        return entries.map { "\($0["method"] as? String ?? "?") \($0["path"] as? String ?? "?")" }
    }
}
