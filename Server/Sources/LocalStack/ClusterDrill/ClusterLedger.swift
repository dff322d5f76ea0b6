import Foundation

/// What the drill's apps sent and were told, and waits on it.
actor ClusterLedger {
    private var acknowledged: [ClusterDrill.Order] = []
    private var retries: [ClusterDrill.Retry] = []
    private var serverErrors: [ClusterDrill.ServerError] = []
    private var reads: [Int] = []
    private var paidOrders: [String] = []
    private var unexpectedAnswers: [String] = []
    private var answers: [(instance: String, at: ContinuousClock.Instant)] = []
    private var waiters: [UUID: (condition: Condition, continuation: CheckedContinuation<Bool, Never>)] = [:]

    enum Condition: Sendable {
        case acknowledged(Int)
        /// `count` answers from an instance whose name contains `instance`, after `after`.
        case answered(instance: String, after: ContinuousClock.Instant, count: Int)
    }

    var record: ClusterDrill.Record {
        ClusterDrill.Record(
            acknowledged: acknowledged, retries: retries, serverErrors: serverErrors, reads: reads, paid: paidOrders,
            unexpected: unexpectedAnswers)
    }

    func acknowledge(_ order: ClusterDrill.Order) {
        acknowledged.append(order)
        wake()
    }

    func answered(by instance: String) {
        answers.append((instance, .now))
        wake()
    }

    func retried(_ retry: ClusterDrill.Retry) { retries.append(retry) }
    func serverError(status: Int, instance: String, sent: ContinuousClock.Instant) {
        serverErrors.append(ClusterDrill.ServerError(at: .now, sent: sent, status: status, instance: instance))
    }
    func read(_ status: Int) { reads.append(status) }
    func paid(_ pspID: String) { paidOrders.append(pspID) }
    func unexpected(_ what: String) { unexpectedAnswers.append(what) }

    /// Waits until `condition` holds; false when it did not within `timeout`.
    func wait(until condition: Condition, timeout: Duration) async -> Bool {
        if holds(condition) { return true }
        let id = UUID()
        return await withCheckedContinuation { continuation in
            waiters[id] = (condition, continuation)
            Task {
                try? await Task.sleep(for: timeout)
                self.expire(id)
            }
        }
    }

    private func holds(_ condition: Condition) -> Bool {
        switch condition {
        case .acknowledged(let count):
            return acknowledged.count >= count
        case .answered(let instance, let after, let count):
            return answers.lazy.filter { $0.instance.contains(instance) && $0.at > after }.count >= count
        }
    }

    private func wake() {
        for (id, waiter) in waiters where holds(waiter.condition) {
            waiters[id] = nil
            waiter.continuation.resume(returning: true)
        }
    }

    private func expire(_ id: UUID) {
        waiters.removeValue(forKey: id)?.continuation.resume(returning: false)
    }
}
