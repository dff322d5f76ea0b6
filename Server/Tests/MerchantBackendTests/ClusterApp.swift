import AsyncHTTPClient
import Foundation
import LocalStack

/// The apps of the cluster test: each worker creates orders through the load balancer as an app
/// would — every second one with an `Idempotency-Key`, sent twice — reads each order back, and
/// hands every third one to the payer, who pays it at the sandbox (which then calls back).
struct ClusterApp: Sendable {
    let url: String
    let user: String
    let ledger: ClusterLedger

    private var headers: [String: String] {
        ["x-payex-sample-apikey": BackendHarness.apiKey, "x-payex-sample-access-token": user]
    }

    func work(worker: Int, run: String, pay: AsyncStream<String>.Continuation) async {
        var index = 0
        while !Task.isCancelled {
            index += 1
            let key = index.isMultiple(of: 2) ? "\(run)-w\(worker)-\(index)" : nil
            guard let first = await create(key: key) else { continue }
            let json = first.answer.json
            guard let location = first.answer.headers.first(name: "Location"),
                let pspID = (json["paymentOrder"] as? [String: Any])?["id"] as? String
            else {
                await ledger.unexpected("an order without Location or paymentOrder.id: \(first.answer.body)")
                continue
            }
            let orderID = String(location.split(separator: "/").last ?? "")
            await ledger.acknowledge(ClusterLedger.Order(orderID: orderID, pspID: pspID, key: key))
            if let key {
                // The app did not hear the answer and sends the request again.
                guard let again = await create(key: key) else { continue }
                await ledger.retried(
                    ClusterLedger.Retry(
                        sameAnswer: again.answer.body == first.answer.body, firstInstance: first.instance,
                        retryInstance: again.instance))
            }
            if let read = try? await HTTPClient.shared.answer(.GET, url + location, headers: headers) {
                await ledger.read(read.status)
            } else if !Task.isCancelled {
                await ledger.unexpected("GET \(location) failed without an answer")
            }
            if index % 3 == 0 { pay.yield(pspID) }
        }
    }

    /// Creates an order; nil when it failed or the worker was stopped. A keyed request that
    /// failed is sent again, as the app would, until it is answered: while the first attempt is
    /// still recorded as in progress (its instance died), that is a 409.
    private func create(key: String?) async -> (answer: Answer, instance: String)? {
        var headers = headers
        if let key { headers["Idempotency-Key"] = key }
        var failedBefore = false
        while !Task.isCancelled {
            let answer: Answer
            let sent = ContinuousClock.now
            do {
                answer = try await HTTPClient.shared.answer(
                    .POST, url + "/paymentorders", json: BackendHarness.orderJSON(), headers: headers,
                    timeout: .seconds(15))
            } catch {
                if !Task.isCancelled { await ledger.unexpected("POST failed without an answer: \(error)") }
                return nil
            }
            let instance = answer.headers.first(name: "X-Cluster-Instance") ?? "none"
            await ledger.answered(by: instance)
            switch answer.status {
            case 201:
                return (answer, instance)
            case 500...:
                await ledger.serverError(status: answer.status, instance: instance, sent: sent)
                // Without a key the app cannot know whether the order exists; it starts over.
                guard key != nil else { return nil }
                failedBefore = true
            case 409 where failedBefore:
                try? await Task.sleep(for: .milliseconds(250))
            default:
                await ledger.unexpected("POST answered \(answer.status): \(answer.body)")
                return nil
            }
        }
        return nil
    }

    /// Pays each order handed over at the sandbox, as a payer would.
    static func pay(_ orders: AsyncStream<String>, sandboxURL: String, ledger: ClusterLedger) async {
        for await pspID in orders {
            let id = pspID.split(separator: "/").last.map(String.init) ?? pspID
            let answer = try? await HTTPClient.shared.answer(
                .POST, sandboxURL + "/sandbox/paymentorders/\(id)/pay", headers: ["X-Sandbox-Control": "1"])
            if answer?.status == 200 {
                await ledger.paid(pspID)
            } else {
                await ledger.unexpected("paying \(pspID): \(answer.map { "\($0.status) \($0.body)" } ?? "no answer")")
            }
        }
    }

    /// How many times the sandbox delivered a callback (the merchant answered 2xx) for each
    /// order, once no delivery is still pending — an event: deliveries end, as each one's
    /// retries are finite (the sandbox's `callbackRetryDelays`).
    static func deliveredCallbacks(sandbox: LocalStack, orders: [String]) async throws -> [String: Int] {
        await sandbox.sandbox.callbacksSettled()
        let listing = try await HTTPClient.shared.answer(.GET, sandbox.sandboxURL.absoluteString + "/sandbox/callbacks")
            .json
        var counts: [String: Int] = [:]
        for case let delivery as [String: Any] in listing["callbacks"] as? [Any] ?? []
        where delivery["delivered"] as? Bool == true {
            if let order = delivery["paymentOrder"] as? String { counts[order, default: 0] += 1 }
        }
        return counts
    }
}

/// What the apps of the cluster test sent and were told, and waits on it.
actor ClusterLedger {
    struct Order: Sendable {
        let orderID: String
        let pspID: String
        let key: String?
    }

    struct Retry: Sendable {
        let sameAnswer: Bool
        let firstInstance: String
        let retryInstance: String
    }

    struct ServerError: Sendable {
        /// When the answer came.
        let at: ContinuousClock.Instant
        /// When the request was sent.
        let sent: ContinuousClock.Instant
        let status: Int
        let instance: String
    }

    struct Outcome: Sendable {
        let acknowledged: [Order]
        let retries: [Retry]
        let serverErrors: [ServerError]
        let reads: [Int]
        let paid: [String]
        let unexpected: [String]
    }

    private var acknowledged: [Order] = []
    private var retries: [Retry] = []
    private var serverErrors: [ServerError] = []
    private var reads: [Int] = []
    private var paidOrders: [String] = []
    private var unexpectedAnswers: [String] = []
    private var answers: [(instance: String, at: ContinuousClock.Instant)] = []
    private var waiters: [UUID: (condition: Condition, continuation: CheckedContinuation<Bool, Never>)] = [:]

    enum Condition: Sendable {
        case acknowledged(Int)
        case answered(instance: String, after: ContinuousClock.Instant, count: Int)
    }

    var outcome: Outcome {
        Outcome(
            acknowledged: acknowledged, retries: retries, serverErrors: serverErrors, reads: reads, paid: paidOrders,
            unexpected: unexpectedAnswers)
    }

    func acknowledge(_ order: Order) {
        acknowledged.append(order)
        wake()
    }

    func answered(by instance: String) {
        answers.append((instance, .now))
        wake()
    }

    func retried(_ retry: Retry) { retries.append(retry) }
    func serverError(status: Int, instance: String, sent: ContinuousClock.Instant) {
        serverErrors.append(ServerError(at: .now, sent: sent, status: status, instance: instance))
    }
    func read(_ status: Int) { reads.append(status) }
    func paid(_ pspID: String) { paidOrders.append(pspID) }
    func unexpected(_ what: String) { unexpectedAnswers.append(what) }

    /// Waits until `condition` holds; false when it did not within `timeout`.
    func wait(until condition: Condition, timeout: Duration = .seconds(60)) async -> Bool {
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
            return answers.lazy.filter { $0.instance == instance && $0.at > after }.count >= count
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
