import ArgumentParser
import Foundation
import Hummingbird
import LocalStack
import Logging
import MerchantBackend
import PaymentSandbox
import ServerSupport
import ServiceLifecycle

/// `swedbankpay serve`: the Merchant Backend and the Payment Sandbox in one process, with an
/// embedded SQLite file. No credentials, no network: the main job on a developer machine.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Runs the Merchant Backend and the Payment Sandbox together (SQLite by default).",
        discussion: """
            The backend calls the sandbox with a merchant token made up at start (never printed).
            Apps call the backend with the API key in x-payex-sample-apikey (default: \(ServeCommand.defaultAPIKey), \
            a local development key) and any access token of 5+ characters in x-payex-sample-access-token.
            """
    )

    static let defaultAPIKey = "local-development-key"

    /// The payee the backend is, on the sandbox it runs beside.
    static let localPayeeId = "local-merchant"

    /// The app schemes the iOS helper redirects to unless `--app-scheme` says otherwise: those of
    /// this package's demos (`demo web`, `demo native`), its tests and the guides' examples.
    static let defaultAppSchemes = ["swedbankpaydemo", "com.example.demo", "com.example.app", "testapp"]

    @OptionGroup var backend: BackendOptions

    @Option(settings.sandboxPort) var sandboxPort: Int?
    @Option(settings.sandboxPublicURL) var sandboxPublicUrl: String?

    @Option(help: "Makes the sandbox's ids and tokens deterministic: for tests on this machine only (loopback --host).")
    var seed: UInt64?

    @Option(settings.controlToken) var controlToken: String?
    @Flag(settings.strict) var strict = false
    @Option(settings.sandboxMaxStoredBytes) var sandboxMaxStoredBytes: Int?
    @Option(settings.swishWebApprovalDelay) var swishWebApprovalDelay: Double?

    /// What `serve` checked before anything starts.
    private struct Setup {
        let host: String
        let controlToken: String?
        let port: Int
        let sandboxPort: Int
        let httpsMode: HTTPSOptions.Mode
        let sandboxPublicURL: URL?
        /// Made up at start, never printed: the backend calls the sandbox with it.
        let merchantToken: String
        let sandbox: SandboxConfiguration
        let location: DatabaseLocation
        /// nil when none was given: the local development key serves.
        let givenAPIKeys: [String]?

        var scheme: String { httpsMode.scheme }
    }

    func run() async throws {
        try await backend.sources.load()
        try backend.bootstrapLogging()
        let setup = try checkedSetup()
        let configure = backendConfiguration(setup)
        // Checked once before anything starts, with the ports asked for; built again with the
        // ports taken.
        let grace = try configure(try backend.listeningURL(port: setup.sandboxPort, scheme: setup.scheme), setup.port)
            .shutdownGracePeriod
        let identity = try HTTPSOptions.identity(
            setup.httpsMode,
            names: HTTPSOptions.names(
                host: setup.host, urls: [try backend.resolvedPublicURL(port: setup.port), setup.sandboxPublicURL]))
        // Two servers in one process, three with the metrics endpoint, share its file limit.
        let connections = try backend.connections.resolved(servers: backend.servesMetrics ? 3 : 2)
        let metrics = try backend.metricsService(connections: connections)
        let spans = try backend.tracing()
        let stack = try await start(
            setup, identity: identity, connections: connections, spans: spans, configure: configure)
        try announce(stack, setup, identity: identity)
        try await serve(stack, spans: spans, metrics: metrics, grace: grace)
    }

    /// The flags and environment, checked in the order a person reads them: the host and its
    /// control token, the seed, the two ports, HTTPS, the sandbox's public URL and store, the
    /// database and the API keys.
    private func checkedSetup() throws -> Setup {
        let host = try backend.resolvedHost()
        // The sandbox listens on the backend's host: off loopback its control API needs a token.
        let controlToken = try settings.controlToken.resolve(self.controlToken)
        let binding = ControlBinding.problems(host: host, controlToken: controlToken)
        guard binding.isEmpty else { throw ValidationError(binding.joined(separator: "; ")) }
        do {
            try SeededTokens.check(seed: seed, host: host)
        } catch {
            throw ValidationError(error.description)
        }
        if seed != nil { Console.warning(SeededTokens.warning) }
        let port = try backend.resolvedPort()
        let sandboxPort = try settings.sandboxPort.value(self.sandboxPort)
        guard port == 0 || port != sandboxPort else {
            throw ValidationError("the backend and the sandbox need different ports")
        }
        let httpsMode = try backend.https.mode()
        let sandboxPublicURL = try resolvedSandboxPublicURL()
        let merchantToken = UUID().uuidString + UUID().uuidString
        let sandbox = try sandboxConfiguration(
            merchantToken: merchantToken, controlToken: controlToken, publicURL: sandboxPublicURL)
        return Setup(
            host: host, controlToken: controlToken, port: port, sandboxPort: sandboxPort, httpsMode: httpsMode,
            sandboxPublicURL: sandboxPublicURL, merchantToken: merchantToken, sandbox: sandbox,
            location: try backend.resolvedDatabase(), givenAPIKeys: try backend.resolvedAPIKeys())
    }

    /// The sandbox's configuration: the one merchant token the backend uses, the local payee, and
    /// the sandbox's own settings.
    func sandboxConfiguration(merchantToken: String, controlToken: String?, publicURL: URL?) throws
        -> SandboxConfiguration
    {
        var configuration = SandboxConfiguration(merchantTokens: [merchantToken], seed: seed)
        configuration.payeeId = Self.localPayeeId
        configuration.controlToken = controlToken
        configuration.strict = settings.strict.resolve(strict)
        if let total = try SandboxCommand.storedBytes(settings.sandboxMaxStoredBytes.resolve(sandboxMaxStoredBytes)) {
            configuration.storeBudgets = SandboxStoreBudgets(total: total)
        }
        configuration.publicBaseURL = publicURL
        configuration.swishWebApprovalDelay = try SwishWebApproval.delay(swishWebApprovalDelay)
        return configuration
    }

    /// The backend's configuration given the sandbox's URL and the backend's port: calling the
    /// sandbox as the local payee, the payer's pages (the trampoline) on the sandbox's public URL.
    private func backendConfiguration(_ setup: Setup) -> @Sendable (URL, Int) throws -> BackendConfiguration {
        let options = backend
        let scheme = setup.scheme
        let merchantToken = setup.merchantToken
        let apiKeys = setup.givenAPIKeys ?? [Self.defaultAPIKey]
        let sandboxPublicURL = setup.sandboxPublicURL
        return { sandboxURL, port in
            try options.configuration(
                BackendDeployment(
                    swedbankPayBaseURL: sandboxURL, merchantToken: merchantToken, payeeId: Self.localPayeeId,
                    publicBaseURL: try options.resolvedPublicURL(port: port, scheme: scheme), apiKeys: apiKeys,
                    trampolineURL: (sandboxPublicURL ?? sandboxURL).appendingPathComponent(
                        "externalresourcehost/trampoline"),
                    defaultAppSchemes: Self.defaultAppSchemes, refuseExampleOffLoopback: false))
        }
    }

    /// The sandbox, then the backend with the ports they took, or one line saying which failed.
    private func start(
        _ setup: Setup, identity: TLSIdentity?, connections: ConnectionLimits, spans: SpanExport?,
        configure: @escaping @Sendable (URL, Int) throws -> BackendConfiguration
    ) async throws -> LocalStack {
        var plan = LocalStack.Plan(
            host: setup.host, sandbox: setup.sandbox, sandboxPort: setup.sandboxPort, tls: identity,
            connections: connections, logger: Logger(label: "swedbankpay"))
        plan.backend = LocalStack.BackendPlan(
            database: setup.location, port: setup.port, tracer: spans?.tracer, configuration: configure)
        do {
            return try await LocalStack.start(plan)
        } catch let error as LocalStack.StartFailure {
            throw RunFailure(error.description)
        }
    }

    /// The lines a person starting `serve` reads: where each server listens, how to trust them,
    /// the URL for the SDK, an order to create, and the dashboard.
    private func announce(_ stack: LocalStack, _ setup: Setup, identity: TLSIdentity?) throws {
        let scheme = setup.scheme
        let backendPort = stack.backendURL?.port ?? setup.port
        let sandboxURL = Self.origin((setup.sandboxPublicURL ?? stack.sandboxURL).absoluteString)
        let base = try backend.resolvedPublicURL(port: backendPort, scheme: scheme).absoluteString
        let dashboardHint = setup.controlToken == nil ? "" : "#token=<control token>"
        Console.line("Merchant Backend listening on \(scheme)://\(setup.host):\(backendPort) (\(setup.location))")
        Console.line(
            "Payment Sandbox listening on \(scheme)://\(setup.host):\(stack.sandboxURL.port ?? setup.sandboxPort)")
        if let identity {
            for line in HTTPSOptions.trustLines(setup.httpsMode, identity: identity) { Console.line(line) }
        }
        Console.line("Backend URL for the SDK: \(Self.origin(base))/")
        Console.line("Create a payment order:")
        let key = setup.givenAPIKeys == nil ? Self.defaultAPIKey : "$SWEDBANKPAY_API_KEYS"
        Console.line(HTTPSOptions.curl(BackendRunner.curlLine(base: Self.origin(base), apiKey: key), setup.httpsMode))
        Console.line("Sandbox dashboard: \(sandboxURL)/sandbox/\(dashboardHint)")
    }

    /// Runs until stopped. Services stop in reverse order: the drain first (the stack stops once
    /// the backend is drained), the metrics after the stack (scraped while it drains), the span
    /// exporter last (it flushes the backend's last spans).
    private func serve(_ stack: LocalStack, spans: SpanExport?, metrics: (any Service)?, grace: TimeInterval)
        async throws
    {
        let reloads: (any Service)? = stack.backend.flatMap(JWKSReloadService.init)
        // The sandbox's `/readyz` says draining with the backend's; it serves the backend's last
        // calls and stops after it.
        let drain: (any Service)? = stack.backend.map {
            DrainMarker(backend: $0, alongside: [stack.sandbox.drainGate])
        }
        try await BackendRunner.run(
            services: [spans?.service, metrics].compactMap { $0 } + [stack.service]
                + [reloads, drain].compactMap { $0 },
            grace: grace)
    }

    /// `--sandbox-public-url` (else the environment), checked; nil when neither gives one.
    func resolvedSandboxPublicURL() throws -> URL? {
        guard let text = try settings.sandboxPublicURL.resolve(sandboxPublicUrl) else { return nil }
        guard let url = SandboxCommand.publicURL(text) else {
            throw ValidationError(
                "--sandbox-public-url must be an absolute http(s) URL, for example --sandbox-public-url https://192.168.1.20:8081"
            )
        }
        return url
    }

    /// A URL's text without a trailing slash.
    static func origin(_ text: String) -> String { text.hasSuffix("/") ? String(text.dropLast()) : text }
}

/// Calls `action` once `expected` parts have arrived.
actor ReadyCounter {
    private var remaining: Int
    private let action: @Sendable () -> Void

    init(expected: Int, action: @escaping @Sendable () -> Void) {
        remaining = expected
        self.action = action
    }

    func arrive() {
        remaining -= 1
        if remaining == 0 { action() }
    }
}
