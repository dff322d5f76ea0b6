import Foundation

/// Percentiles of request latencies, in milliseconds.
struct LatencyStatistics {
    private let sorted: [Double]

    init(milliseconds: [Double]) {
        sorted = milliseconds.sorted()
    }

    var count: Int { sorted.count }

    /// The value below which `fraction` of the samples fall (nearest rank).
    func percentile(_ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
