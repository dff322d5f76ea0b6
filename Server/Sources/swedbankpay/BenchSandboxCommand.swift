import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import LocalStack
import Logging
import NIOCore
import PaymentSandbox
import ServerSupport

/// `swedbankpay bench sandbox`: payment-order creations per second, their latency, and the memory
/// 10,000 open payment sessions take, against a sandbox started in this process on a loopback
/// port. Client and server share the machine's cores, so the figures are a floor.
struct BenchSandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Benchmarks the Payment Sandbox: order creations/s, p50/p99 latency, memory per 10,000 sessions.",
        discussion: "Run it from a release build: swift run -c release --package-path Server swedbankpay bench sandbox"
    )

    @Option(help: "How long to drive POST /psp/paymentorders, in seconds (1–300).")
    var seconds: Double = 10

    @Option(help: "Concurrent HTTP connections (1–1024).")
    var connections = 32

    @Option(help: "Payment orders whose payment session is opened for the memory figure (0–100000).")
    var sessions = 10_000

    @Option(
        help: ArgumentHelp(
            "A running sandbox to measure instead of starting one here (creation only: its memory is another process's).",
            valueName: "url"))
    var sandboxURL: String?

    @Option(help: "The merchant token of --sandbox-url.")
    var merchantToken = "sandbox-merchant-token"

    static let token = "bench-token"

    func validate() throws {
        guard (1...300).contains(seconds) else {
            throw ValidationError("--seconds must be from 1 to 300, for example --seconds 10.")
        }
        guard (1...1_024).contains(connections) else {
            throw ValidationError("--connections must be from 1 to 1024, for example --connections 32.")
        }
        guard (0...100_000).contains(sessions) else {
            throw ValidationError("--sessions must be from 0 to 100000, for example --sessions 10000.")
        }
        try DefaultAddress.requireAbsolute(sandboxURL, flag: "--sandbox-url", example: DefaultAddress.sandbox)
    }

    func run() async throws {
        #if DEBUG
            Console.line("Note: this is a debug build; for real figures run it with swift run -c release.")
        #endif
        if let sandboxURL {
            try await measureRunning(sandboxURL.hasSuffix("/") ? String(sandboxURL.dropLast()) : sandboxURL)
            return
        }
        var configuration = SandboxConfiguration(merchantTokens: [Self.token], seed: 1)
        configuration.swishOtherDeviceApprovalDelay = nil
        // The bench measures speed, not the memory bounds: every order it made stays readable.
        configuration.storeBudgets = SandboxStoreBudgets(total: SandboxStoreBudgets.totalRange.upperBound)
        let connections = self.connections
        let seconds = self.seconds
        let sessions = self.sessions
        // Stopped gracefully: cancelling a server can drop a connection it accepted, which traps.
        let stack = try await LocalStack.start(LocalStack.Plan(sandbox: configuration))
        do {
            let port = stack.sandboxURL.port ?? 0
            var clientConfiguration = HTTPClient.Configuration()
            clientConfiguration.connectionPool = .init(
                idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
            let driver = BenchDriver(client: client, base: "http://127.0.0.1:\(port)", token: Self.token)
            do {
                Console.line(
                    "Payment Sandbox benchmark on http://127.0.0.1:\(port) (\(ProcessInfo.processInfo.activeProcessorCount) cores)"
                )
                let throughput = try await driver.createOrders(seconds: seconds, connections: connections)
                Self.report(throughput, seconds: seconds, connections: connections)
                if sessions > 0 {
                    let memory = try await driver.openSessions(count: sessions, connections: connections)
                    Self.report(memory)
                }
            } catch {
                try? await client.shutdown()
                throw error
            }
            try await client.shutdown()
        } catch {
            await stack.stop()
            throw error
        }
        await stack.stop()
    }

    /// Order creation against a sandbox running elsewhere, with references of this run.
    private func measureRunning(_ base: String) async throws {
        var clientConfiguration = HTTPClient.Configuration()
        clientConfiguration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
        let driver = BenchDriver(
            client: client, base: base, token: merchantToken,
            referencePrefix: String(UInt32.random(in: 0...UInt32.max), radix: 16))
        Console.line("Payment Sandbox benchmark of \(base) (running elsewhere; CPU figures are this process's only)")
        do {
            let throughput = try await driver.createOrders(seconds: seconds, connections: connections)
            Self.report(throughput, seconds: seconds, connections: connections)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    private static func report(_ result: BenchThroughput, seconds: Double, connections: Int) {
        let cpu = result.cpuSeconds
        let statistics = LatencyStatistics(milliseconds: result.latencies)
        let rate = Double(result.created) / result.elapsed
        Console.line(
            "order creations: \(result.created) in \(format(result.elapsed, 1)) s with \(connections) connections"
                + " → \(format(rate, 0)) /s")
        Console.line(
            "latency: p50 \(format(statistics.percentile(0.5), 2)) ms, p99 \(format(statistics.percentile(0.99), 2)) ms"
                + " (\(statistics.count) requests)")
        if result.failed > 0 {
            Console.line("failed: \(result.failed) (first: \(result.firstFailure ?? "?"))")
        }
        // CPU per request holds even when other processes share the cores; it bounds the rate
        // this machine could reach with the cores to itself.
        let requests = Double(max(statistics.count, 1))
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        Console.line(
            "CPU: \(format(cpu / requests * 1e6, 0)) µs per creation (client and server together);"
                + " \(format(cpu / result.elapsed / cores * 100, 0)) % of \(Int(cores)) cores used,"
                + " so at most ≈ \(format(requests / cpu * cores, 0)) /s with the cores to itself")
    }

    private static func report(_ result: BenchMemory) {
        let what = result.sessionsOpened ? "payment sessions opened (GET + prepare-payment)" : "payment orders"
        Console.line("\(result.count) \(what) in \(format(result.elapsed, 1)) s")
        if !result.sessionsOpened {
            Console.line("(no view-paymentsession operation or session API yet: the figure covers the orders only)")
        }
        if result.failed > 0 {
            Console.line("failed: \(result.failed) (first: \(result.firstFailure ?? "?"))")
        }
        guard let before = result.residentBefore, let after = result.residentAfter, result.count > 0 else {
            Console.line("resident memory: not available (needs /proc/self/status)")
            return
        }
        let megabytes = { (bytes: Int) in Double(bytes) / 1_048_576 }
        let perTenThousand = megabytes(after - before) * 10_000 / Double(result.count)
        Console.line(
            "resident memory: \(format(megabytes(before), 1)) MB → \(format(megabytes(after), 1)) MB,"
                + " \(format(perTenThousand, 1)) MB per 10,000 sessions")
    }

    private static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
