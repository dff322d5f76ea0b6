#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// A dictionary with a size limit, a byte budget and an idle lifetime: when full (more than
/// `capacity` entries, or more than `byteBudget` bytes by its own account), the least recently
/// used entry is dropped — one its owner calls finished first, an unfinished one only when no
/// finished one is left; an entry unused for `lifetime` seconds is gone. Every operation is
/// amortised O(1); room made in advance (`reserving`) spares the first entries the pauses of
/// growth.
///
/// The account is the owner's estimate of each value's bytes (`cost`), taken when the value is
/// stored or changed; the entry of the call that stores is never dropped by it, so an owner bounds
/// each value at the edge (the request body limit, field lengths) and a budget holds many of them.
struct BoundedStore<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// A value on the heap, never changed once made. A payment order's record is 912 bytes held
    /// inline: every growth of `entries` moved all of them (in a debug build, 219 ms at 98,304
    /// orders); boxed, growth moves pointers (23 ms).
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private struct Entry: Sendable {
        var box: Box
        var lastUse: TimeInterval
        var generation: UInt64
        var bytes: Int
        var finished: Bool
    }

    /// One entry dropped to make room or because it expired.
    struct Dropped {
        let key: Key
        let value: Value
        /// Whether the owner called it finished when it was dropped.
        let finished: Bool
        /// Whether it was dropped for room (not for its age).
        let forRoom: Bool
    }

    /// The least recently used, oldest first, of one kind (finished or not); stale (key,
    /// generation) pairs are skipped when met.
    private struct UseOrder: Sendable {
        var items: [(key: Key, generation: UInt64)] = []
        var start = 0

        mutating func removeAll() {
            items = []
            start = 0
        }
    }

    let capacity: Int
    let lifetime: TimeInterval
    /// The most bytes the entries may hold by the account.
    let byteBudget: Int
    /// The bytes of the live entries, by the account.
    private(set) var bytes = 0
    private let cost: @Sendable (Value) -> Int
    private let isFinished: @Sendable (Value) -> Bool
    private var entries: [Key: Entry] = [:]
    private var finishedOrder = UseOrder()
    private var openOrder = UseOrder()
    private var generation: UInt64 = 0

    /// A store of at most `capacity` entries and `byteBudget` bytes by `cost` (each value's
    /// estimate; none by default), with room made for `reserved` of them (at most `capacity`), so
    /// that they are stored without the table growing. `isFinished` says which values go first
    /// when room is needed (all by default).
    init(
        capacity: Int, lifetime: TimeInterval, reserving reserved: Int = 0, byteBudget: Int = .max,
        cost: @escaping @Sendable (Value) -> Int = { _ in 0 },
        isFinished: @escaping @Sendable (Value) -> Bool = { _ in true }
    ) {
        precondition(capacity > 0, "a bounded store needs room for at least one entry")
        precondition(byteBudget > 0, "a bounded store needs a byte budget")
        self.capacity = capacity
        self.lifetime = lifetime
        self.byteBudget = byteBudget
        self.cost = cost
        self.isFinished = isFinished
        entries.reserveCapacity(Swift.min(Swift.max(reserved, 0), capacity))
    }

    var count: Int { entries.count }

    /// The byte account under `name`.
    func account(_ name: String, openDropped: Int = 0) -> StoreAccount {
        StoreAccount(store: name, entries: count, bytes: bytes, budget: byteBudget, openDropped: openDropped)
    }

    /// The live value for `key`, marking it used.
    mutating func get(_ key: Key, now: TimeInterval) -> Value? {
        guard let entry = entries[key] else { return nil }
        guard now - entry.lastUse <= lifetime else {
            forget(key)
            return nil
        }
        touch(key, box: entry.box, bytes: entry.bytes, finished: entry.finished, now: now)
        return entry.box.value
    }

    /// The live value for `key` without marking it used.
    func peek(_ key: Key, now: TimeInterval) -> Value? {
        guard let entry = entries[key], now - entry.lastUse <= lifetime else { return nil }
        return entry.box.value
    }

    /// Stores `value`, dropping expired entries and the least recently used ones (finished ones
    /// first) to make room. Returns the entries dropped, so indexes over them can be cleaned.
    @discardableResult
    mutating func set(_ key: Key, _ value: Value, now: TimeInterval) -> [(key: Key, value: Value)] {
        store(key, value, now: now).map { ($0.key, $0.value) }
    }

    /// ``set(_:_:now:)``, saying of each entry dropped whether it was finished and whether it made
    /// room (an owner reports an unfinished entry dropped for room).
    mutating func store(_ key: Key, _ value: Value, now: TimeInterval) -> [Dropped] {
        touch(key, box: Box(value), bytes: cost(value), finished: isFinished(value), now: now)
        return makeRoom(keeping: key, now: now)
    }

    /// Changes the value in place; returns nil (and changes nothing) when the key is not live.
    /// Room the change needs is made from other entries (``lastUpdateDrops`` names them).
    mutating func update<Result>(_ key: Key, now: TimeInterval, _ body: (inout Value) throws -> Result) rethrows
        -> Result?
    {
        lastUpdateDrops = []
        guard var value = get(key, now: now) else { return nil }
        let result = try body(&value)
        touch(key, box: Box(value), bytes: cost(value), finished: isFinished(value), now: now)
        lastUpdateDrops = makeRoom(keeping: key, now: now)
        return result
    }

    /// The entries the last ``update(_:now:_:)`` dropped, which the owner's indexes must forget.
    private(set) var lastUpdateDrops: [Dropped] = []

    mutating func remove(_ key: Key) {
        forget(key)
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        finishedOrder.removeAll()
        openOrder.removeAll()
        lastUpdateDrops = []
        bytes = 0
    }

    /// Every live value, most recently used last.
    func values(now: TimeInterval) -> [Value] {
        var live: [(generation: UInt64, value: Value)] = []
        for order in [finishedOrder, openOrder] {
            for item in order.items[order.start...] {
                guard let entry = entries[item.key], entry.generation == item.generation,
                    now - entry.lastUse <= lifetime
                else { continue }
                live.append((item.generation, entry.box.value))
            }
        }
        return live.sorted { $0.generation < $1.generation }.map(\.value)
    }

    private mutating func forget(_ key: Key) {
        if let old = entries.removeValue(forKey: key) { bytes -= old.bytes }
    }

    private mutating func touch(_ key: Key, box: Box, bytes: Int, finished: Bool, now: TimeInterval) {
        generation &+= 1
        let old = entries.updateValue(
            Entry(box: box, lastUse: now, generation: generation, bytes: bytes, finished: finished), forKey: key)
        self.bytes += bytes - (old?.bytes ?? 0)
        if finished {
            finishedOrder.items.append((key, generation))
        } else {
            openOrder.items.append((key, generation))
        }
    }

    /// Drops expired entries, then least recently used ones (finished first) until the store is
    /// within its capacity and budget — never `kept`, the entry just stored.
    private mutating func makeRoom(keeping kept: Key, now: TimeInterval) -> [Dropped] {
        var dropped: [Dropped] = []
        while let expired = popExpired(now: now) {
            dropped.append(expired)
        }
        while entries.count > capacity || bytes > byteBudget {
            guard let entry = popFront(finished: true, keeping: kept) ?? popFront(finished: false, keeping: kept)
            else { break }
            dropped.append(entry)
        }
        compactIfNeeded()
        return dropped
    }

    /// The front entry of either order when it expired, dropped.
    private mutating func popExpired(now: TimeInterval) -> Dropped? {
        for finished in [true, false] {
            guard let (key, entry) = front(finished: finished), now - entry.lastUse > lifetime else { continue }
            forget(key)
            return Dropped(key: key, value: entry.box.value, finished: finished, forRoom: false)
        }
        return nil
    }

    /// The least recently used live entry of one kind, skipping stale pairs for good.
    private mutating func front(finished: Bool) -> (Key, Entry)? {
        var order = finished ? finishedOrder : openOrder
        defer { if finished { finishedOrder = order } else { openOrder = order } }
        while order.start < order.items.count {
            let item = order.items[order.start]
            if let entry = entries[item.key], entry.generation == item.generation { return (item.key, entry) }
            order.start += 1
        }
        return nil
    }

    /// Drops the least recently used live entry of one kind, unless it is `kept` (the newest use,
    /// so nothing older of that kind is left).
    private mutating func popFront(finished: Bool, keeping kept: Key) -> Dropped? {
        guard let (key, entry) = front(finished: finished), key != kept else { return nil }
        forget(key)
        return Dropped(key: key, value: entry.box.value, finished: finished, forRoom: true)
    }

    private mutating func compactIfNeeded() {
        // Stale pairs pile up as entries are touched; rebuild once they outnumber live ones.
        let stored = finishedOrder.items.count - finishedOrder.start + openOrder.items.count - openOrder.start
        guard finishedOrder.items.count + openOrder.items.count > 64,
            stored > 2 * entries.count + 64 || finishedOrder.start > finishedOrder.items.count / 2
                || openOrder.start > openOrder.items.count / 2
        else { return }
        for finished in [true, false] {
            var order = finished ? finishedOrder : openOrder
            order.items = order.items[order.start...].filter { entries[$0.key]?.generation == $0.generation }
            order.start = 0
            if finished { finishedOrder = order } else { openOrder = order }
        }
    }
}
#endif
