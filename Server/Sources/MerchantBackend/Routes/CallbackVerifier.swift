import Logging

/// Verifies Swedbank Pay's callbacks after they were answered: for each order, reads its status
/// back from Swedbank Pay and records it (``BackendServices/refreshStatus(of:)``), under
/// ``CallbackQueue``'s rules. An id that is no order of this backend costs nothing but a database
/// lookup, done here rather than in the route so that the answer cannot tell known ids from
/// unknown ones, not even by its timing.
actor CallbackVerifier {
    private var queue: CallbackQueue
    private var tasks: [String: Task<Void, Never>] = [:]
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var stopped = false
    private let verify: @Sendable (String) async -> Void
    private let logger: Logger
    /// Callbacks dropped because too many orders were waiting, for the log and for tests.
    private(set) var dropped = 0

    /// - Parameter verify: reads order `pspID` from Swedbank Pay and records its status; any
    ///   failure is its own to log (a callback has no one to answer).
    init(maxRunning: Int, maxWaiting: Int, logger: Logger, verify: @escaping @Sendable (String) async -> Void) {
        queue = CallbackQueue(maxRunning: maxRunning, maxWaiting: maxWaiting)
        self.verify = verify
        self.logger = logger
    }

    /// Takes a callback for order `pspID` (already checked to have the shape of an order id).
    func receive(_ pspID: String) {
        guard !stopped else { return }
        if queue.receive(pspID) == .dropped {
            dropped += 1
            logger.warning(
                "Callback dropped: too many orders wait for verification", metadata: ["dropped": "\(dropped)"])
        }
        startReads()
    }

    /// Returns once nothing waits and nothing runs.
    func idle() async {
        if queue.isIdle { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Takes no more callbacks and waits for the reads in progress (the backend's shutdown).
    func stop() async {
        stopped = true
        for task in tasks.values { await task.value }
    }

    private func startReads() {
        while let order = queue.next() {
            tasks[order] = Task { [verify] in
                await verify(order)
                self.finished(order)
            }
        }
    }

    private func finished(_ order: String) {
        tasks[order] = nil
        queue.finished(order)
        if !stopped { startReads() }
        if queue.isIdle || stopped && tasks.isEmpty {
            let waiters = idleWaiters
            idleWaiters = []
            for waiter in waiters { waiter.resume() }
        }
    }
}
