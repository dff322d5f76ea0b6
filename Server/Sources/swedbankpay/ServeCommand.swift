import ArgumentParser
import Foundation
import Hummingbird
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

    @Option(help: "The port the Payment Sandbox listens on. Env: SWEDBANKPAY_SANDBOX_PORT. Default: 8081.")
    var sandboxPort: Int?

    @Option(help: "Makes the sandbox's ids deterministic.")
    var seed: UInt64?

    @Option(
        help: ArgumentHelp(
            "A token the sandbox's control API requires (Authorization: Bearer <token>); required with a non-loopback --host. Env: SWEDBANKPAY_SANDBOX_CONTROL_TOKEN.",
            valueName: "token"))
    var controlToken: String?

    @Flag(
        help:
            "The sandbox refuses what the real Swedbank Pay takes although its documentation says otherwise (a payeeReference sent as a number). Env: SWEDBANKPAY_SANDBOX_STRICT=1."
    )
    var strict = false

    func run() async throws {
        try await backend.sources.load()
        try backend.bootstrapLogging()
        let host = backend.resolvedHost
        let local = ["0.0.0.0", "::"].contains(host) ? "127.0.0.1" : host
        // The sandbox listens on the backend's host: off loopback its control API needs a token.
        let controlToken = self.controlToken ?? Environment.value("SWEDBANKPAY_SANDBOX_CONTROL_TOKEN")
        let binding = ControlBinding.problems(host: host, controlToken: controlToken)
        guard binding.isEmpty else { throw ValidationError(binding.joined(separator: "; ")) }
        var port = try backend.resolvedPort()
        var sandboxPort =
            try self.sandboxPort ?? Environment.value("SWEDBANKPAY_SANDBOX_PORT").map {
                guard let value = Int($0) else {
                    throw ValidationError("SWEDBANKPAY_SANDBOX_PORT must be a port number")
                }
                return value
            } ?? 8081
        if port == 0 { port = try await FreePort.pick(host: host) }
        if sandboxPort == 0 { sandboxPort = try await FreePort.pick(host: host) }
        guard port != sandboxPort else { throw ValidationError("the backend and the sandbox need different ports") }
        let (backendPort, sandboxPortChosen) = (port, sandboxPort)

        let merchantToken = UUID().uuidString + UUID().uuidString
        let sandboxURL = URL(string: "http://\(local):\(sandboxPort)")!
        var sandboxConfiguration = SandboxConfiguration(merchantTokens: [merchantToken], seed: seed)
        sandboxConfiguration.publicBaseURL = sandboxURL
        sandboxConfiguration.payeeId = "local-merchant"
        sandboxConfiguration.controlToken = controlToken
        sandboxConfiguration.strict = strict || Environment.value("SWEDBANKPAY_SANDBOX_STRICT") == "1"
        let sandbox = PaymentSandbox(configuration: sandboxConfiguration)

        let location = try backend.resolvedDatabase()
        let apiKeys = backend.resolvedAPIKeys ?? [Self.defaultAPIKey]
        var configuration = BackendConfiguration(
            swedbankPayBaseURL: sandboxURL, merchantToken: Secret(merchantToken), payeeId: "local-merchant",
            publicBaseURL: try backend.resolvedPublicURL(port: port), apiKeys: apiKeys.map(Secret.init),
            trampolineURL: sandboxURL.appendingPathComponent("externalresourcehost/trampoline"),
            iosAppIDs: backend.resolvedIOSAppIDs, swedbankPayTimeout: try backend.resolvedTimeout())
        configuration.appSchemes = backend.resolvedAppSchemes(default: Self.defaultAppSchemes)
        try backend.applyCallLimits(to: &configuration)
        try backend.applyAuthentication(to: &configuration, refuseExampleOffLoopback: false)
        try BackendRunner.validate(configuration)
        let metrics = try backend.metricsService()
        let database = try await BackendRunner.openDatabase(location)
        let merchantBackend = try MerchantBackend(configuration: configuration, database: database)

        let base = configuration.publicOrigin
        let dashboardHint = controlToken == nil ? "" : "#token=<control token>"
        let ready = ReadyCounter(expected: 2) {
            Console.line("Merchant Backend listening on http://\(host):\(backendPort) (\(location))")
            Console.line("Payment Sandbox listening on http://\(host):\(sandboxPortChosen)")
            Console.line("Backend URL for the SDK: \(base)/")
            Console.line("Create a payment order:")
            let key = backend.resolvedAPIKeys == nil ? Self.defaultAPIKey : "$SWEDBANKPAY_API_KEYS"
            Console.line(BackendRunner.curlLine(base: base, apiKey: key))
            Console.line("Sandbox dashboard: \(sandboxURL.absoluteString)/sandbox/\(dashboardHint)")
        }
        let sandboxApp = sandbox.application(host: host, port: sandboxPort) { _ in await ready.arrive() }
        let backendApp = merchantBackend.application(host: host, port: port) { _ in await ready.arrive() }
        try await BackendRunner.run(
            services: [sandboxApp, backendApp] + [metrics].compactMap { $0 }, backend: merchantBackend,
            database: database)
    }
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
