import AsyncHTTPClient
import Foundation

/// The latency phase of `bench backend`: order creation through the backend while Swedbank Pay
/// (the sandbox, by a `delay` fault) takes D to answer, with C connections. With every call
/// waiting D, no backend can beat C/D orders a second, nor its own CPU-bound rate R₀ (the D = 0
/// creation rate of the same run); the phase reports its rate as a share of min(C/D, R₀).
struct BenchLatencyPhase {
    let delayMilliseconds: Int
    let connections: Int
    let seconds: Double
    /// R₀: the creation rate through the backend with no delay, measured in the same run.
    let cpuBoundRate: Double
    /// Whether the backend runs in this process, so that this process's memory is the backend's.
    let backendInProcess: Bool

    /// What the phase measured.
    struct Result {
        var throughput: BenchThroughput
        /// Resident memory before the load and at its end (with C creations in flight), bytes.
        var residentBefore: Int?
        var residentDuring: Int?
    }

    /// Load before the measured time, to open the connections.
    static let warmUpSeconds = 2.0

    var idealRate: Double { Double(connections) * 1_000 / Double(delayMilliseconds) }
    var bound: Double { min(idealRate, cpuBoundRate) }

    /// Runs the phase against `target`, its sandbox slowed down by a fault rule for the time.
    func run(target: BenchTarget) async throws -> Result {
        // The sandbox started here is emptied first: the orders of the earlier phases (tens of
        // thousands) are the stand-in's state, not the backend's, and kept they lengthened its own
        // tail (docs/benchmarks.md). A sandbox running elsewhere is not touched.
        if backendInProcess { try await target.resetSandbox(client: .shared) }
        let fault = try await target.delayOrderCreation(by: Double(delayMilliseconds) / 1_000, client: .shared)
        do {
            let result = try await measure(target: target)
            try await target.removeFault(fault, client: .shared)
            return result
        } catch {
            try? await target.removeFault(fault, client: .shared)
            throw error
        }
    }

    private func measure(target: BenchTarget) async throws -> Result {
        let residentBefore = ProcessMemory.residentBytes()
        let sampler = Task {
            // The load is steady after a second; sampled then, C creations are in flight.
            try await Task.sleep(for: .milliseconds(Int(min(seconds / 2, 1) * 1_000)))
            return ProcessMemory.residentBytes()
        }
        // Not counted: the first C requests open C connections to the backend and C from it to
        // Swedbank Pay; the figures are of the steady state. The clients arrive spread over one
        // delay, as independent payers do, not in one wave that the fixed delay would keep together
        // for the whole run.
        let throughput: BenchThroughput
        do {
            throughput = try await BenchLoad.run(
                origin: target.backendURL, seconds: seconds, connections: connections, warmUp: Self.warmUpSeconds,
                spread: Double(delayMilliseconds) / 1_000
            ) { _, _ in
                target.request(.POST, "/paymentorders", body: SampleOrder.json(payeeReference: ""), merchant: false)
            }
        } catch {
            sampler.cancel()
            throw error
        }
        return Result(
            throughput: throughput, residentBefore: residentBefore, residentDuring: try? await sampler.value)
    }

    func report(_ result: Result) {
        let rate = Double(result.throughput.created) / result.throughput.elapsed
        let statistics = LatencyStatistics(milliseconds: result.throughput.latencies)
        let format = BenchBackendCommand.format
        Console.line(
            "backend with Swedbank Pay at \(delayMilliseconds) ms, \(connections) connections: \(format(rate, 0)) /s"
                + " = \(format(rate / bound * 100, 0)) % of min(C/D = \(format(idealRate, 0)), R₀ = \(format(cpuBoundRate, 0)))"
                + " (p50 \(format(statistics.percentile(0.5), 1)) ms, p99 \(format(statistics.percentile(0.99), 1)) ms,"
                + " \(format(result.throughput.cpuSeconds / Double(max(statistics.count, 1)) * 1e6, 0)) µs CPU each,"
                + " \(statistics.count) requests after a \(format(Self.warmUpSeconds, 0)) s warm-up, arrivals spread over D)"
        )
        if backendInProcess, let before = result.residentBefore, let during = result.residentDuring {
            let perCreation = Double(during - before) / Double(connections) / 1_024
            Console.line(
                "  resident memory \(format(Double(before) / 1_048_576, 1)) MB before, \(format(Double(during) / 1_048_576, 1)) MB"
                    + " with \(connections) creations in flight (\(format(perCreation, 1)) KB each, load generator included)"
            )
        }
        let (slow, windows, allWindows) = Self.slowRequests(result.throughput, over: Double(delayMilliseconds) + 50)
        Console.line(
            "  over D + 50 ms: \(slow) requests, sent in \(windows) of \(allWindows) quarter-seconds"
                + " (a few windows: stalls; many: the cores were short all along)")
        if result.throughput.failed > 0 {
            Console.line("  failed: \(result.throughput.failed) (first: \(result.throughput.firstFailure ?? "?"))")
        }
    }

    /// How many requests took longer than `limit` ms, and in how many of the run's 250 ms windows
    /// (by send time) they were sent, next to how many windows there were.
    static func slowRequests(_ throughput: BenchThroughput, over limit: Double) -> (Int, Int, Int) {
        guard let first = throughput.sentAt.min(), let last = throughput.sentAt.max() else { return (0, 0, 0) }
        let window: UInt64 = 250_000_000
        var slowWindows = Set<UInt64>()
        var slow = 0
        for (latency, sent) in zip(throughput.latencies, throughput.sentAt) where latency > limit {
            slow += 1
            slowWindows.insert((sent - first) / window)
        }
        return (slow, slowWindows.count, Int((last - first) / window) + 1)
    }
}
