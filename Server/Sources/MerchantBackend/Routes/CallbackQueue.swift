/// Which payment orders' callbacks to verify next: pure bookkeeping for ``CallbackVerifier``.
///
/// A callback is only a hint that an order changed; verifying it costs a read at Swedbank Pay. So
/// an order is read by at most one verification at a time, callbacks for an order already waiting
/// are merged into that one, a callback arriving while its order is being read asks for exactly one
/// more read afterwards (the read may have started before the change), and at most `maxWaiting`
/// orders wait — beyond that, callbacks are dropped (the status is read again whenever the app or
/// the merchant asks for it).
struct CallbackQueue: Sendable, Equatable {
    let maxRunning: Int
    let maxWaiting: Int
    private(set) var waiting: [String] = []
    private(set) var running: Set<String> = []
    /// Orders that got a callback while being read.
    private(set) var again: Set<String> = []

    init(maxRunning: Int, maxWaiting: Int) {
        self.maxRunning = maxRunning
        self.maxWaiting = maxWaiting
    }

    /// What became of a callback.
    enum Intake: Sendable, Equatable {
        /// The order waits for a read.
        case queued
        /// A read of the order is waiting or running already; it covers this callback.
        case merged
        /// Too many orders are waiting.
        case dropped
    }

    var isIdle: Bool { waiting.isEmpty && running.isEmpty }

    mutating func receive(_ order: String) -> Intake {
        if running.contains(order) {
            again.insert(order)
            return .merged
        }
        if waiting.contains(order) { return .merged }
        guard waiting.count < maxWaiting else { return .dropped }
        waiting.append(order)
        return .queued
    }

    /// The next order to read, if one waits and a read may start.
    mutating func next() -> String? {
        guard running.count < maxRunning, !waiting.isEmpty else { return nil }
        let order = waiting.removeFirst()
        running.insert(order)
        return order
    }

    /// The read of `order` ended; a callback that came meanwhile queues it again.
    mutating func finished(_ order: String) {
        running.remove(order)
        if again.remove(order) != nil, waiting.count < maxWaiting { waiting.append(order) }
    }
}
