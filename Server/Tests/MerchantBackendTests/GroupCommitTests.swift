import Foundation
import Testing

@testable import MerchantBackend

/// Group commit: batches form from writes queued behind a running one, each writer gets its own
/// outcome, and a failing batch is retried item by item.
@Suite(.timeLimit(.minutes(1))) struct GroupCommitTests {
    /// Records every batch and lets the test hold the first one until others have queued.
    actor Recorder {
        var batches: [[String]] = []
        private var gate: CheckedContinuation<Void, Never>?
        private var holdFirst: Bool

        init(holdFirst: Bool) { self.holdFirst = holdFirst }

        func write(_ items: [String]) async throws -> [String] {
            batches.append(items)
            if holdFirst {
                holdFirst = false
                await withCheckedContinuation {
                    gate = $0
                    for waiter in holdingWaiters { waiter.resume() }
                    holdingWaiters = []
                }
            }
            if items.count > 1 && items.contains("bad") { throw Refused() }
            if items == ["bad"] { throw Refused() }
            return items.map { $0.uppercased() }
        }

        private var holdingWaiters: [CheckedContinuation<Void, Never>] = []

        /// Returns once the first write is held at the gate.
        func waitUntilHolding() async {
            if gate != nil { return }
            await withCheckedContinuation { holdingWaiters.append($0) }
        }

        func release() {
            gate?.resume()
            gate = nil
        }
    }

    struct Refused: Error {}

    static func outcome(_ body: () async throws -> String) async -> Result<String, any Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }

    @Test func aLoneWriteGoesAtOnceByItself() async throws {
        let recorder = Recorder(holdFirst: false)
        let commit = GroupCommit<String, String>(maxBatch: 8) { try await recorder.write($0) }
        #expect(try await commit.submit("a") == "A")
        #expect(try await commit.submit("b") == "B")
        #expect(await recorder.batches == [["a"], ["b"]])
    }

    @Test func writesQueuedBehindARunningOneShareTheNextBatch() async throws {
        let recorder = Recorder(holdFirst: true)
        let commit = GroupCommit<String, String>(maxBatch: 3) { try await recorder.write($0) }
        let outcomes = try await withThrowingTaskGroup(of: (String, String).self) { group in
            group.addTask { ("first", try await commit.submit("first")) }
            await recorder.waitUntilHolding()
            for name in ["b", "c", "d", "e"] { group.addTask { (name, try await commit.submit(name)) } }
            await commit.waitForQueued(4)
            await recorder.release()
            return try await group.reduce(into: [String: String]()) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes == ["first": "FIRST", "b": "B", "c": "C", "d": "D", "e": "E"])
        let batches = await recorder.batches
        // The first alone, then the four queued ones in batches of at most three, in queue order.
        #expect(batches.count == 3)
        #expect(batches.first == ["first"])
        #expect(batches.dropFirst().map(\.count) == [3, 1])
        #expect(Set(batches.dropFirst().flatMap { $0 }) == ["b", "c", "d", "e"])
    }

    @Test func aFailingBatchIsRetriedItemByItemSoOnlyTheBadOneFails() async throws {
        let recorder = Recorder(holdFirst: true)
        let commit = GroupCommit<String, String>(maxBatch: 8) { try await recorder.write($0) }
        let outcomes = await withTaskGroup(of: (String, Result<String, any Error>).self) { group in
            group.addTask { ("first", await Self.outcome { try await commit.submit("first") }) }
            await recorder.waitUntilHolding()
            for name in ["a", "bad", "c"] {
                group.addTask { (name, await Self.outcome { try await commit.submit(name) }) }
            }
            await commit.waitForQueued(3)
            await recorder.release()
            return await group.reduce(into: [String: Result<String, any Error>]()) { $0[$1.0] = $1.1 }
        }
        #expect(try outcomes["first"]?.get() == "FIRST")
        #expect(try outcomes["a"]?.get() == "A")
        #expect(try outcomes["c"]?.get() == "C")
        #expect(throws: Refused.self) { try outcomes["bad"]?.get() }
        let batches = await recorder.batches
        #expect(batches.count == 5)
        #expect(Set(batches[1]) == ["a", "bad", "c"])
        #expect(batches.suffix(3) == batches[1].map { [$0] })
    }

    @Test func withTwoWritersAWriteGoesWhileTheBatchBeforeItIsStillBeingWritten() async throws {
        let recorder = Recorder(holdFirst: true)
        let commit = GroupCommit<String, String>(maxBatch: 8, maxWriters: 2) { try await recorder.write($0) }
        let first = Task { try await commit.submit("first") }
        await recorder.waitUntilHolding()
        // The first batch is held; the second writer takes the next write at once, alone.
        #expect(try await commit.submit("b") == "B")
        #expect(await recorder.batches == [["first"], ["b"]])
        await recorder.release()
        #expect(try await first.value == "FIRST")
        #expect(await recorder.batches == [["first"], ["b"]])
    }
}
