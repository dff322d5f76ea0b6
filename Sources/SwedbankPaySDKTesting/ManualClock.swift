import Foundation
import SwedbankPaySDK

/// A ``SwedbankPaySDK/Clock`` that only moves when a test advances it, so timing logic is tested
/// without sleeping.
public final class ManualClock: SwedbankPaySDK.Clock, @unchecked Sendable {
    private struct Sleeper {
        let id: UInt64
        let deadline: TimeInterval
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: TimeInterval
    private var sleepers: [Sleeper] = [] {
        // Under `lock`; arrivals only count and wake, they never take it.
        didSet {
            changes.arrive()
            Arrivals.anything.arrive()
        }
    }
    private var nextID: UInt64 = 0
    /// One arrival per change of the sleepers, for ``waitForSleepers(_:)``.
    private let changes = Arrivals()

    public init(now: TimeInterval = 0) {
        current = now
    }

    public var now: TimeInterval {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// The number of tasks sleeping on this clock.
    public var sleeperCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    public func sleep(seconds: TimeInterval) async throws {
        let id = lock.withLock { () -> UInt64 in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if seconds <= 0 {
                    lock.unlock()
                    continuation.resume()
                } else {
                    sleepers.append(Sleeper(id: id, deadline: current + seconds, continuation: continuation))
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let index = sleepers.firstIndex { $0.id == id }
            let sleeper = index.map { sleepers.remove(at: $0) }
            lock.unlock()
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come, earliest first.
    public func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        let due = sleepers.filter { $0.deadline <= current }.sorted { $0.deadline < $1.deadline }
        sleepers.removeAll { $0.deadline <= current }
        lock.unlock()
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }

    /// Waits until `count` tasks are sleeping on this clock (checked again at each change of the
    /// sleepers; at most 10 s without one), so a test can advance time exactly when the code under
    /// test is waiting.
    public func waitForSleepers(_ count: Int = 1) async {
        while sleeperCount < count {
            let seen = changes.count
            if sleeperCount >= count { return }
            guard await changes.wait(for: seen + 1, seconds: 10) else { return }
        }
    }
}
