import Foundation

/// What one phase of a benchmark counted: successes, failures (with the first one's status
/// and body, to say what went wrong), request latencies and how long it took.
struct BenchThroughput: Sendable {
    var created = 0
    var failed = 0
    var firstFailure: String?
    var latencies: [Double] = []
    /// When each of `latencies`' requests was sent (monotonic nanoseconds), in the same order.
    var sentAt: [UInt64] = []
    var elapsed: Double = 0
    /// CPU time the whole process used meanwhile (load generator and servers together).
    var cpuSeconds: Double = 0
    /// Orders whose payment session was opened (memory phase only).
    var sessionsOpened = 0

    mutating func fail(_ description: String) {
        failed += 1
        if firstFailure == nil { firstFailure = description }
    }

    /// Adds a later phase of the same kind: counts, time and CPU add up.
    mutating func append(_ later: BenchThroughput) {
        merge(later)
        elapsed += later.elapsed
        cpuSeconds += later.cpuSeconds
    }

    /// Adds another worker of the same phase (same time span).
    mutating func merge(_ other: BenchThroughput) {
        created += other.created
        failed += other.failed
        firstFailure = firstFailure ?? other.firstFailure
        latencies += other.latencies
        sentAt += other.sentAt
        sessionsOpened += other.sessionsOpened
    }
}
