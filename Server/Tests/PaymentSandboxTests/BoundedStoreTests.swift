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

    /// An entry of a byte-budget test: its size, and whether its owner calls it finished.
    struct Item: Sendable, Equatable {
        var bytes: Int
        var finished: Bool
    }

    static func budgeted(_ budget: Int) -> BoundedStore<String, Item> {
        BoundedStore(capacity: 100, lifetime: 60, byteBudget: budget, cost: { $0.bytes }, isFinished: { $0.finished })
    }

    @Test func overItsBudgetTheStoreDropsFinishedEntriesFirstThenTheLeastRecentlyUsedOpenOne() {
        var store = Self.budgeted(100)
        #expect(store.store("open-a", Item(bytes: 40, finished: false), now: 0).isEmpty)
        #expect(store.store("done-b", Item(bytes: 30, finished: true), now: 1).isEmpty)
        #expect(store.store("done-c", Item(bytes: 20, finished: true), now: 2).isEmpty)
        #expect(store.bytes == 90)
        // Over by 20: the least recently used finished entry goes, not the older open one.
        let first = store.store("open-d", Item(bytes: 30, finished: false), now: 3)
        #expect(first.map(\.key) == ["done-b"])
        #expect(first.map(\.finished) == [true])
        #expect(first.map(\.forRoom) == [true])
        #expect(store.bytes == 90)
        #expect(store.store("open-e", Item(bytes: 30, finished: false), now: 4).map(\.key) == ["done-c"])
        #expect(store.bytes == 100)
        // No finished entry is left: the least recently used open one goes.
        #expect(store.get("open-a", now: 5) != nil)
        let open = store.store("open-f", Item(bytes: 10, finished: false), now: 6)
        #expect(open.map(\.key) == ["open-d"])
        #expect(open.map(\.finished) == [false])
        #expect(store.bytes == 80)
        #expect(store.values(now: 6).map(\.bytes) == [30, 40, 10])
    }

    @Test func anUpdateThatGrowsAnEntryMakesRoomFromOthersAndAnEntryLargerThanTheBudgetIsKeptAlone() {
        var store = Self.budgeted(100)
        _ = store.store("a", Item(bytes: 30, finished: true), now: 0)
        _ = store.store("b", Item(bytes: 30, finished: false), now: 1)
        _ = store.update("b", now: 2) { $0.bytes = 80 }
        #expect(store.lastUpdateDrops.map(\.key) == ["a"])
        #expect(store.bytes == 80)
        // An update of a missing key drops nothing and reports nothing.
        #expect(store.update("missing", now: 3) { $0.bytes = 1 } == nil)
        #expect(store.lastUpdateDrops.isEmpty)
        // Finishing an entry moves it to the finished line.
        _ = store.update("b", now: 4) { $0.finished = true }
        _ = store.store("c", Item(bytes: 30, finished: false), now: 5)
        #expect(store.values(now: 5).map(\.bytes) == [30])
        // The entry being stored is never dropped for room, however large.
        let dropped = store.store("huge", Item(bytes: 500, finished: false), now: 6)
        #expect(dropped.map(\.key) == ["c"])
        #expect(store.count == 1)
        #expect(store.bytes == 500)
        store.removeAll()
        #expect(store.bytes == 0)
    }
}
