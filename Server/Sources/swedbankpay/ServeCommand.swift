import ArgumentParser
import Foundation
import Hummingbird
import LocalStack
import Logging
import MerchantBackend
import PaymentSandbox
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

    func run() async throws {
        try await backend.sources.load()
        try backend.bootstrapLogging()
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
        let scheme = httpsMode.scheme
        let sandboxPublicURL = try resolvedSandboxPublicURL()

        let merchantToken = UUID().uuidString + UUID().uuidString
        var sandboxConfiguration = SandboxConfiguration(merchantTokens: [merchantToken], seed: seed)
        sandboxConfiguration.payeeId = "local-merchant"
        sandboxConfiguration.controlToken = controlToken
        sandboxConfiguration.strict = settings.strict.resolve(strict)
        if let total = try SandboxCommand.storedBytes(settings.sandboxMaxStoredBytes.resolve(sandboxMaxStoredBytes)) {
            sandboxConfiguration.storeBudgets = SandboxStoreBudgets(total: total)
        }
        sandboxConfiguration.publicBaseURL = sandboxPublicURL

        let location = try backend.resolvedDatabase()
        let givenAPIKeys = try backend.resolvedAPIKeys()
        let apiKeys = givenAPIKeys ?? [Self.defaultAPIKey]
        let options = backend
        // Checked once before anything starts, with the ports asked for; built again with the
        // ports taken.
        let configure: @Sendable (URL, Int) throws -> BackendConfiguration = { sandboxURL, port in
            var configuration = BackendConfiguration(
                swedbankPayBaseURL: sandboxURL, merchantToken: Secret(merchantToken), payeeId: "local-merchant",
                publicBaseURL: try options.resolvedPublicURL(port: port, scheme: scheme),
                apiKeys: apiKeys.map(Secret.init),
                // A page for the payer's browser: on the sandbox's public URL.
                trampolineURL: (sandboxPublicURL ?? sandboxURL).appendingPathComponent(
                    "externalresourcehost/trampoline"),
                iosAppIDs: options.resolvedIOSAppIDs, swedbankPayTimeout: try options.resolvedTimeout())
            configuration.appSchemes = options.resolvedAppSchemes(default: Self.defaultAppSchemes)
            configuration.callbackBaseURL = try options.resolvedCallbackURL()
            try options.applyCallLimits(to: &configuration)
            try options.applyPayeeDetails(to: &configuration)
            try options.applyShutdownGrace(to: &configuration)
            try options.applyAuthentication(to: &configuration, refuseExampleOffLoopback: false)
            try BackendRunner.validate(configuration)
            return configuration
        }
        let grace = try configure(try backend.listeningURL(port: sandboxPort, scheme: scheme), port).shutdownGracePeriod
        let identity = try HTTPSOptions.identity(
            httpsMode,
            names: HTTPSOptions.names(host: host, urls: [try backend.resolvedPublicURL(port: port), sandboxPublicURL]))
        // Two servers in one process, three with the metrics endpoint, share its file limit.
        let connections = try backend.connections.resolved(servers: backend.servesMetrics ? 3 : 2)
        let metrics = try backend.metricsService(connections: connections)
        let spans = try backend.tracing()
        var plan = LocalStack.Plan(
            host: host, sandbox: sandboxConfiguration, sandboxPort: sandboxPort, tls: identity,
            connections: connections, logger: Logger(label: "swedbankpay"))
        plan.backend = LocalStack.BackendPlan(
            database: location, port: port, tracer: spans?.tracer, configuration: configure)
        let stack: LocalStack
        do {
            stack = try await LocalStack.start(plan)
        } catch let error as LocalStack.StartFailure {
            throw RunFailure(error.description)
        }
        let sandboxURL = Self.origin((sandboxPublicURL ?? stack.sandboxURL).absoluteString)
        let base = try backend.resolvedPublicURL(port: stack.backendURL?.port ?? port, scheme: scheme).absoluteString
        let dashboardHint = controlToken == nil ? "" : "#token=<control token>"
        Console.line(
            "Merchant Backend listening on \(scheme)://\(host):\(stack.backendURL?.port ?? port) (\(location))")
        Console.line("Payment Sandbox listening on \(scheme)://\(host):\(stack.sandboxURL.port ?? sandboxPort)")
        if let identity {
            for line in HTTPSOptions.trustLines(httpsMode, identity: identity) { Console.line(line) }
        }
        Console.line("Backend URL for the SDK: \(Self.origin(base))/")
        Console.line("Create a payment order:")
        let key = givenAPIKeys == nil ? Self.defaultAPIKey : "$SWEDBANKPAY_API_KEYS"
        Console.line(HTTPSOptions.curl(BackendRunner.curlLine(base: Self.origin(base), apiKey: key), httpsMode))
        Console.line("Sandbox dashboard: \(sandboxURL)/sandbox/\(dashboardHint)")
        // Services stop in reverse order: the drain first (the stack stops once the backend is
        // drained), the metrics after the stack (scraped while it drains), the span exporter last
        // (it flushes the backend's last spans).
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
