import ArgumentParser
import Foundation
import LocalStack
import Logging
import MerchantBackend
import NIOCore
import ServerSupport
import ServiceLifecycle

/// `swedbankpay backend`: the Merchant Backend alone, against any Swedbank Pay base URL (the real
/// API or a sandbox), started through ``LocalBackend`` as `serve` starts its stack.
struct BackendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backend",
        abstract: "Runs the Merchant Backend against a Swedbank Pay API (or a Payment Sandbox).",
        discussion: """
            The merchant token is read from SWEDBANKPAY_MERCHANT_TOKEN, or from the file named by \
            --merchant-token-file or SWEDBANKPAY_MERCHANT_TOKEN_FILE, never from a flag (flags show up in \
            process lists). Secrets are never printed or logged.

            Example:
              SWEDBANKPAY_MERCHANT_TOKEN=... SWEDBANKPAY_API_KEYS=... swedbankpay backend \\
                --swedbank-pay-url https://api.externalintegration.payex.com --payee-id <id> \\
                --public-url https://shop.example.com --database-url postgres://user@localhost/shop
            """
    )

    @OptionGroup var backend: BackendOptions

    @Option(settings.swedbankPayURL) var swedbankPayURL: String?
    @Option(settings.payeeID) var payeeId: String?
    @Option(settings.merchantTokenFile) var merchantTokenFile: String?
    @Option(settings.trampolineURL) var trampolineUrl: String?
    @Flag(settings.skipMigrations) var skipMigrations = false

    func run() async throws {
        try await backend.sources.load()
        try backend.bootstrapLogging()
        let port = try backend.resolvedPort()
        let (deployment, httpsMode) = try deployment(port: port)
        var configuration = try backend.configuration(deployment)
        let host = try backend.resolvedHost()
        configuration.tls = try HTTPSOptions.identity(
            httpsMode, names: HTTPSOptions.names(host: host, urls: [deployment.publicBaseURL]))
        let location = try backend.resolvedDatabase()
        // The backend and, when asked for, the metrics endpoint share the process's file limit.
        let connections = try backend.connections.resolved(servers: backend.servesMetrics ? 2 : 1)
        let metrics = try backend.metricsService(connections: connections)
        let spans = try backend.tracing()
        let started = try await start(
            configuration, host: host, location: location, port: port, connections: connections, spans: spans)
        announce(
            started, configuration: configuration, httpsMode: httpsMode, host: host, location: location, port: port)
        try await serve(started, spans: spans, metrics: metrics, grace: configuration.shutdownGracePeriod)
    }

    /// What this command gives the configuration: the Swedbank Pay URL, payee, merchant token and
    /// API keys, each required; the public URL (its scheme from the HTTPS mode, returned too); the
    /// trampoline given. No default app schemes: they are the merchant's apps'. Without any the
    /// backend still serves its API and the Android helper; only the iOS helper refuses (said at
    /// start).
    private func deployment(port: Int) throws -> (BackendDeployment, HTTPSOptions.Mode) {
        guard let baseText = try settings.swedbankPayURL.resolve(swedbankPayURL), let baseURL = URL(string: baseText)
        else {
            throw ValidationError("the Swedbank Pay base URL is required: --swedbank-pay-url or SWEDBANKPAY_BASE_URL")
        }
        guard let payee = try settings.payeeID.resolve(payeeId) else {
            throw ValidationError("the payee id is required: --payee-id or SWEDBANKPAY_PAYEE_ID")
        }
        let token = try merchantToken()
        guard let apiKeys = try backend.resolvedAPIKeys() else {
            throw ValidationError("at least one API key is required: --api-keys or SWEDBANKPAY_API_KEYS")
        }
        let httpsMode = try backend.https.mode()
        let publicURL = try backend.resolvedPublicURL(port: port, scheme: httpsMode.scheme)
        var trampolineURL: URL?
        if let text = try settings.trampolineURL.resolve(trampolineUrl) {
            guard let url = URL(string: text) else { throw ValidationError("--trampoline-url is not a URL") }
            trampolineURL = url
        }
        let deployment = BackendDeployment(
            swedbankPayBaseURL: baseURL, merchantToken: token, payeeId: payee, publicBaseURL: publicURL,
            apiKeys: apiKeys, trampolineURL: trampolineURL, defaultAppSchemes: [], refuseExampleOffLoopback: true)
        return (deployment, httpsMode)
    }

    /// Started as `serve` and the tests start theirs: the database opened, then the server
    /// listening, or one line saying which failed.
    private func start(
        _ configuration: BackendConfiguration, host: String, location: DatabaseLocation, port: Int,
        connections: ConnectionLimits, spans: SpanExport?
    ) async throws -> LocalBackend {
        let plan = LocalStack.BackendPlan(
            database: location, port: port, tracer: spans?.tracer,
            migrate: !settings.skipMigrations.resolve(skipMigrations)
        ) { _, _ in configuration }
        do {
            return try await LocalBackend.start(
                plan, swedbankPayURL: configuration.swedbankPayBaseURL, host: host,
                tls: configuration.tls, connections: connections, logger: Logger(label: "swedbankpay"))
        } catch let error as LocalStack.StartFailure {
            throw RunFailure(error.description)
        }
    }

    /// The lines a person starting the backend reads: where it listens, how to trust it, whom it calls.
    private func announce(
        _ started: LocalBackend, configuration: BackendConfiguration, httpsMode: HTTPSOptions.Mode,
        host: String, location: DatabaseLocation, port: Int
    ) {
        Console.line(
            "Merchant Backend listening on \(httpsMode.scheme)://\(host):\(started.url.port ?? port) (\(location))")
        if let identity = configuration.tls {
            for line in HTTPSOptions.trustLines(httpsMode, identity: identity) { Console.line(line) }
        }
        Console.line("Calling Swedbank Pay at \(configuration.swedbankPayOrigin)")
        if configuration.appSchemes.isEmpty {
            Console.line(
                "Warning: no --app-scheme (SWEDBANKPAY_APP_SCHEMES): /sdk-callback/ios-universal-link refuses every request"
            )
        }
    }

    /// Runs until stopped. Services stop in reverse order: the drain first (the backend stops once
    /// drained), the metrics after the backend (scraped while it drains), the span exporter last
    /// (it flushes the backend's last spans).
    private func serve(_ started: LocalBackend, spans: SpanExport?, metrics: (any Service)?, grace: TimeInterval)
        async throws
    {
        let reloads: (any Service)? = JWKSReloadService(backend: started.backend)
        do {
            try await BackendRunner.run(
                services: [spans?.service, metrics].compactMap { $0 } + [started.service]
                    + [reloads].compactMap { $0 } + [DrainMarker(backend: started.backend)],
                grace: grace)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw RunFailure("cannot listen on the metrics port (--metrics-port): the address is in use")
        }
    }

    private func merchantToken() throws -> String {
        if let path = try settings.merchantTokenFile.resolve(merchantTokenFile) {
            return try Environment.secret(inFile: path, flag: settings.merchantTokenFile.option)
        }
        guard let token = Environment.value(ServerSettings.merchantTokenVariable) else {
            throw ValidationError(
                "the merchant token is required: SWEDBANKPAY_MERCHANT_TOKEN, SWEDBANKPAY_MERCHANT_TOKEN_FILE or --merchant-token-file"
            )
        }
        return token
    }
}
