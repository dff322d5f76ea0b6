import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import LocalStack
import Logging
import MerchantBackend
import NIOCore
import NIOHTTP1
import PaymentSandbox
import ServerSupport

/// `swedbankpay bench backend`: the Merchant Backend's throughput and latency — `GET /` and order
/// creation through the backend — next to the sandbox's own creation rate measured in the same run,
/// on SQLite (default) or PostgreSQL. Everything runs in this process on loopback, so the load
/// generator shares the cores with the servers: the figures are a floor.
struct BenchBackendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backend",
        abstract: "Benchmarks the Merchant Backend: GET / and POST /paymentorders, next to the sandbox alone.",
        discussion: """
            Run it from a release build:
              swift run -c release --package-path Server swedbankpay bench backend
              swift run -c release --package-path Server swedbankpay bench backend --database-url postgres://...

            After the D = 0 phases, latency phases make the sandbox answer order creation after --delay ms
            and drive the backend with each --latency-connections count C, reporting the rate as a share of
            min(C/D, R₀), R₀ being the D = 0 creation rate through the backend measured before.
            """
    )

    @Option(help: "Seconds each phase runs in all (1–300); the creation phases take turns in 5 rounds.")
    var seconds: Double = 10

    @Option(help: "Concurrent HTTP connections (1–1024).")
    var connections = 32

    @Option(
        help: ArgumentHelp(
            "A PostgreSQL server (postgres:// URL): the run makes a database of its own there and drops it at the end (the user needs CREATEDB); default: a temporary SQLite file.",
            valueName: "url"))
    var databaseUrl: String?

    @Option(
        help: ArgumentHelp(
            "Swedbank Pay's latency D in the latency phases, in milliseconds (0 skips them).", valueName: "ms"))
    var delay = 200

    @Option(
        help: ArgumentHelp(
            "Connections C of a latency phase (repeatable; default: 256 and 1024).", valueName: "count"))
    var latencyConnections: [Int] = [256, 1_024]

    @Option(
        help: ArgumentHelp(
            "After the other phases, preload this many stored orders (in bulk, not through HTTP) and measure creation and GET /paymentorders/{id} (repeatable, e.g. --scale 10000 --scale 1000000).",
            valueName: "orders"))
    var scale: [Int] = []

    @Option(
        help: ArgumentHelp(
            "A running Merchant Backend to measure instead of starting one here (any backend of the Merchant Backend API; not with --scale).",
            valueName: "url"))
    var backendURL: String?

    @Option(help: "The API key of --backend-url (x-payex-sample-apikey).")
    var apiKey: String = ServeCommand.defaultAPIKey

    @Option(
        help: ArgumentHelp(
            "The sandbox that --backend-url calls, for the sandbox-alone figure and the latency phases (skipped without it).",
            valueName: "url"))
    var sandboxURL: String?

    @Option(help: "The merchant token of --sandbox-url.")
    var merchantToken = "sandbox-merchant-token"

    /// Rounds the two creation phases are split into.
    static let rounds = 5

    static let token = "bench-merchant-token"
    static let apiKey = "bench-api-key"

    func validate() throws {
        guard (1...300).contains(seconds) else { throw ValidationError("--seconds must be from 1 to 300") }
        guard (1...1_024).contains(connections) else { throw ValidationError("--connections must be from 1 to 1024") }
        guard (0...10_000).contains(delay) else { throw ValidationError("--delay must be from 0 to 10000 ms") }
        guard scale.allSatisfy({ (1...10_000_000).contains($0) }) else {
            throw ValidationError("--scale must be from 1 to 10000000 orders")
        }
        guard latencyConnections.allSatisfy({ (1...4_096).contains($0) }) else {
            throw ValidationError("--latency-connections must be from 1 to 4096")
        }
        for (name, url) in [("--backend-url", backendURL), ("--sandbox-url", sandboxURL)] {
            // The load generator speaks plain HTTP/1.1 (a TLS terminator in front is measured apart).
            if let url, URL(string: url)?.host == nil || BenchOrigin(url) == nil {
                throw ValidationError("\(name) must be an http:// URL, such as \(DefaultAddress.backend)")
            }
        }
        if backendURL != nil, !scale.isEmpty {
            throw ValidationError("--scale preloads the backend's own database: not with --backend-url")
        }
        if backendURL != nil, databaseUrl != nil {
            throw ValidationError("--database-url is for the backend started here: not with --backend-url")
        }
    }

    func run() async throws {
        #if DEBUG
            Console.line("Note: this is a debug build; for real figures run it with swift run -c release.")
        #endif
        if let backendURL {
            let target = BenchTarget(
                backendURL: Self.trimmed(backendURL), apiKey: apiKey, sandboxURL: sandboxURL.map(Self.trimmed),
                merchantToken: merchantToken)
            Console.line(
                "Merchant Backend benchmark of \(target.backendURL) (running elsewhere), \(connections) connections,"
                    + " \(ProcessInfo.processInfo.activeProcessorCount) cores here")
            try await measure(target: target, backendInProcess: false)
            return
        }
        // The stack's loggers are made as `swedbankpay backend` makes them (the same handler, so
        // the same per-request cost), at a level that writes nothing: the output is the figures.
        ServerLogging(level: .critical).bootstrap(now: { BackendClock.system.date })
        let logger = Logger(label: "bench")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let given = try databaseUrl.map { try DatabaseLocation.parse($0) }
        // On PostgreSQL the run gets a database of its own on the server given, as on SQLite a new
        // file: each run starts empty (a table grown by earlier runs had autovacuum passes over
        // hundreds of thousands of rows during the phases) and nothing is left behind.
        // An SQLite file the user names is used as it is.
        let place: (location: DatabaseLocation, drop: @Sendable () async -> Void)
        if case .sqlite = given, let given {
            place = (given, {})
        } else {
            place = try await Self.freshDatabase(beside: given, name: "bench", in: directory)
        }
        do {
            try await measureHere(place.location, given: given, directory: directory, logger: logger)
        } catch {
            await place.drop()
            throw error
        }
        await place.drop()
    }

    /// The phases against a sandbox and a backend started here on `location`.
    private func measureHere(
        _ location: DatabaseLocation, given: DatabaseLocation?, directory: URL, logger: Logger
    ) async throws {
        let (stack, target) = try await Self.startStack(location, logger: logger)
        do {
            Console.line(
                "Merchant Backend benchmark (\(location)), \(connections) connections, \(ProcessInfo.processInfo.activeProcessorCount) cores"
            )
            try await measure(target: target, backendInProcess: true)
            if !scale.isEmpty {
                let phase = BenchScalePhase(sizes: scale, seconds: seconds, connections: connections)
                try await phase.run { size in
                    let place = try await Self.freshDatabase(beside: given, name: "bench_scale_\(size)", in: directory)
                    let stack: LocalStack
                    let target: BenchTarget
                    do {
                        (stack, target) = try await Self.startStack(place.location, logger: logger)
                    } catch {
                        await place.drop()
                        throw error
                    }
                    guard let database = stack.database else {
                        await stack.stop()
                        await place.drop()
                        throw ValidationError("the backend did not start")
                    }
                    return BenchScalePhase.Stack(target: target, database: database) {
                        await stack.stop()
                        await place.drop()
                    }
                }
            }
        } catch {
            await stack.stop()
            throw error
        }
        await stack.stop()
    }

    /// Starts a sandbox and a backend on `location`, both in this process, and waits until the
    /// backend answers.
    private static func startStack(_ location: DatabaseLocation, logger: Logger) async throws -> (
        LocalStack, BenchTarget
    ) {
        var sandboxConfiguration = SandboxConfiguration(merchantTokens: [Self.token])
        sandboxConfiguration.swishOtherDeviceApprovalDelay = nil
        sandboxConfiguration.maxPaymentOrders = 1_000_000
        // The bench measures speed at scale, not the memory bounds: every order it made stays.
        sandboxConfiguration.storeBudgets = SandboxStoreBudgets(total: SandboxStoreBudgets.totalRange.upperBound)
        var plan = LocalStack.Plan(sandbox: sandboxConfiguration, logger: logger)
        plan.backend = LocalStack.BackendPlan(database: location) { sandboxURL, port in
            var configuration = BackendConfiguration(
                swedbankPayBaseURL: sandboxURL, merchantToken: Secret(Self.token), payeeId: "bench",
                publicBaseURL: URL(string: "http://127.0.0.1:\(port)")!, apiKeys: [Secret(Self.apiKey)])
            // One app user (BenchTarget.user) makes every order: no per-user limit.
            configuration.maxOrderCreationsPerUser = nil
            return configuration
        }
        // Stopped gracefully: cancelling a server can drop a connection it accepted, which traps.
        let stack = try await LocalStack.start(plan)
        guard let backendURL = stack.backendURL else {
            await stack.stop()
            throw ValidationError("the backend did not start")
        }
        let target = BenchTarget(
            backendURL: Self.origin(backendURL), apiKey: Self.apiKey, sandboxURL: Self.origin(stack.sandboxURL),
            merchantToken: Self.token)
        do {
            try await Self.waitUntilUp(target.backendURL + "/healthz")
        } catch {
            await stack.stop()
            throw error
        }
        return (stack, target)
    }

    /// A new, empty database named after `name`: an SQLite file in `directory`, or, when `given`
    /// is a PostgreSQL server, a scratch database made there and dropped again by `drop`.
    private static func freshDatabase(
        beside given: DatabaseLocation?, name: String, in directory: URL
    ) async throws -> (location: DatabaseLocation, drop: @Sendable () async -> Void) {
        switch given {
        case .postgres(let url):
            let scratch = try await ScratchDatabase.create(onServerOf: url, prefix: name)
            return (scratch.location, { try? await scratch.drop() })
        case .sqlite, nil:
            return (.sqlite(path: directory.appendingPathComponent("\(name).sqlite").path), {})
        }
    }

    /// `http://host:port` without a trailing slash, as the phases join paths to it.
    private static func origin(_ url: URL) -> String {
        let text = url.absoluteString
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// The phases every target gets: `GET /`, creation through the backend (next to the sandbox
    /// alone when its URL is known), and the latency phases when the sandbox can be slowed down.
    private func measure(target: BenchTarget, backendInProcess: Bool) async throws {
        let (connections, seconds) = (connections, seconds)
        let discovery = try await BenchLoad.run(
            origin: target.backendURL, seconds: seconds, connections: connections
        ) { _, _ in
            target.request(.GET, "/", body: nil, merchant: false)
        }
        Self.report("backend: GET /", discovery)
        // The two creation phases take turns in short rounds, so a machine whose speed drifts
        // during the run (a shared VM) slows both alike and the ratio stays fair.
        var sandboxOnly = BenchThroughput()
        var creation = BenchThroughput()
        // Payee references are unique per payee at the sandbox, which may outlive this run.
        let run = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        for round in 0..<Self.rounds {
            if target.sandboxURL != nil {
                sandboxOnly.append(
                    try await BenchLoad.run(
                        origin: target.origin(merchant: true), seconds: seconds / Double(Self.rounds),
                        connections: connections
                    ) { worker, index in
                        target.request(
                            .POST, "/psp/paymentorders",
                            body: SampleOrder.json(payeeReference: "\(run)s\(round)w\(worker)n\(index)"),
                            merchant: true)
                    })
            }
            creation.append(
                try await BenchLoad.run(
                    origin: target.backendURL, seconds: seconds / Double(Self.rounds), connections: connections
                ) { _, _ in
                    target.orderCreation
                })
        }
        let backendRate = Double(creation.created) / creation.elapsed
        if target.sandboxURL != nil {
            Self.report("sandbox alone: POST /psp/paymentorders", sandboxOnly)
        }
        Self.report("backend: POST /paymentorders (→ sandbox, stored)", creation)
        if target.sandboxURL != nil, sandboxOnly.created == 0 {
            Console.line(
                "(the sandbox refused every order of its own: give its --merchant-token, and a sandbox that takes any payee,"
                    + " for the ratio; `serve` keeps its token to itself)")
        } else if target.sandboxURL != nil {
            let sandboxRate = Double(sandboxOnly.created) / sandboxOnly.elapsed
            Console.line(
                "order creation through the backend: \(Self.format(backendRate / max(sandboxRate, 1) * 100, 0)) % of the sandbox-only rate"
            )
        } else {
            Console.line("(no --sandbox-url: the sandbox-alone figure and the latency phases are skipped)")
            return
        }
        for latencyConnections in delay > 0 ? self.latencyConnections : [] {
            let phase = BenchLatencyPhase(
                delayMilliseconds: delay, connections: latencyConnections, seconds: seconds,
                cpuBoundRate: backendRate, backendInProcess: backendInProcess)
            phase.report(try await phase.run(target: target))
        }
    }

    private static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    static func waitUntilUp(_ url: String) async throws {
        for _ in 0..<200 {
            if let response = try? await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(1)),
                response.status == .ok
            {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ValidationError("the servers did not start")
    }

    static func report(_ title: String, _ result: BenchThroughput) {
        let statistics = LatencyStatistics(milliseconds: result.latencies)
        Console.line(
            "\(title): \(format(Double(result.created) / result.elapsed, 0)) /s"
                + " (p50 \(format(statistics.percentile(0.5), 2)) ms, p99 \(format(statistics.percentile(0.99), 2)) ms,"
                + " \(statistics.count) requests, \(format(result.cpuSeconds / Double(max(statistics.count, 1)) * 1e6, 0)) µs CPU each)"
        )
        if result.failed > 0 { Console.line("  failed: \(result.failed) (first: \(result.firstFailure ?? "?"))") }
    }

    static func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
}
