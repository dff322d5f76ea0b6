import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDK

@Suite struct ManualClockTests {
    @Test func sleepersWakeInDeadlineOrderWhenTimeIsAdvanced() async throws {
        let clock = ManualClock(now: 100)
        let woke = WakeLog()
        let long = Task {
            try await clock.sleep(seconds: 10); woke.append("long")
        }
        let short = Task {
            try await clock.sleep(seconds: 2); woke.append("short")
        }
        await clock.waitForSleepers(2)
        clock.advance(by: 1)
        #expect(clock.now == 101)
        #expect(clock.sleeperCount == 2)
        clock.advance(by: 1)
        try await short.value
        #expect(woke.entries == ["short"])
        clock.advance(by: 8)
        try await long.value
        #expect(woke.entries == ["short", "long"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperEndsItsSleep() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(seconds: 60) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aZeroSleepReturnsAtOnce() async throws {
        try await ManualClock().sleep(seconds: 0)
    }

    @Test func theSystemClockMovesForward() async throws {
        let clock = SwedbankPaySDK.SystemClock()
        let before = clock.now
        try await clock.sleep(seconds: 0.01)
        #expect(clock.now > before)
    }
}

@Suite struct StubHTTPClientTests {
    @Test func answersInOrderWithLimitsAndRecordsEverything() async throws {
        let stub = StubHTTPClient()
        stub.on("GET", "https://example.com/a", times: 1, reply: .json(#"{"n":1}"#))
        stub.on("GET", "https://example.com/a", reply: .problem("{}", status: 500))
        let url = URL(string: "https://example.com/a")!
        let first = try await stub.send(SwedbankPaySDK.HTTPRequest(method: "get", url: url))
        let second = try await stub.send(SwedbankPaySDK.HTTPRequest(method: "GET", url: url))
        #expect(first.status == 200)
        #expect(first.headers.mediaType == "application/json")
        #expect(second.status == 500)
        #expect(second.headers.mediaType == "application/problem+json")
        #expect(stub.requests.count == 2)
        stub.clearRequests()
        #expect(stub.requests.isEmpty)
    }

    @Test func anUnplannedRequestFailsLoudly() async {
        let stub = StubHTTPClient()
        let url = URL(string: "https://example.com/unplanned")!
        await #expect(
            throws: SwedbankPaySDK.TransportError.connectionFailed(
                url, description: "no stub for POST https://example.com/unplanned")
        ) {
            _ = try await stub.send(SwedbankPaySDK.HTTPRequest(method: "POST", url: url))
        }
    }
}

private final class WakeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String] = []
    func append(_ entry: String) { lock.withLock { log.append(entry) } }
    var entries: [String] { lock.withLock { log } }
}
