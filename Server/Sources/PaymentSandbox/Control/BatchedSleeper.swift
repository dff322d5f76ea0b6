#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Synchronization

/// Sleeps for the `delay` fault, woken in batches by one timer.
///
/// A `Task.sleep` per delayed request costs a timer of its own and a wake-up of its own: with
/// thousands of delayed requests a second (`bench backend --delay 1`, 1,024 connections) a delayed
/// creation through the backend cost 69–100 µs more CPU than an undelayed one, 27–34 µs with the
/// sleeps batched — CPU the real Swedbank Pay's latency never takes from a merchant's machine.
/// Here one driver sleeps until the earliest deadline plus ``lateness`` and then wakes every
/// sleeper whose deadline has passed: no sleeper is woken before its deadline, and none more than
/// about ``lateness`` after it (plus the machine's scheduling).
/// A sleeper whose task is cancelled is woken at once with `CancellationError`, as with
/// `Task.sleep`.
final class BatchedSleeper: Sendable {
    /// How late a sleeper may be woken so that one wake-up serves all due within it.
    static let lateness: Duration = .milliseconds(1)

    /// One sleeping request.
    private final class Sleeper: Sendable {
        enum Phase {
            /// Before the continuation exists.
            case starting
            case suspended(CheckedContinuation<Void, any Error>)
            /// Cancelled before it suspended: it resumes at once.
            case cancelledEarly
            case woken
        }
        let deadline: ContinuousClock.Instant
        let phase = Mutex(Phase.starting)

        init(deadline: ContinuousClock.Instant) { self.deadline = deadline }

        /// Resumes the sleeper, normally or with `error`, unless it was resumed already.
        func wake(throwing error: (any Error)? = nil) {
            let continuation = phase.withLock { phase -> CheckedContinuation<Void, any Error>? in
                switch phase {
                case .suspended(let continuation):
                    phase = .woken
                    return continuation
                case .starting:
                    if error != nil { phase = .cancelledEarly }
                    return nil
                case .cancelledEarly, .woken:
                    return nil
                }
            }
            if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
        }
    }

    private struct State {
        /// Ascending by deadline (a fault's delay is mostly one value, so a new sleeper goes last).
        var sleepers: [Sleeper] = []
        /// When the current driver wakes; nil when none runs.
        var wake: ContinuousClock.Instant?
        /// Which driver is current: a sleeper due before the current one's wake-up starts another.
        var generation = 0
    }

    private let state = Mutex(State())
    /// Told each time a sleeper is queued (a test's event to await; nothing else listens).
    private let queuedOne: @Sendable () -> Void

    init(queuedOne: @escaping @Sendable () -> Void = {}) {
        self.queuedOne = queuedOne
    }

    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws {
        let sleeper = Sleeper(deadline: .now + duration)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = sleeper.phase.withLock { phase -> Bool in
                    if case .cancelledEarly = phase { return true }
                    phase = .suspended(continuation)
                    return false
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    enqueue(sleeper)
                }
            }
        } onCancel: {
            sleeper.wake(throwing: CancellationError())
        }
    }

    /// How many sleepers are queued (woken or cancelled ones leave at their deadline); for tests.
    var queued: Int { state.withLock { $0.sleepers.count } }

    private func enqueue(_ sleeper: Sleeper) {
        let wake = sleeper.deadline + Self.lateness
        let generation = state.withLock { state -> Int? in
            let index = state.sleepers.lastIndex { $0.deadline <= sleeper.deadline }.map { $0 + 1 } ?? 0
            state.sleepers.insert(sleeper, at: index)
            if let current = state.wake, current <= wake { return nil }
            state.generation += 1
            state.wake = wake
            return state.generation
        }
        queuedOne()
        if let generation { Task { await self.drive(generation: generation) } }
    }

    /// Sleeps until the wake-up of `generation` and wakes the sleepers due, while it is the
    /// current driver and sleepers remain.
    private func drive(generation: Int) async {
        while true {
            guard let wake = state.withLock({ $0.generation == generation ? $0.wake : nil }) else { return }
            // Not cancellable: the driver belongs to no request.
            try? await Task.sleep(until: wake, clock: .continuous)
            let now = ContinuousClock.now
            let due = state.withLock { state -> [Sleeper]? in
                guard state.generation == generation else { return nil }
                let count = state.sleepers.firstIndex { $0.deadline > now } ?? state.sleepers.count
                let due = Array(state.sleepers.prefix(count))
                state.sleepers.removeFirst(count)
                state.wake = state.sleepers.first.map { $0.deadline + Self.lateness }
                return due
            }
            guard let due else { return }
            for sleeper in due { sleeper.wake() }
        }
    }
}
#endif
