import Foundation
import Synchronization
import Testing

@testable import MerchantBackend

/// Order creations per app user (issue: one user could fill the sandbox `serve` shares with every
/// other user, pushing their open orders out): beyond the limit a 429 problem with `Retry-After`,
/// another user unaffected, the allowance refilled on the backend's own clock.
@Suite(.timeLimit(.minutes(1))) struct UserOrderLimitTests {
    @Test func theAllowanceRefillsEvenlyOverItsWindow() {
        var allowances = UserOrderAllowances(limit: 3, window: 60)
        #expect(allowances.take(user: "a", now: 0) == nil)
        #expect(allowances.take(user: "a", now: 0) == nil)
        #expect(allowances.take(user: "a", now: 0) == nil)
        // One creation comes back every 20 seconds.
        #expect(allowances.take(user: "a", now: 0) == 20)
        #expect(allowances.take(user: "a", now: 15) == 5)
        #expect(allowances.take(user: "b", now: 15) == nil)
        #expect(allowances.take(user: "a", now: 20) == nil)
        #expect(allowances.take(user: "a", now: 20) == 20)
        // Never more than the limit at once, however long the user waited.
        for _ in 0..<3 { #expect(allowances.take(user: "a", now: 10_000) == nil) }
        #expect(allowances.take(user: "a", now: 10_000) == 20)
    }

    @Test func usersWhoseAllowanceIsFullAreForgottenToMakeRoom() {
        var allowances = UserOrderAllowances(limit: 2, window: 10, maxUsers: 2)
        #expect(allowances.take(user: "a", now: 0) == nil)
        #expect(allowances.take(user: "b", now: 0) == nil)
        // At 10 s both are full again: forgotten for "c".
        #expect(allowances.take(user: "c", now: 10) == nil)
        #expect(allowances.users == 1)
    }

    @Test func theLimiterReadsTheBackendsClock() throws {
        let now = Mutex(Date(timeIntervalSince1970: 1_000))
        let limiter = UserOrderLimiter(limit: 1, window: 30, clock: BackendClock { now.withLock { $0 } })
        try limiter.take(user: "u")
        #expect(throws: BackendProblem.self) { try limiter.take(user: "u") }
        do {
            try limiter.take(user: "u")
        } catch {
            #expect(error.status == 429)
            #expect(error.retryAfterSeconds == 30)
        }
        now.withLock { $0 = $0.addingTimeInterval(30) }
        try limiter.take(user: "u")
        try UserOrderLimiter(limit: nil, window: 30, clock: .system).take(user: "u")
    }

    @Test(arguments: TestDatabase.engines)
    func aUserOverTheLimitGets429WithRetryAfterAndAnotherUserDoesNot(engine: BackendHarness.Engine) async throws {
        try await BackendHarness.run(
            engine: engine,
            configure: {
                $0.maxOrderCreationsPerUser = 3
                $0.orderCreationWindow = 3_600
            }
        ) { harness in
            let flooder = "flooder-" + UUID().uuidString
            for _ in 0..<3 {
                #expect(try await harness.createOrder(user: flooder).status == 201)
            }
            let refused = try await harness.createOrder(user: flooder)
            #expect(refused.status == 429)
            #expect(refused.headers.first(name: "Content-Type") == "application/problem+json")
            // 1,200 s for one creation at 3 per hour, less what refilled while the three were made
            // (the harness runs on the system clock; theLimiterReadsTheBackendsClock holds the figure).
            let retryAfter = try #require(refused.headers.first(name: "Retry-After").flatMap { Int($0) })
            #expect((1_100...1_200).contains(retryAfter), "\(retryAfter)")
            #expect(refused.json["type"] as? String == "https://api.payex.com/psp/errordetail/mobilesdk/badrequest")
            #expect(refused.json["title"] as? String == "Too Many Requests")
            #expect(refused.json["status"] as? Int == 429)
            #expect(
                refused.json["detail"] as? String
                    == "This user created 3 payment orders within the limit's window; try again in \(retryAfter) seconds."
            )
            let other = try await harness.createOrder(user: "other-" + UUID().uuidString)
            #expect(other.status == 201, "\(other.body)")
        }
    }
}
