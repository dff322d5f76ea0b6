import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// The cluster drill of docs/deployment.md: apps create, retry, read and pay orders through a load
/// balancer in front of several backend instances while one instance is killed and started again;
/// then the record says whether any order was lost or duplicated and whether every idempotent
/// retry got the first answer. The cluster test runs it against processes on loopback, and
/// `swedbankpay drill` (the compose test) against containers.
public struct ClusterDrill: Sendable {
    /// Where the apps and the payer go.
    public struct Target: Sendable {
        /// The load balancer in front of the instances, without a trailing `/`.
        public var balancerURL: String
        /// The sandbox's base URL as the payer reaches it, without a trailing `/`.
        public var sandboxURL: String
        /// An API key of the backends.
        public var apiKey: String
        /// The sandbox's control token, if it has one.
        public var sandboxControlToken: String?
        /// The answer header in which the balancer names the instance that answered.
        public var instanceHeader: String = "X-Cluster-Instance"
        /// The body of each order creation.
        public var orderJSON: String

        public init(
            balancerURL: String, sandboxURL: String, apiKey: String, sandboxControlToken: String? = nil,
            orderJSON: String
        ) {
            self.balancerURL = balancerURL
            self.sandboxURL = sandboxURL
            self.apiKey = apiKey
            self.sandboxControlToken = sandboxControlToken
            self.orderJSON = orderJSON
        }

        var controlHeaders: [String: String] {
            var headers = ["X-Sandbox-Control": "1"]
            if let token = sandboxControlToken { headers["Authorization"] = "Bearer \(token)" }
            return headers
        }
    }

    public struct Order: Sendable {
        /// The backend's order id (the last segment of `Location`).
        public let orderID: String
        /// Swedbank Pay's id (`/psp/paymentorders/…`).
        public let pspID: String
        public let key: String?
    }

    public struct Retry: Sendable {
        public let sameAnswer: Bool
        public let firstInstance: String
        public let retryInstance: String
    }

    public struct ServerError: Sendable {
        /// When the answer came.
        public let at: ContinuousClock.Instant
        /// When the request was sent.
        public let sent: ContinuousClock.Instant
        public let status: Int
        public let instance: String
    }

    /// What the apps were told.
    public struct Record: Sendable {
        public let acknowledged: [Order]
        public let retries: [Retry]
        public let serverErrors: [ServerError]
        public let reads: [Int]
        /// Swedbank Pay ids of the orders paid at the sandbox.
        public let paid: [String]
        public let unexpected: [String]
    }

    /// A drill's record, and when the kill began and ended.
    public struct Result: Sendable {
        public let record: Record
        /// The instance killed, as the balancer's header names it (a part of it).
        public let killedInstance: String
        public let killStarted: ContinuousClock.Instant
        /// When `kill` returned: the instance had exited.
        public let killedAt: ContinuousClock.Instant
        /// Whether the restarted instance answered requests again.
        public let restartedServed: Bool
    }

    public struct Stalled: Error, CustomStringConvertible {
        public let phase: String
        public let seconds: Int
        public var description: String { "no progress for \(seconds) seconds with \(phase)" }
    }

    public let target: Target
    public var workers = 12
    /// Orders acknowledged with all instances up, then with one killed, then after its restart.
    public var ordersPerPhase = 60
    /// How long a phase may go without reaching its count.
    public var stallTimeout: Duration = .seconds(60)

    public init(target: Target) {
        self.target = target
    }

