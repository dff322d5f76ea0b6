import ArgumentParser
import Foundation
import Hummingbird
import LocalStack
import Logging
import PaymentSandbox
import ServiceLifecycle

/// `swedbankpay sandbox`: the Payment Sandbox alone.
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Runs the Payment Sandbox, an offline stand-in for the Swedbank Pay API.",
        discussion: """
            Fault rules (--fault, repeatable) use the syntax:
              \(FaultFlagParser.syntax)

            METHOD is an HTTP method or * for any; path is exact or a prefix ending in *; kind is status:<400-599>, delay:<seconds>, reset or hang; x<count> applies the rule to the next N matching requests, @<fraction> to each with that probability, neither to all of them.

            Examples:
              --fault "\(FaultFlagParser.example)"
              --fault "* /psp/paymentsessions/* delay:2.5 @0.5"
            """
    )

    @Option(help: "The address to listen on.")
    var host = ServerSettings.defaultHost

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = PaymentSandbox.defaultPort

    @Option(help: "A merchant bearer token the sandbox accepts (repeatable). Default: sandbox-merchant-token.")
    var merchantToken: [String] = []

    @Option(
        help:
            "Makes ids and tokens deterministic: the same seed and calls give the same ids; for tests on this machine only (loopback --host)."
    )
    var seed: UInt64?

    @Option(
        help: ArgumentHelp(
            "The absolute URL clients reach the sandbox at, used in every href it returns (default: http://<Host header>).",
            valueName: "url"))
    var publicUrl: String?

    @Option(
        help: ArgumentHelp(
            "The absolute URL merchants' servers reach the API at, used instead of --public-url in the hrefs of API resources (/psp/…, except the payment-session API) — as the real service answers on api.… and ecom.…: for backends in a container network while payers come in on a published port (default: the public URL).",
            valueName: "url"))
    var apiUrl: String?

    @Option(
        help: ArgumentHelp(
            "A fault rule to start with (repeatable): \"\(FaultFlagParser.syntax)\".", valueName: "rule"))
    var fault: [String] = []

    @Option(
        help: ArgumentHelp(
            "Seconds until a Swish payment for another device approves itself, or \"off\" to wait for the control API (default: 3).",
            valueName: "seconds|off"))
    var swishApprovalDelay: String?

    @Option(settings.controlToken) var controlToken: String?
    @Flag(settings.strict) var strict = false
    @Option(settings.sandboxMaxStoredBytes) var maxStoredBytes: Int?
    @Option(settings.swishWebApprovalDelay) var swishWebApprovalDelay: Double?

    /// The control token given (flag, else environment).
    func resolvedControlToken() throws -> String? { try settings.controlToken.resolve(controlToken) }

    @OptionGroup var sources: ConfigurationSources

    @OptionGroup var connections: ConnectionOptions
    @OptionGroup var https: HTTPSOptions

    /// The stores' total given, checked against ``SandboxStoreBudgets/totalRange``.
    static func storedBytes(_ given: Int?) throws -> Int? {
        guard let given else { return nil }
        guard SandboxStoreBudgets.totalRange.contains(given) else {
            throw ValidationError(
                "--sandbox-max-stored-bytes must be \(AllowedValues.text(SandboxStoreBudgets.totalRange)) bytes, not \(given)"
            )
        }
        return given
    }

    func validate() throws {
        if let publicUrl, Self.publicURL(publicUrl) == nil {
            throw ValidationError(
                "--public-url must be an absolute http(s) URL, for example --public-url http://192.168.1.20:8081")
        }
        if let apiUrl, Self.publicURL(apiUrl) == nil {
            throw ValidationError(
                "--api-url must be an absolute http(s) URL, for example --api-url http://sandbox:8081")
        }
        for flag in fault {
            do {
                _ = try FaultFlagParser.parse(flag)
            } catch let error as FaultRuleError {
                throw ValidationError(error.message)
            }
        }
        if let swishApprovalDelay, Self.approvalDelay(swishApprovalDelay) == nil {
            throw ValidationError(
                "--swish-approval-delay takes seconds (0–3600) or off, for example --swish-approval-delay 5")
        }
    }

    func run() async throws {
        // The control token may come from the .env file or the secrets directory, read here.
        try await sources.load()
        let controlToken = try resolvedControlToken()
        let binding = ControlBinding.problems(host: host, controlToken: controlToken)
        guard binding.isEmpty else { throw ValidationError(binding.joined(separator: "; ")) }
        do {
            try SeededTokens.check(seed: seed, host: host)
        } catch {
            throw ValidationError(error.description)
        }
        if seed != nil { Console.warning(SeededTokens.warning) }
        var configuration = SandboxConfiguration(seed: seed)
        if !merchantToken.isEmpty {
            configuration.merchantTokens = Set(merchantToken)
        }
        configuration.publicBaseURL = publicUrl.flatMap(Self.publicURL)
        configuration.apiBaseURL = apiUrl.flatMap(Self.publicURL)
        configuration.controlToken = controlToken
        configuration.strict = settings.strict.resolve(strict)
        if let total = try Self.storedBytes(settings.sandboxMaxStoredBytes.resolve(maxStoredBytes)) {
            configuration.storeBudgets = SandboxStoreBudgets(total: total)
        }
        if let swishApprovalDelay, let delay = Self.approvalDelay(swishApprovalDelay) {
            configuration.swishOtherDeviceApprovalDelay = delay
        }
        configuration.swishWebApprovalDelay = try SwishWebApproval.delay(swishWebApprovalDelay)
        let httpsMode = try https.mode()
        let identity = try HTTPSOptions.identity(
            httpsMode, names: HTTPSOptions.names(host: host, urls: [configuration.publicBaseURL]))
        let stack: LocalStack
        do {
            stack = try await LocalStack.start(
                LocalStack.Plan(
                    host: host, sandbox: configuration, sandboxPort: port, sandboxNamesItsPort: false, tls: identity,
                    connections: try connections.resolved(servers: 1), logger: Logger(label: "swedbankpay")))
        } catch let error as LocalStack.StartFailure {
            throw RunFailure(error.description)
        }
        for flag in fault {
            do {
                let id = try stack.sandbox.addFault(FaultFlagParser.parse(flag))
                Console.line("Fault \(id): \(flag)")
            } catch {
                await stack.stop()
                throw error
            }
        }
        let base = configuration.publicBaseURL?.absoluteString
        let token = configuration.merchantTokens.sorted().first ?? ""
        let tokenHint = configuration.controlToken == nil ? "" : " (with Authorization: Bearer <control token>)"
        let dashboardHint = configuration.controlToken == nil ? "" : "#token=<control token>"
        let listening = stack.sandboxURL.port ?? port
        let url = base.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? stack.sandboxURL.absoluteString
        Console.line("Payment Sandbox listening on \(stack.sandboxURL.scheme ?? "http")://\(host):\(listening)")
        if let identity {
            for line in HTTPSOptions.trustLines(httpsMode, identity: identity) { Console.line(line) }
        }
        Console.line("Create a payment order:")
        Console.line(HTTPSOptions.curl(Self.curlLine(base: url, token: token), httpsMode))
        Console.line(
            "Control API\(tokenHint): \(url)/sandbox/requests, \(url)/sandbox/faults, POST \(url)/sandbox/reset"
                + " (state changes send JSON or X-Sandbox-Control: 1)")
        Console.line("Dashboard: \(url)/sandbox/\(dashboardHint)")
        // SIGINT and SIGTERM shut down gracefully: `/readyz` answers 503 while the requests begun
        // before are answered (the drain, listed last, is told first), then the server stops. An
        // injected delay must not hold that up for minutes: the sandbox's own routes answer at
        // once, so the grace is short.
        let grace = Self.shutdownGrace
        try await BackendRunner.run(
            services: [stack.service, DrainMarker(gate: stack.sandbox.drainGate, grace: grace)], grace: grace)
    }

    /// Seconds a graceful shutdown waits for the requests in progress.
    static let shutdownGrace: TimeInterval = 5

    /// One curl command that creates a payment order with `token`.
    static func curlLine(base: String, token: String) -> String {
        "curl -s -X POST \(base)/psp/paymentorders -H 'Authorization: Bearer \(token)'"
            + " -H 'Content-Type: application/json' -d '\(SampleOrder.json(payeeReference: "ref1"))'"
    }

    static func publicURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// The approval delay a flag value asks for: `.some(nil)` for off, nil when the value is
    /// neither seconds in 0...3600 nor off.
    static func approvalDelay(_ text: String) -> TimeInterval?? {
        if ["off", "none", "never"].contains(text.lowercased()) { return .some(nil) }
        guard let seconds = TimeInterval(text), seconds.isFinite, (0...3_600).contains(seconds) else { return nil }
        return .some(seconds)
    }
}
