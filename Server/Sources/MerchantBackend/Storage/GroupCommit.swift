import Foundation

/// Group commit: writes of one kind that arrive while an earlier batch is being written are
/// written together, as one statement and so one transaction.
///
/// A write never waits for a batch to fill: when nothing is being written it goes alone, at
/// once. Under load, the writes that queued up while the previous statement ran form the next
/// one, so the per-statement costs (a round trip to PostgreSQL, SQLite's commit and its trip to
/// the database thread) are shared, and each writer still learns its own result.
///
/// If a batch's statement fails, each of its writes is tried alone, so one bad row fails only
/// its own writer. A writer whose task is cancelled still has its write done: a request never
/// leaves a row half-written because its client went away.
final class GroupCommit<Item: Sendable, Outcome: Sendable>: @unchecked Sendable {
    /// Writes `items` in one statement and returns one outcome per item, in order.
    typealias Write = @Sendable ([Item]) async throws -> [Outcome]

    private let maxBatch: Int
    private let maxWriters: Int
    private let write: Write
    // Guards `queue`, `writers` and `queueWaits`.
    private let lock = NSLock()
    private var queue: [(item: Item, waiter: CheckedContinuation<Outcome, any Error>)] = []
    /// Batches being written now.
    private var writers = 0

    /// - Parameters:
    ///   - maxBatch: the most items in one statement (bounds the statement's bind count).
    ///   - maxWriters: the most statements in flight at once: 1 where the database serialises
    ///     writers anyway (SQLite's one connection), more where each runs on a connection of its
    ///     own (a PostgreSQL pool), so a write need not wait for the batch before it to commit.
    init(maxBatch: Int, maxWriters: Int = 1, write: @escaping Write) {
        precondition(maxBatch >= 1 && maxWriters >= 1)
        self.maxBatch = maxBatch
        self.maxWriters = maxWriters
        self.write = write
    }

    /// Waits of ``waitForQueued(_:)``, resumed once that many writes wait.
    private var queueWaits: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// How many writes wait for the next batch (for tests).
    var queued: Int { lock.withLock { queue.count } }

    /// Returns once `count` writes wait for the next batch (at once if they do): a state the
    /// queue reaches on its own, which tests await instead of polling ``queued``.
    func waitForQueued(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let now = lock.withLock {
                if queue.count >= count { return true }
                queueWaits.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Writes `item`, alone or with others, and returns its outcome.
    func submit(_ item: Item) async throws -> Outcome {
        try await withCheckedThrowingContinuation { waiter in
            let (startWriter, reached) = lock.withLock {
                queue.append((item, waiter))
                var reached: [CheckedContinuation<Void, Never>] = []
                if !queueWaits.isEmpty {
                    reached = queueWaits.filter { $0.count <= queue.count }.map(\.continuation)
                    queueWaits.removeAll { $0.count <= queue.count }
                }
                if writers >= maxWriters { return (false, reached) }
                writers += 1
                return (true, reached)
            }
            for wait in reached { wait.resume() }
            if startWriter { Task { await self.drain() } }
        }
    }

    /// Writes batches until the queue is empty; at most `maxWriters` drains run at a time.
    private func drain() async {
        while let batch = nextBatch() {
            do {
                let outcomes = try await write(batch.map(\.item))
                guard outcomes.count == batch.count else { throw GroupCommitError.outcomeCountMismatch }
                for (entry, outcome) in zip(batch, outcomes) { entry.waiter.resume(returning: outcome) }
            } catch  where batch.count > 1 {
                // One item may have made the statement fail: give each its own verdict.
                for entry in batch {
                    do {
                        let outcomes = try await write([entry.item])
                        guard let outcome = outcomes.first, outcomes.count == 1 else {
                            throw GroupCommitError.outcomeCountMismatch
                        }
                        entry.waiter.resume(returning: outcome)
                    } catch {
                        entry.waiter.resume(throwing: error)
                    }
                }
            } catch {
                batch[0].waiter.resume(throwing: error)
            }
        }
    }

    private func nextBatch() -> [(item: Item, waiter: CheckedContinuation<Outcome, any Error>)]? {
        lock.withLock {
            guard !queue.isEmpty else {
                writers -= 1
                return nil
            }
            let count = min(queue.count, maxBatch)
            let batch = Array(queue.prefix(count))
            queue.removeFirst(count)
            return batch
        }
    }
}

enum GroupCommitError: Error {
    /// The write function returned a different number of outcomes than it was given items.
    case outcomeCountMismatch
}
