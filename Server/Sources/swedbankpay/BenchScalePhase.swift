import Foundation
import MerchantBackend

/// The scale phases of `bench backend --scale N`: with N orders stored (preloaded in bulk, not
/// through HTTP), order creation and `GET /paymentorders/{id}` through the backend, so that their
/// latency can be compared across sizes (issue target: flat within ±10 % from 10,000 to 1,000,000).
struct BenchScalePhase {
    let sizes: [Int]
    let seconds: Double
    let connections: Int

    struct Row {
        var size: Int
        var creation: BenchThroughput
        var reads: BenchThroughput
    }

    func run(database: BackendDatabase, target: BenchTarget) async throws -> [Row] {
        let reader = BenchTarget.user
        var rows: [Row] = []
        var readerIDs: [String] = []
        var preloaded = 0
        for size in sizes.sorted() {
            let stored = try await database.orderCount()
            // The reads need orders of the reader: when the earlier phases stored more than this
            // size already, a thousand of the reader's are added anyway (and the row says so).
            let missing = readerIDs.isEmpty ? max(size - stored, 1_000) : max(size - stored, 0)
            if missing > 0 {
                let started = ContinuousClock.now
                readerIDs += try await database.preloadPaidOrders(from: preloaded, count: missing, reader: reader)
                preloaded += missing
                let elapsed = ContinuousClock.now - started
                Console.line(
                    "scale: preloaded \(missing) orders (now \(stored + missing)) in \(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1))))"
                )
            }
            let storedNow = try await database.orderCount()
            let ids = readerIDs
            let creation = try await BenchLoad.run(
                origin: target.backendURL, seconds: seconds, connections: connections, warmUp: 1
            ) { _, _ in
                target.request(.POST, "/paymentorders", body: SampleOrder.json(payeeReference: ""), merchant: false)
            }
            BenchBackendCommand.report("scale \(storedNow): POST /paymentorders", creation)
            let reads = try await BenchLoad.run(
                origin: target.backendURL, seconds: seconds, connections: connections, warmUp: 1
            ) { worker, index in
                // Spread over the reader's orders: every read looks up another row.
                let id = ids[(worker &* 7_919 &+ index &* 104_729) % ids.count]
                return target.request(.GET, "/paymentorders/" + id, body: nil, merchant: false)
            }
            BenchBackendCommand.report("scale \(storedNow): GET /paymentorders/{id}", reads)
            rows.append(Row(size: storedNow, creation: creation, reads: reads))
        }
        return rows
    }

    /// One line per size, each figure next to the smallest size's.
    static func summary(_ rows: [Row]) -> [String] {
        guard let first = rows.first else { return [] }
        func p(_ result: BenchThroughput, _ q: Double) -> Double {
            LatencyStatistics(milliseconds: result.latencies).percentile(q)
        }
        func change(_ value: Double, _ base: Double) -> String {
            base > 0 ? String(format: "%+.0f %%", (value / base - 1) * 100) : "?"
        }
        return rows.map { row in
            let creationP50 = p(row.creation, 0.5)
            let readP50 = p(row.reads, 0.5)
            return String(
                format: "scale %9d orders: creation p50 %.2f ms (%@), p99 %.2f ms; read p50 %.2f ms (%@), p99 %.2f ms",
                row.size, creationP50, change(creationP50, p(first.creation, 0.5)), p(row.creation, 0.99), readP50,
                change(readP50, p(first.reads, 0.5)), p(row.reads, 0.99))
        }
    }
}
