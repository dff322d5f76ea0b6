import AsyncHTTPClient
import Foundation
import NIOCore
import PaymentSandbox
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Calls to Swedbank Pay are limited by the operator's setting, not by a pool size: beyond the
/// limit a call waits in a bounded queue until its own deadline, and beyond the queue it is refused
/// at once — in both cases with the `gatewaytimeout` problem and nothing sent.
@Suite(.timeLimit(.minutes(2))) struct CallLimitTests {
    typealias URI = SwedbankPaySDK.ProblemTypeURI

    @Test func admissionStartsWaitsAndRefusesInOrder() {
        var admission = CallAdmission(maxInFlight: 2, maxQueued: 2)
        let decisions = [1, 2, 3, 4, 5].map { admission.request($0) }
        #expect(decisions == [.start, .start, .wait, .wait, .refuse])
        #expect(admission.inFlight == 2)
        #expect(admission.queued == 2)
        let withdrawn = [admission.withdraw(3), admission.withdraw(3)]
        #expect(withdrawn == [true, false])
        let handedOver = admission.release()
        #expect(handedOver == 4)
        let late = admission.withdraw(4)
        #expect(!late)
        let nobody = admission.release()
        #expect(nobody == nil)
        #expect(admission.inFlight == 1)
        // A newcomer never overtakes a waiting call.
        let more = [6, 7, 8].map { admission.request($0) }
        #expect(more == [.start, .wait, .wait])
        let next = admission.release()
        #expect(next == 7)
        #expect(admission.queued == 1)
    }

    @Test func admissionStaysBoundedOverManyCalls() {
        var admission = CallAdmission(maxInFlight: 1, maxQueued: 3)
        _ = admission.request(0)
        var order: [UInt64] = []
        for id in UInt64(1)...10_000 {
            _ = admission.request(id)
            if let next = admission.release() { order.append(next) }
        }
        #expect(order == Array(1...10_000))
        #expect(admission.queued == 0)
        #expect(admission.inFlight == 1)
        let last = admission.release()
        #expect(last == nil)
        #expect(admission.inFlight == 0)
    }

    /// Three creations at once with one call in flight and one waiting: the first is answered,
    /// the second waits for it and is answered, the third is refused at once and never sent.
    @Test func beyondTheQueueACallIsRefusedAtOnceAndWaitingCallsProceed() async throws {
        try await BackendHarness.run(configure: {
            $0.maxSwedbankPayCallsInFlight = 1
            $0.maxSwedbankPayCallsQueued = 1
            $0.swedbankPayTimeout = 20
        }) { harness in
            // Long enough that the first call is still waiting for the sandbox when the third
            // arrives, also on a loaded machine.
            try harness.sandbox.addFault(FaultFlagParser.parse("POST /psp/paymentorders delay:5 x2"))
            let limiter = harness.backend.services.swedbankPay.limiter
            async let first = harness.createOrder(user: "limited-user-1")
            await limiter.reached(inFlight: 1, queued: 0)
            async let second = harness.createOrder(user: "limited-user-2")
            await limiter.reached(inFlight: 1, queued: 1)
            let third = try await harness.createOrder(user: "limited-user-3")
            #expect(third.status == 504)
            #expect(third.problemType == URI.mobileSDKGatewayTimeout)
            let answers = try await [first, second]
            #expect(answers.map(\.status) == [201, 201])
            let posts = try await harness.sandboxRequests().filter { $0 == "POST /psp/paymentorders" }
            #expect(posts.count == 2)
            #expect(limiter.load == (0, 0))
        }
    }

    /// A waiting call gives up at its own deadline and never runs; cancelling a waiting call
    /// frees its place; the slot it would have had goes to the next in line.
    @Test func aWaitingCallGivesUpAtItsDeadlineOrWhenCancelled() async throws {
        let limiter = CallLimiter(maxInFlight: 1, maxQueued: 4)
        let (gate, open) = AsyncStream<Void>.makeStream()
        let ran = Ran()
        let holder = Self.call(limiter, seconds: 60) { for await _ in gate { break } }
        await limiter.reached(inFlight: 1, queued: 0)
        let expired = Self.call(limiter, seconds: 0.1) { await ran.mark("expired") }
        let expiredProblem = await Self.problem(of: expired)
        #expect(expiredProblem?.type == URI.mobileSDKGatewayTimeout)
        let cancelled = Self.call(limiter, seconds: 60) { await ran.mark("cancelled") }
        await limiter.reached(inFlight: 1, queued: 1)
        cancelled.cancel()
        let cancelledProblem = await Self.problem(of: cancelled)
        #expect(cancelledProblem?.type == URI.mobileSDKGatewayTimeout)
        #expect(limiter.load == (1, 0))
        let next = Self.call(limiter, seconds: 60) { await ran.mark("next") }
        await limiter.reached(inFlight: 1, queued: 1)
        open.yield()
        #expect(await Self.problem(of: holder) == nil)
        #expect(await Self.problem(of: next) == nil)
        #expect(await ran.names == ["next"])
        #expect(limiter.load == (0, 0))
    }

    static func call(
        _ limiter: CallLimiter, seconds: Double, _ body: @escaping @Sendable () async -> Void
    ) -> Task<Void, any Error> {
        Task {
            let deadline = NIODeadline.now() + .milliseconds(Int64(seconds * 1_000))
            try await limiter.run(deadline: deadline) { () async throws(BackendProblem) -> Void in await body() }
        }
    }

    static func problem(of task: Task<Void, any Error>) async -> BackendProblem? {
        do {
            try await task.value
            return nil
        } catch {
            return error as? BackendProblem
        }
    }

    actor Ran {
        var names: [String] = []
        func mark(_ name: String) { names.append(name) }
    }
}

/// No request holds a database connection while it waits for Swedbank Pay: 1,024 creations that
/// each wait a second for Swedbank Pay all succeed with one PostgreSQL connection per event loop
/// (and SQLite's single connection). Held connections would make them queue for the pool, one
/// second each, and fail at the pool's 10-second limit.
@Suite(.serialized) struct SlowSwedbankPayDatabaseTests {
    @Test(arguments: TestDatabase.engines)
    func aThousandSlowCreationsShareAFewConnections(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(
            engine: engine,
            configure: {
                $0.swedbankPayTimeout = 30
                // One user makes all 1,024 orders.
                $0.maxOrderCreationsPerUser = nil
            }, databaseConnectionsPerEventLoop: 1
        ) {
            harness in
            try harness.sandbox.addFault(FaultFlagParser.parse("POST /psp/paymentorders delay:1"))
            var configuration = HTTPClient.Configuration()
            configuration.connectionPool = .init(
                idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 1_024)
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            let user = "slow-" + UUID().uuidString
            let headers = BackendHarness.headers(of: user)
            let statuses: [Int]
            do {
                statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<1_024 {
                        group.addTask {
                            try await client.answer(
                                .POST, harness.backendURL + "/paymentorders", json: BackendHarness.orderJSON(),
                                headers: headers, timeout: .seconds(60)
                            ).status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            } catch {
                try? await client.shutdown()
                throw error
            }
            try await client.shutdown()
            #expect(statuses.count == 1_024)
            #expect(statuses.filter { $0 != 201 }.isEmpty, "statuses: \(Set(statuses))")
            let created = try await harness.backend.services.store.all().filter {
                $0.userID == user && $0.creation == .created && $0.pspID != nil
            }
            #expect(created.count == 1_024)
        }
    }
}
