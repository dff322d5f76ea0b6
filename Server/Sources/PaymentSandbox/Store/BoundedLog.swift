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
        defer { wakeWaiters(for: entry) }
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

    /// The kept entries once at least `count` were appended since the last clear (returns at once
    /// when they were) — an event to await, where a test would otherwise poll the log.
    func entries(once count: Int) async -> [Entry] {
        if totalAppended < count {
            await withCheckedContinuation { countWaiters.append((count, $0)) }
        }
        return all()
    }

    private var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The first kept entry that matches `condition`, or else the first such entry appended later —
    /// an event to await, where a test would otherwise poll the log.
    func first(where condition: @escaping @Sendable (Entry) -> Bool) async -> Entry {
        if let kept = entries[start...].first(where: condition) { return kept }
        return await withCheckedContinuation { waiters.append((condition, $0)) }
    }

    private var waiters: [(condition: @Sendable (Entry) -> Bool, continuation: CheckedContinuation<Entry, Never>)] = []

    private func wakeWaiters(for entry: Entry) {
        let counted = countWaiters.filter { $0.count <= totalAppended }
        countWaiters.removeAll { $0.count <= totalAppended }
        for waiter in counted { waiter.continuation.resume() }
        guard !waiters.isEmpty else { return }
        var remaining: [(condition: @Sendable (Entry) -> Bool, continuation: CheckedContinuation<Entry, Never>)] = []
        for waiter in waiters {
            if waiter.condition(entry) {
                waiter.continuation.resume(returning: entry)
            } else {
                remaining.append(waiter)
            }
        }
        waiters = remaining
    }

    func clear() {
        entries = []
        start = 0
        totalAppended = 0
    }
}
