#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Hummingbird
import Synchronization

/// One server's ``DrainPhase``, which its requests (``DrainMiddleware``) and its shutdown
/// (``drain(within:)``) change together.
public final class DrainGate: Sendable {
    private struct State: ~Copyable {
        var phase = DrainPhase.started
        var waiters: [CheckedContinuation<Void, Never>] = []

        mutating func takeWaiters() -> [CheckedContinuation<Void, Never>] {
            defer { waiters = [] }
            return waiters
        }
    }

    private let state = Mutex(State())

    public init() {}

    public var phase: DrainPhase { state.withLock { $0.phase } }

    /// Whether the server should get work: not once a drain began.
    public var isServing: Bool { phase.isServing }

    /// A request began (``DrainMiddleware`` calls it); give the ticket back to ``requestEnded(_:)``.
    public func requestBegan() -> DrainPhase.Ticket { state.withLock { $0.phase.requestBegan() } }

    /// A request was answered; the drain ends when it was the last one owed.
    public func requestEnded(_ ticket: DrainPhase.Ticket) {
        let waiters = state.withLock { state in
            state.phase.requestEnded(ticket) ? state.takeWaiters() : []
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Begins the drain: `/readyz` answers 503 from now on. ``drain(within:)`` waits for its end.
    public func beginDraining() {
        let waiters = state.withLock { state in state.phase.beginDraining() ? state.takeWaiters() : [] }
        for waiter in waiters { waiter.resume() }
    }

    /// Requests begun before the drain and not yet answered (0 before it began and after it ended).
    public var requestsOwed: Int {
        if case .draining(let owed) = phase { return owed }
        return 0
    }

    /// ``drain(within:)`` for `seconds`, as a server's configuration says its grace.
    public func drain(withinSeconds seconds: Double) async -> Int {
        await drain(within: .milliseconds(Int64(seconds * 1_000)))
    }

    /// Begins the drain (unless it began) and returns once it is over: every request begun before
    /// it answered, or `grace` passed. Returns how many of those requests were still being
    /// answered when the grace ended (0 when none).
    public func drain(within grace: Duration) async -> Int {
        beginDraining()
        let deadline = Task {
            do { try await Task.sleep(for: grace) } catch { return }
            let waiters = self.state.withLock { state in state.phase.graceEnded() ? state.takeWaiters() : [] }
            for waiter in waiters { waiter.resume() }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let over = state.withLock { state in
                if case .stopped = state.phase { return true }
                state.waiters.append(continuation)
                return false
            }
            if over { continuation.resume() }
        }
        deadline.cancel()
        guard case .stopped(let cut) = phase else { return 0 }
        return cut
    }
}

/// Counts every request into its server's ``DrainGate``: add it first, so it sees each request
/// from its start to its answer.
public struct DrainMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: DrainGate

    public init(gate: DrainGate) { self.gate = gate }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let ticket = gate.requestBegan()
        defer { gate.requestEnded(ticket) }
        return try await next(request, context)
    }
}
#endif
