import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// The drill's apps: each worker creates orders through the load balancer as an app would — every
/// second one with an `Idempotency-Key`, sent twice — reads each order back, and hands every third
/// one to the payer, who pays it at the sandbox (which then calls back).
struct ClusterApp: Sendable {
    let target: ClusterDrill.Target
    let user: String
    let ledger: ClusterLedger

    private var headers: [String: String] {
        ["x-payex-sample-apikey": target.apiKey, "x-payex-sample-access-token": user]
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
            await ledger.acknowledge(ClusterDrill.Order(orderID: orderID, pspID: pspID, key: key))
            if let key {
                // The app did not hear the answer and sends the request again.
                guard let again = await create(key: key) else { continue }
                await ledger.retried(
                    ClusterDrill.Retry(
                        sameAnswer: again.answer.body == first.answer.body, firstInstance: first.instance,
                        retryInstance: again.instance))
            }
            if let read = try? await HTTPClient.shared.answer(.GET, target.balancerURL + location, headers: headers) {
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
    private func create(key: String?) async -> (answer: HTTPAnswer, instance: String)? {
        var headers = headers
        if let key { headers["Idempotency-Key"] = key }
        var failedBefore = false
        while !Task.isCancelled {
            let answer: HTTPAnswer
            let sent = ContinuousClock.now
            do {
                answer = try await HTTPClient.shared.answer(
                    .POST, target.balancerURL + "/paymentorders", json: target.orderJSON, headers: headers,
                    timeout: .seconds(15))
            } catch {
                if !Task.isCancelled { await ledger.unexpected("POST failed without an answer: \(error)") }
                return nil
            }
            let instance = answer.headers.first(name: target.instanceHeader) ?? "none"
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

    /// Pays each order handed over at the sandbox (its control API), as a payer would.
    static func pay(_ orders: AsyncStream<String>, target: ClusterDrill.Target, ledger: ClusterLedger) async {
        for await pspID in orders {
            let id = pspID.split(separator: "/").last.map(String.init) ?? pspID
            let answer = try? await HTTPClient.shared.answer(
                .POST, target.sandboxURL + "/sandbox/paymentorders/\(id)/pay", headers: target.controlHeaders)
            if answer?.status == 200 {
                await ledger.paid(pspID)
            } else {
                await ledger.unexpected("paying \(pspID): \(answer.map { "\($0.status) \($0.body)" } ?? "no answer")")
            }
        }
    }
}
