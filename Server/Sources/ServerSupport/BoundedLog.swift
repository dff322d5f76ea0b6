#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// An append-only log that keeps the newest `capacity` entries — the sandbox's request, event
/// (beacon) and callback logs, the backend's status changes — within a byte budget when it has
/// one, and lets a caller await an entry instead of polling for it.
public actor BoundedLog<Entry: Sendable> {
    private let capacity: Int
    /// Kept entries from `start` on; a dropped one is nil at once, so its memory goes with it.
    private var entries: [Entry?] = []
    private var costs: [Int] = []
    private var start = 0
    /// How many entries were appended since the last clear, kept or not.
    public private(set) var totalAppended = 0
    /// The most bytes the kept entries hold by ``cost``; `Int.max` without a budget.
    public nonisolated let byteBudget: Int
    private let cost: (@Sendable (Entry) -> Int)?
    /// The bytes the kept entries hold by the log's account (0 without a budget).
    public private(set) var bytes = 0

    /// A log keeping the newest `capacity` entries.
    public init(capacity: Int) {
        precondition(capacity > 0, "a log needs room for at least one entry")
        self.capacity = capacity
        byteBudget = .max
        cost = nil
    }

    /// A log keeping the newest `capacity` entries whose costs (`cost`, each entry's estimated
    /// bytes) add up to at most `byteBudget`; the newest entry is kept whatever it costs, so the
    /// owner bounds each entry at the edge.
    public init(capacity: Int, byteBudget: Int, cost: @escaping @Sendable (Entry) -> Int) {
        precondition(capacity > 0, "a log needs room for at least one entry")
        precondition(byteBudget > 0, "a log needs a byte budget")
        self.capacity = capacity
        self.byteBudget = byteBudget
        self.cost = cost
    }

    /// The number of entries kept.
    public var count: Int { entries.count - start }

    /// Appends `entry`, dropping the oldest beyond the capacity or the budget, and wakes who waits
    /// for it.
    public func append(_ entry: Entry) {
        let entryCost = cost?(entry) ?? 0
        entries.append(entry)
        costs.append(entryCost)
        bytes += entryCost
        defer { if waiting > 0 { wakeWaiters(for: entry) } }
        totalAppended += 1
        while entries.count - start > capacity || (bytes > byteBudget && entries.count - start > 1) {
            bytes -= costs[start]
            entries[start] = nil
            start += 1
        }
        if start > Swift.max(64, entries.count - start) {
            entries.removeFirst(start)
            costs.removeFirst(start)
            start = 0
        }
    }

    /// The kept entries, oldest first.
    public func all() -> [Entry] {
        entries[start...].compactMap { $0 }
    }

    /// The kept entries once at least `count` were appended since the last clear (returns at once
    /// when they were) — an event to await, where a test would otherwise poll the log.
    public func entries(once count: Int) async -> [Entry] {
        if totalAppended < count {
            await withCheckedContinuation {
                countWaiters.append((count, $0))
                waiting += 1
            }
        }
        return all()
    }

    private var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// The first kept entry that matches `condition`, or else the first such entry appended later —
    /// an event to await, where a test would otherwise poll the log.
    public func first(where condition: @escaping @Sendable (Entry) -> Bool) async -> Entry {
        if let kept = all().first(where: condition) { return kept }
        return await withCheckedContinuation {
            waiters.append((condition, $0))
            waiting += 1
        }
    }

    private var waiters: [(condition: @Sendable (Entry) -> Bool, continuation: CheckedContinuation<Entry, Never>)] = []

    /// How many callers wait in ``countWaiters``, ``timedWaiters`` and ``waiters`` together. Outside
    /// tests nobody waits, and this plain count says so without touching the waiter arrays: in this
    /// unspecialized generic actor every use of one looks up its type's metadata at run time. In a
    /// profile of `bench backend --delay 0` the log's share of the samples fell from 0.64 % to
    /// 0.12 % with it, its metadata lookups from 100 samples to 5 (docs/benchmarks.md).
    private var waiting = 0 {
        didSet { if !waitingWatchers.isEmpty { wakeWaitingWatchers() } }
    }

    /// Returns once at least `count` callers wait for an entry: for a test that must know its
    /// waiters are registered before it appends what they wait for.
    public func untilWaiting(_ count: Int) async {
        guard waiting < count else { return }
        await withCheckedContinuation { waitingWatchers.append((count, $0)) }
    }

    private var waitingWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    private func wakeWaitingWatchers() {
        let reached = waitingWatchers.filter { $0.count <= waiting }
        waitingWatchers.removeAll { $0.count <= waiting }
        for watcher in reached { watcher.continuation.resume() }
    }

    /// Called only when someone waits, and never inlined: its body's generic types have their
    /// metadata looked up on entry, which ``append(_:)`` should not pay for.
    @inline(never)
    private func wakeWaiters(for entry: Entry) {
        defer { waiting = countWaiters.count + timedWaiters.count + waiters.count }
        if !countWaiters.isEmpty {
            let counted = countWaiters.filter { $0.count <= totalAppended }
            countWaiters.removeAll { $0.count <= totalAppended }
            for waiter in counted { waiter.continuation.resume() }
        }
        if !timedWaiters.isEmpty {
            let matched = timedWaiters.filter { $0.condition(entry) }
            timedWaiters.removeAll { $0.condition(entry) }
            for waiter in matched { waiter.continuation.resume(returning: entry) }
        }
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

    /// ``first(where:)`` with a deadline: nil when no matching entry came within `seconds`.
    public func first(
        where condition: @escaping @Sendable (Entry) -> Bool, within seconds: Double
    ) async -> Entry? {
        if let kept = all().first(where: condition) { return kept }
        nextTimedWaiter += 1
        let id = nextTimedWaiter
        let deadline = Task {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            self.expireTimedWaiter(id)
        }
        defer { deadline.cancel() }
        return await withCheckedContinuation {
            timedWaiters.append((id, condition, $0))
            waiting += 1
        }
    }

    private var nextTimedWaiter: UInt64 = 0
    private var timedWaiters:
        [(id: UInt64, condition: @Sendable (Entry) -> Bool, continuation: CheckedContinuation<Entry?, Never>)] = []

    private func expireTimedWaiter(_ id: UInt64) {
        guard let index = timedWaiters.firstIndex(where: { $0.id == id }) else { return }
        timedWaiters.remove(at: index).continuation.resume(returning: nil)
        waiting -= 1
    }

    /// Forgets every entry.
    public func clear() {
        entries = []
        costs = []
        bytes = 0
        start = 0
        totalAppended = 0
    }
}
#endif
