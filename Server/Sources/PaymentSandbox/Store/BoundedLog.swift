import Foundation

/// An append-only log that keeps the newest `capacity` entries: the request log, the event
/// (beacon) log and the callback log.
actor BoundedLog<Entry: Sendable> {
    private let capacity: Int
    private var entries: [Entry] = []
    private var start = 0
    private(set) var totalAppended = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a log needs room for at least one entry")
        self.capacity = capacity
    }

    func append(_ entry: Entry) {
        entries.append(entry)
        totalAppended += 1
        if entries.count - start > capacity {
            start += 1
        }
        if start > capacity {
            entries.removeFirst(start)
            start = 0
        }
    }

    /// The kept entries, oldest first.
    func all() -> [Entry] {
        Array(entries[start...])
    }

    func clear() {
        entries = []
        start = 0
        totalAppended = 0
    }
}
