import AsyncHTTPClient
import Foundation
import NIOHTTP1
import ServerSupport

extension ClusterDrill {
    /// An order as the admin API lists it.
    public struct StoredOrder: Sendable {
        public let id: String
        public let pspID: String?
        public let status: String?
    }

    /// What is wrong with the stored orders, read through the admin API (`GET /admin/paymentorders`,
    /// newest 1,000) of a cluster whose database held no other orders: each acknowledged order
    /// stored once, no order id twice, and each paid order recorded `Paid`. Callbacks are applied
    /// after they are answered, by any instance and, when one was lost with the killed instance,
    /// by the next retry round (15 seconds): the listing is read again every 500 ms until every
    /// paid order is `Paid` or `timeout` passed — over the network there is no event to await.
    public func storeProblems(_ result: Result, adminKey: String, timeout: Duration = .seconds(60)) async throws
        -> [String]
    {
        let deadline = ContinuousClock.now + timeout
        while true {
            let orders = try await storedOrders(adminKey: adminKey)
            let paid = Set(result.record.paid)
            let unpaid = orders.filter {
                $0.pspID.map(paid.contains) == true && $0.status != PaymentOrderStatus.paid.rawValue
            }
            if unpaid.isEmpty || ContinuousClock.now > deadline {
                return Self.storeProblems(result.record, stored: orders)
            }
            try await Task.sleep(for: .milliseconds(500))
        }
    }

    /// The checks of ``storeProblems(_:adminKey:timeout:)`` on one listing.
    public static func storeProblems(_ record: Record, stored: [StoredOrder]) -> [String] {
        var problems: [String] = []
        var counts: [String: Int] = [:]
        for order in stored { counts[order.id, default: 0] += 1 }
        let twice = counts.filter { $0.value > 1 }.keys.sorted()
        if !twice.isEmpty { problems.append("orders stored more than once: \(twice.prefix(5))") }
        let missing = record.acknowledged.filter { counts[$0.orderID] == nil }.map(\.orderID)
        if !missing.isEmpty { problems.append("\(missing.count) acknowledged orders not stored: \(missing.prefix(5))") }
        let byPSP = Dictionary(stored.compactMap { order in order.pspID.map { ($0, order) } }) { first, _ in first }
        let notPaid = record.paid.filter { byPSP[$0]?.status != PaymentOrderStatus.paid.rawValue }
        if !notPaid.isEmpty {
            problems.append(
                "\(notPaid.count) orders paid at the sandbox but not recorded Paid, first: "
                    + notPaid.prefix(3).map { "\($0) (\(byPSP[$0]?.status ?? "missing"))" }.joined(separator: ", "))
        }
        return problems
    }

    /// The newest 1,000 orders, through the admin API.
    public func storedOrders(adminKey: String) async throws -> [StoredOrder] {
        let answer = try await HTTPClient.shared.answer(
            .GET, target.balancerURL + "/admin/paymentorders?limit=1000",
            headers: ["Authorization": "Bearer \(adminKey)"])
        guard answer.status == 200, let list = answer.json["paymentOrders"] as? [[String: Any]] else {
            throw AdminListingFailed(status: answer.status, body: answer.body)
        }
        return list.compactMap { object in
            guard let id = object["id"] as? String else { return nil }
            return StoredOrder(id: id, pspID: object["paymentOrder"] as? String, status: object["status"] as? String)
        }
    }

    public struct AdminListingFailed: Error, CustomStringConvertible {
        public let status: Int
        public let body: String
        public var description: String { "the admin API's order listing answered \(status): \(body.prefix(300))" }
    }
}
