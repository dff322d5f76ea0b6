import ServerSupport
import Testing

/// `BoundedLog`: the newest entries kept, and every kind of waiter woken by the entry it waits for
/// — also after another waiter's deadline passed, which changes who is waiting.
@Suite(.timeLimit(.minutes(1))) struct BoundedLogTests {
    @Test func itKeepsTheNewestEntries() async {
        let log = BoundedLog<Int>(capacity: 3)
        for value in 1...7 { await log.append(value) }
        #expect(await log.all() == [5, 6, 7])
        #expect(await log.totalAppended == 7)
        await log.clear()
        #expect(await log.all() == [])
    }

    @Test func aByteBudgetDropsTheOldestEntriesButNeverTheNewest() async {
        let log = BoundedLog<Int>(capacity: 100, byteBudget: 10, cost: { $0 })
        for value in [4, 4, 4] { await log.append(value) }
        #expect(await log.all() == [4, 4])
        #expect(await log.bytes == 8)
        await log.append(20)
        #expect(await log.all() == [20])
        #expect(await log.bytes == 20)
        #expect(await log.count == 1)
        for _ in 0..<200 { await log.append(1) }
        #expect(await log.all() == Array(repeating: 1, count: 10))
        #expect(await log.bytes == 10)
        #expect(await log.totalAppended == 204)
        await log.clear()
        #expect(await log.bytes == 0)
    }

    @Test func eachKindOfWaiterIsWokenByItsEntry() async {
        let log = BoundedLog<Int>(capacity: 10)
        async let counted = log.entries(once: 2)
        async let matched = log.first(where: { $0 == 2 })
        async let timed = log.first(where: { $0 == 1 }, within: 30)
        // Each waiter is registered once the log has run its call; a second call on the actor
        // after the three are queued is not enough to know that, so wait for the log to say so.
        await log.untilWaiting(3)
        await log.append(1)
        await log.append(2)
        #expect(await counted == [1, 2])
        #expect(await matched == 2)
        #expect(await timed == 1)
    }

    @Test func aWaiterWhoseDeadlinePassedLeavesTheOthersWaiting() async {
        let log = BoundedLog<Int>(capacity: 10)
        #expect(await log.first(where: { $0 == 9 }, within: 0.05) == nil)
        async let matched = log.first(where: { $0 == 3 })
        await log.untilWaiting(1)
        await log.append(1)
        await log.append(3)
        #expect(await matched == 3)
    }
}
