import Foundation
import Synchronization

/// How many payment orders each app user may still create: a bucket of
/// ``BackendConfiguration/maxOrderCreationsPerUser`` creations per user, refilled evenly over
/// ``BackendConfiguration/orderCreationWindow`` — so a user creates at most that many in any
/// window, and one user cannot fill the Swedbank Pay side (or the sandbox `serve` runs, whose
/// stores are shared by every user) with orders of their own. Pure: time comes in as `now`.
struct UserOrderAllowances: Sendable {
    let limit: Int
    let window: TimeInterval
    /// The most users followed at once; beyond, users whose bucket is full again are forgotten
    /// (they carry nothing), and if every one is still drawing, all are forgotten.
    let maxUsers: Int

    private struct Bucket: Sendable {
        var left: Double
        var at: TimeInterval
    }

    private var buckets: [String: Bucket] = [:]

    init(limit: Int, window: TimeInterval, maxUsers: Int = 100_000) {
        self.limit = limit
        self.window = window
        self.maxUsers = maxUsers
    }

    /// Takes one creation for `user` at `now` (seconds on any one clock): nil when allowed, else
    /// the whole seconds until one is left.
    mutating func take(user: String, now: TimeInterval) -> Int? {
        let rate = Double(limit) / window
        var bucket =
            buckets[user].map { old in
                Bucket(left: Swift.min(Double(limit), old.left + Swift.max(0, now - old.at) * rate), at: now)
            } ?? Bucket(left: Double(limit), at: now)
        guard bucket.left >= 1 else {
            buckets[user] = bucket
            return Swift.max(1, Int(((1 - bucket.left) / rate).rounded(.up)))
        }
        bucket.left -= 1
        if buckets[user] == nil, buckets.count >= maxUsers { makeRoom(now: now) }
        buckets[user] = bucket
        return nil
    }

    private mutating func makeRoom(now: TimeInterval) {
        let rate = Double(limit) / window
        buckets = buckets.filter { $0.value.left + Swift.max(0, now - $0.value.at) * rate < Double(limit) }
        if buckets.count >= maxUsers { buckets = [:] }
    }

    var users: Int { buckets.count }
}

/// ``UserOrderAllowances`` shared by the requests, on the backend's clock.
final class UserOrderLimiter: Sendable {
    /// Nil: no limit.
    private let limit: Int?
    private let allowances: Mutex<UserOrderAllowances>
    private let clock: BackendClock

    /// nil `limit`: no limit.
    init(limit: Int?, window: TimeInterval, clock: BackendClock) {
        self.limit = limit
        allowances = Mutex(UserOrderAllowances(limit: limit ?? 1, window: window))
        self.clock = clock
    }

    /// Takes one creation for `user`, or throws the 429 problem saying when to try again.
    func take(user: String) throws(BackendProblem) {
        guard let limit else { return }
        let now = clock.date.timeIntervalSince1970
        if let wait = allowances.withLock({ $0.take(user: user, now: now) }) {
            throw BackendProblem.tooManyOrders(limit: limit, retryAfter: wait)
        }
    }
}

extension BackendProblem {
    /// 429 `mobilesdk/badrequest` with `Retry-After`: the app user created as many payment orders
    /// as ``BackendConfiguration/maxOrderCreationsPerUser`` allows in a window.
    static func tooManyOrders(limit: Int, retryAfter: Int) -> BackendProblem {
        var problem = BackendProblem(
            type: URI.mobileSDKBadRequest, title: "Too Many Requests", status: 429,
            detail:
                "This user created \(limit) payment orders within the limit's window; try again in \(retryAfter) seconds."
        )
        problem.retryAfterSeconds = retryAfter
        return problem
    }
}
