#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// A dictionary with a size limit and an idle lifetime: when full, the least recently used entry
/// is dropped; an entry unused for `lifetime` seconds is gone. Every operation is amortised O(1);
/// room made in advance (`reserving`) spares the first entries the pauses of growth.
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
    }

    let capacity: Int
    let lifetime: TimeInterval
    private var entries: [Key: Entry] = [:]
    // Use order, oldest first; stale (key, generation) pairs are skipped when met.
    private var order: [(key: Key, generation: UInt64)] = []
    private var orderStart = 0
    private var generation: UInt64 = 0

    /// A store of at most `capacity` entries with room made for `reserved` of them (at most
    /// `capacity`), so that they are stored without the table growing.
    init(capacity: Int, lifetime: TimeInterval, reserving reserved: Int = 0) {
        precondition(capacity > 0, "a bounded store needs room for at least one entry")
        self.capacity = capacity
        self.lifetime = lifetime
        entries.reserveCapacity(Swift.min(Swift.max(reserved, 0), capacity))
    }

    var count: Int { entries.count }

    /// The live value for `key`, marking it used.
    mutating func get(_ key: Key, now: TimeInterval) -> Value? {
        guard let entry = entries[key] else { return nil }
        guard now - entry.lastUse <= lifetime else {
            entries[key] = nil
            return nil
        }
        touch(key, box: entry.box, now: now)
        return entry.box.value
    }

    /// The live value for `key` without marking it used.
    func peek(_ key: Key, now: TimeInterval) -> Value? {
        guard let entry = entries[key], now - entry.lastUse <= lifetime else { return nil }
        return entry.box.value
    }

    /// Stores `value`, dropping the least recently used entries (and expired ones) to make room.
    /// Returns the entries dropped, so indexes over them can be cleaned.
    @discardableResult
    mutating func set(_ key: Key, _ value: Value, now: TimeInterval) -> [(key: Key, value: Value)] {
        touch(key, box: Box(value), now: now)
        var dropped: [(key: Key, value: Value)] = []
        while entries.count > capacity || frontIsExpired(now: now) {
            guard let entry = popFront() else { break }
            dropped.append(entry)
        }
        compactIfNeeded()
        return dropped
    }

    /// Changes the value in place; returns nil (and changes nothing) when the key is not live.
    mutating func update<Result>(_ key: Key, now: TimeInterval, _ body: (inout Value) throws -> Result) rethrows
        -> Result?
    {
        guard var value = get(key, now: now) else { return nil }
        let result = try body(&value)
        entries[key]?.box = Box(value)
        return result
    }

    mutating func remove(_ key: Key) {
        entries[key] = nil
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        order = []
        orderStart = 0
    }

    /// Every live value, most recently used last.
    func values(now: TimeInterval) -> [Value] {
        order[orderStart...].compactMap { item in
            guard let entry = entries[item.key], entry.generation == item.generation,
                now - entry.lastUse <= lifetime
            else { return nil }
            return entry.box.value
        }
    }

    private mutating func touch(_ key: Key, box: Box, now: TimeInterval) {
        generation &+= 1
        entries[key] = Entry(box: box, lastUse: now, generation: generation)
        order.append((key, generation))
    }

    private func frontIsExpired(now: TimeInterval) -> Bool {
        var index = orderStart
        while index < order.count {
            let item = order[index]
            if let entry = entries[item.key], entry.generation == item.generation {
                return now - entry.lastUse > lifetime
            }
            index += 1
        }
        return false
    }

    /// Drops the least recently used live entry.
    private mutating func popFront() -> (key: Key, value: Value)? {
        while orderStart < order.count {
            let item = order[orderStart]
            orderStart += 1
            if let entry = entries[item.key], entry.generation == item.generation {
                entries[item.key] = nil
                return (item.key, entry.box.value)
            }
        }
        return nil
    }

    private mutating func compactIfNeeded() {
        // Stale pairs pile up as entries are touched; rebuild once they outnumber live ones.
        guard order.count > 64, order.count - orderStart > 2 * entries.count + 64 || orderStart > order.count / 2
        else { return }
        order = order[orderStart...].filter { entries[$0.key]?.generation == $0.generation }
        orderStart = 0
    }
}
#endif
