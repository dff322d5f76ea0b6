/// Which calls to Swedbank Pay may start: at most `maxInFlight` at once, at most `maxQueued`
/// waiting in arrival order, the rest refused at once. Pure bookkeeping over call numbers; the
/// waiting itself (and its deadline) is ``CallLimiter``'s.
///
/// The limit is the operator's decision, not the HTTP client's pool size: Swedbank Pay takes
/// 100–800 ms per call, so a backend that may have only a few dozen calls in flight queues every
/// other request behind them while its cores idle.
struct CallAdmission: Sendable, Equatable {
    let maxInFlight: Int
    let maxQueued: Int
    private(set) var inFlight = 0
    /// Waiting calls, oldest first from `head` on; the prefix before `head` is spent.
    private var waiting: [UInt64] = []
    private var head = 0

    init(maxInFlight: Int, maxQueued: Int) {
        self.maxInFlight = maxInFlight
        self.maxQueued = maxQueued
    }

    /// What happens to a call that asks to start.
    enum Decision: Sendable, Equatable {
        /// It may start now (it holds a slot until ``release()``).
        case start
        /// It waits for a slot.
        case wait
        /// Too many are waiting already.
        case refuse
    }

    var queued: Int { waiting.count - head }

    /// Call `id` asks to start.
    mutating func request(_ id: UInt64) -> Decision {
        if inFlight < maxInFlight && queued == 0 {
            inFlight += 1
            return .start
        }
        guard queued < maxQueued else { return .refuse }
        waiting.append(id)
        return .wait
    }

    /// A call that held a slot ended; returns the waiting call that takes the slot over, if any.
    mutating func release() -> UInt64? {
        guard let next = popFirst() else {
            inFlight -= 1
            return nil
        }
        return next
    }

    /// Waiting call `id` gave up (its deadline passed, or its request was cancelled). False when
    /// it is not waiting any more — it was handed a slot first, which it must now release.
    mutating func withdraw(_ id: UInt64) -> Bool {
        guard let index = waiting[head...].firstIndex(of: id) else { return false }
        waiting.remove(at: index)
        return true
    }

    private mutating func popFirst() -> UInt64? {
        guard head < waiting.count else { return nil }
        let first = waiting[head]
        head += 1
        // Spent entries are dropped once they are half the array, so it stays bounded by maxQueued.
        if head > 64 && head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
        return first
    }
}
