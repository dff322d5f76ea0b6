import AsyncHTTPClient
import Foundation

/// The latency phase of `bench backend`: order creation through the backend while Swedbank Pay
/// (the sandbox, by a `delay` fault) takes D to answer, with C connections. With every call
/// waiting D, no backend can beat C/D orders a second, nor its own CPU-bound rate R₀ (the D = 0
/// creation rate of the same run); the phase reports its rate as a share of min(C/D, R₀).
///
/// Where C/D exceeds R₀, R₀ is taken two ways: from the D = 0 creation phase (32 connections by
/// default), and at the phase's own C with no delay, in rounds that alternate with the delayed
/// ones. The second is the CPU bound of C connections — a thousand connections cost more per
/// creation than 32 — measured over the same minutes, so a machine whose speed drifts moves both
/// sides of the ratio alike.
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
        /// Creation with Swedbank Pay taking D.
        var throughput = BenchThroughput()
        /// Creation at the same C with no delay, in the rounds between.
        var undelayed = BenchThroughput()
        /// Resident memory before the load and at its end (with C creations in flight), bytes.
        var residentBefore: Int?
        var residentDuring: Int?
    }

    /// Rounds of each kind (delayed and not) the phase's seconds are split into where the CPU is
    /// the bound.
    static let rounds = 5
    /// Load before each round's measured time, to open the connections. A delayed round warms up
    /// longer: it follows a round at full speed, whose writes the database is still catching up
    /// with (SQLite's checkpoints), and the figures are of the delayed load's steady state.
    static let warmUpSeconds = 1.0
    static let delayedWarmUpSeconds = 2.0

    var idealRate: Double { Double(connections) * 1_000 / Double(delayMilliseconds) }
    var bound: Double { min(idealRate, cpuBoundRate) }

    /// Runs the phase against `target`, its sandbox slowed down by a fault rule in the delayed
    /// rounds.
    func run(target: BenchTarget) async throws -> Result {
        var result = Result()
        // Where C/D is the bound, R₀ does not enter it and the delayed load runs in one piece: its
        // figures are of its own steady state, with nothing before it but a warm-up. Where the CPU
        // is the bound, R₀ at C is measured in rounds alternating with the delayed ones.
        let cpuBound = idealRate > cpuBoundRate
        let rounds = cpuBound ? Self.rounds : 1
        let slice = seconds / Double(rounds)
        for round in 0..<rounds {
            // Each kind goes first in every other round.
            for delayed in !cpuBound ? [true] : round % 2 == 0 ? [true, false] : [false, true] {
                // The sandbox started here is emptied first: the orders of the earlier rounds and
                // phases (tens of thousands) are the stand-in's state, not the backend's, and kept
                // they lengthened its own tail (docs/benchmarks.md). A sandbox running elsewhere is
                // not touched.
                if backendInProcess { try await target.resetSandbox(client: .shared) }
                if delayed {
                    let sampleMemory = result.residentBefore == nil
                    if sampleMemory { result.residentBefore = ProcessMemory.residentBytes() }
                    let (throughput, resident) = try await delayedRound(
                        target: target, seconds: slice, sampleMemory: sampleMemory)
                    result.throughput.append(throughput)
                    if sampleMemory { result.residentDuring = resident }
                } else {
                    result.undelayed.append(try await load(target: target, seconds: slice, spread: 0))
                }
            }
        }
        return result
    }

    private func delayedRound(target: BenchTarget, seconds: Double, sampleMemory: Bool) async throws
        -> (BenchThroughput, Int?)
    {
        let fault = try await target.delayOrderCreation(by: Double(delayMilliseconds) / 1_000, client: .shared)
        let sampler = Task {
            // Sampled a second in, with the clients spread over D: C creations in flight.
            try await Task.sleep(for: .seconds(1))
            return sampleMemory ? ProcessMemory.residentBytes() : nil
        }
        do {
            // The clients arrive spread over one delay, as independent payers do, not in one wave
            // that the fixed delay would keep together for the whole run.
            let throughput = try await load(target: target, seconds: seconds, spread: Double(delayMilliseconds) / 1_000)
            try await target.removeFault(fault, client: .shared)
            return (throughput, try? await sampler.value)
        } catch {
            sampler.cancel()
            try? await target.removeFault(fault, client: .shared)
            throw error
        }
    }

    /// Creation through the backend with C connections; the warm-up (C connections opened to the
    /// backend and from it to Swedbank Pay) is not counted.
    private func load(target: BenchTarget, seconds: Double, spread: Double) async throws -> BenchThroughput {
        try await BenchLoad.run(
            origin: target.backendURL, seconds: seconds, connections: connections,
            warmUp: spread > 0 ? Self.delayedWarmUpSeconds : Self.warmUpSeconds, spread: spread
        ) { _, _ in
            target.orderCreation
        }
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
                + " \(statistics.count) requests after \(format(Self.delayedWarmUpSeconds, 0)) s warm-ups,"
                + " arrivals spread over D)"
        )
        if result.undelayed.elapsed > 0 {
            let undelayedRate = Double(result.undelayed.created) / result.undelayed.elapsed
            let undelayedStatistics = LatencyStatistics(milliseconds: result.undelayed.latencies)
            Console.line(
                "  R₀ at \(connections) connections (D = 0, rounds alternating with the delayed ones): \(format(undelayedRate, 0)) /s"
                    + " (p50 \(format(undelayedStatistics.percentile(0.5), 1)) ms,"
                    + " \(format(result.undelayed.cpuSeconds / Double(max(undelayedStatistics.count, 1)) * 1e6, 0)) µs CPU each)"
                    + " → \(format(rate / min(idealRate, undelayedRate) * 100, 0)) % of min(C/D, R₀ at C)"
            )
        }
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
        if result.undelayed.failed > 0 {
            Console.line(
                "  failed at D = 0: \(result.undelayed.failed) (first: \(result.undelayed.firstFailure ?? "?"))")
        }
    }

    /// How many requests took longer than `limit` ms, and in how many of the 250 ms windows
    /// (by send time) they were sent, next to how many windows saw requests sent (the rounds
    /// leave gaps between them).
    static func slowRequests(_ throughput: BenchThroughput, over limit: Double) -> (Int, Int, Int) {
        guard let first = throughput.sentAt.min() else { return (0, 0, 0) }
        let window: UInt64 = 250_000_000
        var windows = Set<UInt64>()
        var slowWindows = Set<UInt64>()
        var slow = 0
        for (latency, sent) in zip(throughput.latencies, throughput.sentAt) {
            windows.insert((sent - first) / window)
            guard latency > limit else { continue }
            slow += 1
            slowWindows.insert((sent - first) / window)
        }
        return (slow, slowWindows.count, windows.count)
    }
}
