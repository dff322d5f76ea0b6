import Foundation
import Testing

@testable import PaymentSandbox

/// The sandbox's bounded tables: least recently used entries go first, idle ones expire, and a
/// copy of a store keeps its own values although the values live in shared boxes.
@Suite struct BoundedStoreTests {
    @Test func theLeastRecentlyUsedEntryIsDroppedWhenFull() {
        var store = BoundedStore<String, Int>(capacity: 2, lifetime: 60, reserving: 2)
        #expect(store.set("a", 1, now: 0).isEmpty)
        #expect(store.set("b", 2, now: 1).isEmpty)
        #expect(store.get("a", now: 2) == 1)  // "a" is now the most recently used
        let dropped = store.set("c", 3, now: 3)
        #expect(dropped.map(\.key) == ["b"])
        #expect(dropped.map(\.value) == [2])
        #expect(store.values(now: 3) == [1, 3])
        #expect(store.count == 2)
    }

    @Test func anIdleEntryExpiresAndPeekDoesNotKeepItAlive() {
        var store = BoundedStore<String, Int>(capacity: 10, lifetime: 5)
        store.set("a", 1, now: 0)
        #expect(store.peek("a", now: 5) == 1)
        #expect(store.peek("a", now: 5.5) == nil)
        #expect(store.get("a", now: 5.5) == nil)
        #expect(store.count == 0)
    }

    @Test func anUpdateChangesTheStoredValueButNotACopyOfTheStore() {
        var store = BoundedStore<String, [String]>(capacity: 4, lifetime: 60)
        store.set("order", ["created"], now: 0)
        let before = store
        let result = store.update("order", now: 1) { history -> Int in
            history.append("paid")
            return history.count
        }
        #expect(result == 2)
        #expect(store.get("order", now: 2) == ["created", "paid"])
        #expect(before.peek("order", now: 2) == ["created"])
        #expect(store.update("missing", now: 2) { $0.append("x") } == nil)
    }

    @Test func aStoreEmptiedKeepsWorkingAndReservingMoreThanTheCapacityIsBounded() {
        var store = BoundedStore<Int, Int>(capacity: 3, lifetime: 60, reserving: 1_000_000)
        for key in 0..<5 { store.set(key, key * 10, now: Double(key)) }
        #expect(store.values(now: 5) == [20, 30, 40])
        store.removeAll()
        #expect(store.count == 0)
        #expect(store.values(now: 5) == [])
        store.set(7, 70, now: 6)
        #expect(store.get(7, now: 6) == 70)
        #expect(store.values(now: 6) == [70])
    }
}
