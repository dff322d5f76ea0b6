#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// `GET /sandbox/attempts`: every payment attempt of every live order, however it was made (menu,
/// payment session, control API), read from the orders' history. For the dashboard and for
/// people asking "what happened to my payment".
enum AttemptListing {
    /// The attempts, oldest first. `result` is `started` (still running), `paid`, `failed` or
    /// `aborted`; failed and aborted ones carry their problem's type and title.
    static func attempts(of orders: [PaymentOrderRecord]) -> [SwedbankPaySDK.JSONValue] {
        var rows: [(created: Date, row: SwedbankPaySDK.JSONObject)] = []
        for order in orders {
            var byNumber: [Int64: Int] = [:]
            for entry in order.history {
                guard let number = entry.number else { continue }
                switch entry.name {
                case .paymentAttemptStarted:
                    byNumber[number] = rows.count
                    rows.append(
                        (
                            entry.created,
                            [
                                "paymentOrder": .string(order.path), "number": .integer(number),
                                "instrument": .string(entry.instrument?.rawValue ?? ""), "result": .string("started"),
                                "started": .string(PSPTimestamp.format(entry.created)), "problem": .null,
                            ]
                        ))
                case .paymentAttemptFailed, .paymentAttemptAborted, .paymentPaid:
                    guard let index = byNumber[number] else { continue }
                    let result =
                        switch entry.name {
                        case .paymentAttemptFailed: "failed"
                        case .paymentAttemptAborted: "aborted"
                        default: "paid"
                        }
                    rows[index].row["result"] = .string(result)
                    if let failure = order.failedAttempts.last(where: { $0.number == number }), result != "paid" {
                        rows[index].row["problem"] = .object([
                            "type": failure.problem["type"] ?? .null, "title": failure.problem["title"] ?? .null,
                        ])
                    }
                default:
                    break
                }
            }
        }
        return rows.sorted { $0.created < $1.created }.map { .object($0.row) }
    }
}
#endif