    /// Runs the apps as `user`, keys prefixed with `run`; once `ordersPerPhase` orders are
    /// acknowledged calls `kill` (which returns once the instance has exited), after as many more
    /// `restart` (which returns once it serves), and stops after as many more and 10 answers from
    /// the restarted instance.
    public func run(
        user: String, run: String, killedInstance: String, kill: @Sendable () async throws -> Void,
        restart: @Sendable () async throws -> Void
    ) async throws -> Result {
        let ledger = ClusterLedger()
        let app = ClusterApp(target: target, user: user, ledger: ledger)
        let payments = AsyncStream<String>.makeStream()
        let workerCount = workers
        let workers = Task {
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<workerCount {
                    group.addTask { await app.work(worker: worker, run: run, pay: payments.continuation) }
                }
            }
        }
        let target = target
        let payer = Task { await ClusterApp.pay(payments.stream, target: target, ledger: ledger) }
        func stopApps() async {
            workers.cancel()
            await workers.value
            payments.continuation.finish()
            await payer.value
        }
        let seconds = Int(stallTimeout.components.seconds)
        let killStarted: ContinuousClock.Instant
        let killedAt: ContinuousClock.Instant
        let restartedServed: Bool
        do {
            guard await ledger.wait(until: .acknowledged(ordersPerPhase), timeout: stallTimeout) else {
                throw Stalled(phase: "all up", seconds: seconds)
            }
            killStarted = .now
            try await kill()
            // From now on no request can have been in flight in the killed instance.
            killedAt = .now
            guard await ledger.wait(until: .acknowledged(2 * ordersPerPhase), timeout: stallTimeout) else {
                throw Stalled(phase: "one killed", seconds: seconds)
            }
            try await restart()
            let restartedAt = ContinuousClock.now
            guard await ledger.wait(until: .acknowledged(3 * ordersPerPhase), timeout: stallTimeout) else {
                throw Stalled(phase: "the instance restarted", seconds: seconds)
            }
            restartedServed = await ledger.wait(
                until: .answered(instance: killedInstance, after: restartedAt, count: 10), timeout: stallTimeout)
        } catch {
            await stopApps()
            throw error
        }
        await stopApps()
        return Result(
            record: await ledger.record, killedInstance: killedInstance, killStarted: killStarted, killedAt: killedAt,
            restartedServed: restartedServed)
    }

    /// Everything wrong with a drill's answers, one line each; empty when nothing is. The orders
    /// themselves (each once in the database, paid ones recorded `Paid`) are the caller's to check.
    public func problems(_ result: Result) -> [String] {
        let record = result.record
        var problems: [String] = []
        if !result.restartedServed { problems.append("the restarted instance took no share of the requests") }
        if !record.unexpected.isEmpty {
            problems.append(
                "\(record.unexpected.count) answers neither an order nor the killed instance's failure, first: "
                    + record.unexpected.prefix(3).joined(separator: " | "))
        }
        // Only the requests the killed instance was serving failed: sent before it had exited,
        // answered after the kill began, by that instance (the balancer names it). No stopwatch:
        // a loaded machine may deliver such an answer seconds later.
        if record.serverErrors.count > workers {
            problems.append("\(record.serverErrors.count) 5xx answers, more than the \(workers) requests in flight")
        }
        for error in record.serverErrors
        where
            !(error.sent < result.killedAt && error.at >= result.killStarted
            && error.instance.contains(result.killedInstance))
        {
            problems.append("a \(error.status) from \(error.instance) that was not in flight in the killed instance")
        }
        // Every idempotent retry got the first answer, whichever instance took it.
        if record.retries.isEmpty { problems.append("no idempotent retry was made") }
        let different = record.retries.filter { !$0.sameAnswer }.count
        if different > 0 { problems.append("\(different) idempotent retries answered differently from the first") }
        if !record.retries.contains(where: { $0.firstInstance != $0.retryInstance }) {
            problems.append("no retry landed on another instance than its first request")
        }
        let failedReads = record.reads.filter { $0 != 200 }
        if !failedReads.isEmpty { problems.append("status reads answered \(failedReads)") }
        let ids = record.acknowledged.map(\.orderID)
        if Set(ids).count != ids.count { problems.append("an order id was acknowledged twice") }
        if record.paid.count < ordersPerPhase / 2 { problems.append("only \(record.paid.count) orders were paid") }
        return problems
    }

    /// One line saying what the drill did.
    public static func summary(_ result: Result) -> String {
        let record = result.record
        let crossed = record.retries.filter { $0.firstInstance != $0.retryInstance }.count
        return "\(record.acknowledged.count) orders acknowledged, \(record.retries.count) idempotent retries "
            + "(\(crossed) on another instance, \(record.retries.filter(\.sameAnswer).count) answered as the first), "
            + "\(record.reads.count) reads, \(record.paid.count) paid, "
            + "5xx around the kill: \(record.serverErrors.map { "\($0.status) from \($0.instance)" })"
    }

    /// How many times the sandbox delivered a callback (the merchant answered 2xx) for each
    /// payment order, read from its control API once no delivery is pending. Over the network there is
    /// no event to await, so the listing is read again every 200 ms, for at most `timeout`.
    public func deliveredCallbacks(timeout: Duration = .seconds(60)) async throws -> [String: Int] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let listing = try await HTTPClient.shared.answer(
                .GET, target.sandboxURL + "/sandbox/callbacks", headers: target.controlHeaders
            ).json
            if (listing["pending"] as? Int ?? 0) == 0 || ContinuousClock.now > deadline {
                return Self.deliveries(listing)
            }
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    /// The delivered callbacks per payment order in a `/sandbox/callbacks` listing.
    public static func deliveries(_ listing: [String: Any]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for case let delivery as [String: Any] in listing["callbacks"] as? [Any] ?? []
        where delivery["delivered"] as? Bool == true {
            if let order = delivery["paymentOrder"] as? String { counts[order, default: 0] += 1 }
        }
        return counts
    }
}
