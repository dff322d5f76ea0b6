import Synchronization
import Testing

@testable import PaymentSandbox

/// The `delay` fault's sleeps: never shorter than asked, a later sleeper never holds an earlier
/// one back, and cancellation ends a sleep at once. No stopwatch upper bounds: a sleep that never
/// ends runs into the suite's time limit.
@Suite(.timeLimit(.minutes(1))) struct BatchedSleeperTests {
    @Test func everySleeperWakesNoSoonerThanItsDeadline() async throws {
        let sleeper = BatchedSleeper()
        let durations: [Duration] = (0..<200).map { .milliseconds(5 + ($0 * 7) % 40) }
        let slept = try await withThrowingTaskGroup(of: (Duration, Duration).self) { group in
            for duration in durations {
                group.addTask {
                    let start = ContinuousClock.now
                    try await sleeper.sleep(for: duration)
                    return (duration, ContinuousClock.now - start)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(slept.count == 200)
        #expect(slept.filter { $0.1 < $0.0 }.isEmpty)
        #expect(sleeper.queued == 0)
    }

    @Test func aShortSleepIsNotHeldBackByALongerOneBeforeIt() async throws {
        let (queuedOnes, queuedOne) = AsyncStream<Void>.makeStream()
        let sleeper = BatchedSleeper { queuedOne.yield() }
        let longOneEnded = Mutex(false)
        let long = Task {
            defer { longOneEnded.withLock { $0 = true } }
            try await sleeper.sleep(for: .seconds(30))
        }
        // The long sleep is queued first and its driver waits for it; the short one must get a
        // driver of its own.
        var queued = queuedOnes.makeAsyncIterator()
        await queued.next()
        try await sleeper.sleep(for: .milliseconds(20))
        // Woken by a wake-up of its own: the long one is still queued and asleep.
        #expect(sleeper.queued == 1)
        #expect(longOneEnded.withLock { $0 } == false)
        long.cancel()
        await #expect(throws: CancellationError.self) { try await long.value }
    }

    @Test func cancellationEndsASleepAtOnceWhetherOrNotItHadBegun() async throws {
        let (queuedOnes, queuedOne) = AsyncStream<Void>.makeStream()
        let sleeper = BatchedSleeper { queuedOne.yield() }
        let sleeping = Task { try await sleeper.sleep(for: .seconds(60)) }
        var queued = queuedOnes.makeAsyncIterator()
        await queued.next()
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }

        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await sleeper.sleep(for: .seconds(60))
        }
        await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
    }
}
