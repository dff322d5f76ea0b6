import Foundation
import LocalStack
import MerchantBackend

/// The scale phases of `bench backend --scale N`: order creation and `GET /paymentorders/{id}`
/// through backends whose databases hold N orders each (preloaded in bulk, not through HTTP), so
/// that their latency can be compared across sizes (issue target: flat within ±10 % from 10,000 to
/// 1,000,000).
///
/// Each size gets a stack of its own (sandbox, backend, database), and the sizes take turns in
/// short rounds: a shared machine whose speed drifts over a run slows every size alike, where
/// phases run one size after another compared the machine's minutes as much as the sizes.
struct BenchScalePhase {
    let sizes: [Int]
    let seconds: Double
    let connections: Int

    /// Rounds each size's creation and reads are split into.
    static let rounds = 5
    /// Load before each round's measured time, to open its connections.
    static let warmUpSeconds = 0.5

    struct Row {
        var size: Int
        var creation = BenchThroughput()
        var reads = BenchThroughput()
        /// Each round's p50, in round order: compared with the smallest size's in the same round.
        var creationP50s: [Double] = []
        var readP50s: [Double] = []

        mutating func appendCreation(_ round: BenchThroughput) {
            creation.append(round)
            creationP50s.append(LatencyStatistics(milliseconds: round.latencies).percentile(0.5))
        }

        mutating func appendReads(_ round: BenchThroughput) {
            reads.append(round)
            readP50s.append(LatencyStatistics(milliseconds: round.latencies).percentile(0.5))
        }
    }

    /// A stack of one size: its target, its database, and how to stop it.
    struct Stack {
        var target: BenchTarget
        var database: BackendDatabase
        var stop: () async -> Void
    }

    /// Runs the phase and prints its figures, starting each size's stack with `start` (given the
    /// size) and stopping every one before returning.
    func run(start: (Int) async throws -> Stack) async throws {
        var stacks: [Stack] = []
        do {
            try await measure(start: start, stacks: &stacks)
            for stack in stacks { await stack.stop() }
        } catch {
            for stack in stacks { await stack.stop() }
            throw error
        }
    }

    private func measure(start: (Int) async throws -> Stack, stacks: inout [Stack]) async throws {
        let reader = BenchTarget.user
        var rows: [Row] = []
        var readerIDs: [[String]] = []
        for size in sizes.sorted() {
            let stack = try await start(size)
            stacks.append(stack)
            let started = ContinuousClock.now
            readerIDs.append(try await stack.database.preloadPaidOrders(from: 0, count: size, reader: reader))
            try await stack.database.settleAfterPreload()
            let elapsed = (ContinuousClock.now - started) / .seconds(1)
            let stored = try await stack.database.orderCount()
            Console.line("scale: preloaded \(stored) orders in \(BenchBackendCommand.format(elapsed, 1)) s")
            rows.append(Row(size: stored))
        }
        let slice = seconds / Double(Self.rounds)
        for round in 0..<Self.rounds {
            // Each round starts at another size, so no size always runs first.
            for turn in 0..<rows.count {
                let index = (round + turn) % rows.count
                let target = stacks[index].target
                rows[index].appendCreation(
                    try await BenchLoad.run(
                        origin: target.backendURL, seconds: slice, connections: connections,
                        warmUp: Self.warmUpSeconds
                    ) { _, _ in
                        target.orderCreation
                    })
                let ids = readerIDs[index]
                rows[index].appendReads(
                    try await BenchLoad.run(
                        origin: target.backendURL, seconds: slice, connections: connections,
                        warmUp: Self.warmUpSeconds
                    ) { worker, request in
                        // Spread over the reader's orders: every read looks up another row.
                        let id = ids[(worker &* 7_919 &+ request &* 104_729 &+ round &* 15_485_863) % ids.count]
                        return target.request(.GET, "/paymentorders/" + id, body: nil, merchant: false)
                    })
            }
        }
        for row in rows {
            BenchBackendCommand.report("scale \(row.size): POST /paymentorders", row.creation)
            BenchBackendCommand.report("scale \(row.size): GET /paymentorders/{id}", row.reads)
        }
        for line in Self.summary(rows) { Console.line(line) }
        // Each size's own plans: an engine may plan a lookup differently as the table grows.
        for (index, row) in rows.enumerated() {
            guard let id = readerIDs[index].first else { continue }
            for (query, plan) in try await stacks[index].database.queryPlans(user: reader, id: id) {
                Console.line("plan at \(row.size) orders of \(query):")
                for line in plan { Console.line("  \(line)") }
            }
        }
    }

    /// Two lines per size after the first: the whole run's p50 and p99 next to the smallest
    /// size's, then each round's p50 against the smallest size's in the same round.
    ///
    /// The whole run's figures are the verdict. The rounds show how steady the machine was: a size
    /// and the smallest one take their turns seconds apart, so on a steady machine every round
    /// says about what the whole run says, and a round far off says the machine changed speed
    /// between the two turns (on a shared VM, 2-second rounds moved by −63 % to +148 % while the
    /// whole runs' p50 stayed within ±20 %: docs/benchmarks.md).
    static func summary(_ rows: [Row]) -> [String] {
        guard let first = rows.first else { return [] }
        func p(_ result: BenchThroughput, _ q: Double) -> Double {
            LatencyStatistics(milliseconds: result.latencies).percentile(q)
        }
        return rows.flatMap { row -> [String] in
            let creationP50 = p(row.creation, 0.5)
            let readP50 = p(row.reads, 0.5)
            let whole = String(
                format: "scale %9d orders: creation p50 %.2f ms (%@), p99 %.2f ms; read p50 %.2f ms (%@), p99 %.2f ms",
                row.size, creationP50, change(creationP50, p(first.creation, 0.5)), p(row.creation, 0.99), readP50,
                change(readP50, p(first.reads, 0.5)), p(row.reads, 0.99))
            guard row.size != first.size else { return [whole] }
            let creation = pairedChanges(row.creationP50s, first.creationP50s)
            let reads = pairedChanges(row.readP50s, first.readP50s)
            let rounds = String(
                format: "  against %d orders round by round: creation %@; reads %@", first.size,
                creation.map(percent).joined(separator: ", "), reads.map(percent).joined(separator: ", "))
            return [whole, rounds]
        }
    }

    /// Each round's change of `values` against `base` in the same round, as fractions.
    static func pairedChanges(_ values: [Double], _ base: [Double]) -> [Double] {
        zip(values, base).compactMap { value, base in base > 0 ? value / base - 1 : nil }
    }

    private static func percent(_ change: Double) -> String {
        String(format: "%+.0f %%", change * 100)
    }

    private static func change(_ value: Double, _ base: Double) -> String {
        base > 0 ? percent(value / base - 1) : "?"
    }
}
