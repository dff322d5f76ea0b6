import Foundation
import Hummingbird
import LocalStack
import Logging
import MerchantBackend
import PaymentSandbox
import ServerSupport
import SwedbankPaySDK

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
    /// What every request of the demo goes through: the SDK's URLSession client, or with
    /// `--ca-file` one that trusts the file's certificates (``TrustingHTTPClient``).
    let http: any SwedbankPaySDK.HTTPClient
    /// The keys Chromium trusts beside its own roots (base64 SHA-256 of each certificate's
    /// SubjectPublicKeyInfo): those of `--ca-file`.
    let trustedKeys: [String]
    private let stop: @Sendable () async -> Void

    init(
        backendURL: URL, sandboxURL: URL?, apiKey: String,
        http: any SwedbankPaySDK.HTTPClient = SwedbankPaySDK.URLSessionHTTPClient(), trustedKeys: [String] = [],
        stop: @escaping @Sendable () async -> Void
    ) {
        self.backendURL = backendURL
        self.sandboxURL = sandboxURL
        self.apiKey = apiKey
        self.http = http
        self.trustedKeys = trustedKeys
        self.stop = stop
    }

    /// A backend already running (`swedbankpay serve`), with its sandbox if given; with `caFile`
    /// (PEM), its certificates are trusted beside the system's roots.
    static func running(backendURL: URL, sandboxURL: URL?, apiKey: String, caFile: String?) throws -> DemoServers {
        guard let caFile else { return DemoServers(backendURL: backendURL, sandboxURL: sandboxURL, apiKey: apiKey) {} }
        let anchors = try TLSIdentity.certificates(inPEMFile: caFile)
        let client = try TrustingHTTPClient(trusting: anchors)
        return DemoServers(
            backendURL: backendURL, sandboxURL: sandboxURL, apiKey: apiKey, http: client,
            trustedKeys: anchors.map(TLSIdentity.spkiHash)
        ) { await client.shutdown() }
    }

    /// `--ca-file`, else the certificates `SSL_CERT_FILE` names (as curl and OpenSSL read it).
    static func caFile(_ option: String?) -> String? {
        option ?? ProcessInfo.processInfo.environment["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
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
        _ = try await http.send(
            SwedbankPaySDK.HTTPRequest(
                method: "DELETE", url: sandboxURL.appendingPathComponent("sandbox/requests"),
                headers: SwedbankPaySDK.HTTPHeaders(Self.controlHeaders), timeout: 10))
    }

    /// What a demo sends with each call to the sandbox's control API: `X-Sandbox-Control`, and the
    /// control token of a sandbox that has one (`SWEDBANKPAY_SANDBOX_CONTROL_TOKEN`, e.g. the
    /// compose deployment's).
    static var controlHeaders: [String: String] {
        var headers = ["X-Sandbox-Control": "1"]
        if let token = Environment.value(settings.controlToken.variable) {
            headers["Authorization"] = "Bearer \(token)"
        }
        return headers
    }

    /// The requests the sandbox received since the log was emptied, as `METHOD /path`, oldest first;
    /// nil when the sandbox is not known.
    func requestLog() async throws -> [String]? {
        guard let sandboxURL else { return nil }
        let response = try await http.send(
            SwedbankPaySDK.HTTPRequest(
                method: "GET", url: sandboxURL.appendingPathComponent("sandbox/requests"),
                headers: SwedbankPaySDK.HTTPHeaders(Self.controlHeaders), timeout: 10))
        let log = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        let entries = log?["requests"] as? [[String: Any]] ?? []
        return entries.map { "\($0["method"] as? String ?? "?") \($0["path"] as? String ?? "?")" }
    }
}
