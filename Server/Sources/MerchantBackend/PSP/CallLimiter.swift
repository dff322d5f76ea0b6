import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Runs calls to Swedbank Pay under ``CallAdmission``: a call waits for a slot until its own
/// deadline (the same one the call itself has, so waiting eats into it rather than adding to it)
/// and then gets the `gatewaytimeout` problem; with the queue full it gets it at once. Nothing
/// piles up without bound.
final class CallLimiter: Sendable {
    /// A waiting call: its continuation once stored, and its outcome if it came before that.
    private struct Waiter {
        var continuation: CheckedContinuation<Void, any Error>?
        /// nil: still waiting; success: handed a slot; failure: gave up.
        var outcome: Result<Void, any Error>?
    }

    private struct State {
        var admission: CallAdmission
        var nextID: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]

        /// Settles waiter `id` with `outcome`: returns its continuation to resume, or keeps the
        /// outcome until the continuation is stored.
        mutating func settle(_ id: UInt64, _ outcome: Result<Void, any Error>) -> CheckedContinuation<Void, any Error>?
        {
            guard let continuation = waiters[id]?.continuation else {
                waiters[id]?.outcome = outcome
                return nil
            }
            waiters[id] = nil
            return continuation
        }

        /// Waits for a load (``reached(inFlight:queued:)``), resumed once the load is reached.
        var loadWaits: [(load: (inFlight: Int, queued: Int), continuation: CheckedContinuation<Void, Never>)] = []

        /// The load waits that the current load completes, removed from the list.
        mutating func reachedLoadWaits() -> [CheckedContinuation<Void, Never>] {
            guard !loadWaits.isEmpty else { return [] }
            let load = (admission.inFlight, admission.queued)
            let reached = loadWaits.filter { $0.load == load }
            loadWaits.removeAll { $0.load == load }
            return reached.map(\.continuation)
        }
    }

    private let state: NIOLockedValueBox<State>
    private let timers: any EventLoop

    init(maxInFlight: Int, maxQueued: Int, timers: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()) {
        state = NIOLockedValueBox(State(admission: CallAdmission(maxInFlight: maxInFlight, maxQueued: maxQueued)))
        self.timers = timers
    }

    /// Calls in flight and waiting, for metrics and tests.
    var load: (inFlight: Int, queued: Int) {
        state.withLockedValue { ($0.admission.inFlight, $0.admission.queued) }
    }

    /// Returns once `inFlight` calls run and `queued` wait (at once if they do now): the states the
    /// limiter reaches on its own, which tests await instead of polling ``load``.
    func reached(inFlight: Int, queued: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLockedValue { state -> Bool in
                if state.admission.inFlight == inFlight && state.admission.queued == queued { return true }
                state.loadWaits.append(((inFlight, queued), continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Runs `call` once a slot is free, unless `deadline` passes first.
    func run<T>(
        deadline: NIODeadline, _ call: () async throws(BackendProblem) -> T
    ) async throws(BackendProblem) -> T {
        try await acquire(deadline: deadline)
        defer { release() }
        return try await call()
    }

    private func acquire(deadline: NIODeadline) async throws(BackendProblem) {
        let (id, decision, reached) = state.withLockedValue { state in
            state.nextID += 1
            let decision = state.admission.request(state.nextID)
            if decision == .wait { state.waiters[state.nextID] = Waiter() }
            return (state.nextID, decision, state.reachedLoadWaits())
        }
        for wait in reached { wait.resume() }
        switch decision {
        case .start:
            return
        case .refuse:
            throw .gatewayTimeout("Too many calls to Swedbank Pay are waiting; try again shortly.")
        case .wait:
            break
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let settled = state.withLockedValue { state -> Result<Void, any Error>? in
                        if let outcome = state.waiters[id]?.outcome {
                            state.waiters[id] = nil
                            return outcome
                        }
                        state.waiters[id]?.continuation = continuation
                        return nil
                    }
                    if let settled { return continuation.resume(with: settled) }
                    timers.scheduleTask(deadline: deadline) { [self] in giveUp(id, with: DeadlinePassed()) }
                }
            } onCancel: {
                giveUp(id, with: CancellationError())
            }
        } catch is CancellationError {
            throw .gatewayTimeout("The call to Swedbank Pay was cancelled.")
        } catch {
            throw .gatewayTimeout("Swedbank Pay is busy: no call could start before the deadline.")
        }
    }

    private func release() {
        let (continuation, reached) = state.withLockedValue {
            state -> (CheckedContinuation<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
            let next = state.admission.release()
            return (next.flatMap { state.settle($0, .success(())) }, state.reachedLoadWaits())
        }
        continuation?.resume()
        for wait in reached { wait.resume() }
    }

    /// Waiter `id` stops waiting with `error` — unless it was handed a slot already.
    private func giveUp(_ id: UInt64, with error: any Error) {
        let (continuation, reached) = state.withLockedValue {
            state -> (CheckedContinuation<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
            guard state.admission.withdraw(id) else { return (nil, []) }
            return (state.settle(id, .failure(error)), state.reachedLoadWaits())
        }
        continuation?.resume(throwing: error)
        for wait in reached { wait.resume() }
    }

    private struct DeadlinePassed: Error {}
}
