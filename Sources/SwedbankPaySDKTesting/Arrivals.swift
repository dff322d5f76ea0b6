import Foundation

/// Things that happen, counted from any thread, that a test awaits instead of polling: the code
/// under test (or the test's recorder of it) calls ``arrive()``, the test awaits
/// ``wait(for:seconds:)``, which returns as soon as the count is reached.
///
/// The deadline is the one place a test waits for time to pass: it only ends a wait for something
/// that never came (the test then fails on the result), so a test that passes never sleeps.
public final class Arrivals: @unchecked Sendable {
    private let lock = NSLock()
    private var arrived = 0
    private var waiters: [(count: Int, id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID: UInt64 = 0

    /// Creates a counter at zero.
    public init() {}

    /// Everything the testing doubles record (each scripted HTML load) and whatever a test's own
    /// recorders add: a wait for "anything happened", after which a test checks its condition
    /// again. Tests running beside each other wake each other up, which costs one check.
    public static let anything = Arrivals()

    /// Returns once `condition` holds, checking it again after each arrival of ``anything``; gives
    /// up after `seconds` without one, so a broken flow fails the test's expectations instead of
    /// hanging.
    @MainActor
    public static func settle(seconds: Double = 5, until condition: () -> Bool) async {
        while !condition() {
            let seen = anything.count
            if condition() { return }
            guard await anything.wait(for: seen + 1, seconds: seconds) else { return }
        }
    }

    /// How many arrived so far.
    public var count: Int { lock.withLock { arrived } }

    /// Counts one arrival and wakes the waits it completes.
    public func arrive() {
        let ready = lock.withLock {
            arrived += 1
            let ready = waiters.filter { $0.count <= arrived }
            waiters.removeAll { $0.count <= arrived }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    /// Returns true once `count` have arrived; false when `seconds` passed first.
    @discardableResult
    public func wait(for count: Int = 1, seconds: Double = 10) async -> Bool {
        let id: UInt64 = lock.withLock {
            nextID += 1
            return nextID
        }
        let deadline = Task { [weak self] in
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            self?.expire(id)
        }
        defer { deadline.cancel() }
        return await withCheckedContinuation { continuation in
            let reached = lock.withLock {
                if arrived >= count { return true }
                waiters.append((count, id, continuation))
                return false
            }
            if reached { continuation.resume(returning: true) }
        }
    }

    private func expire(_ id: UInt64) {
        let expired = lock.withLock {
            let expired = waiters.filter { $0.id == id }
            waiters.removeAll { $0.id == id }
            return expired
        }
        for waiter in expired { waiter.continuation.resume(returning: false) }
    }
}
