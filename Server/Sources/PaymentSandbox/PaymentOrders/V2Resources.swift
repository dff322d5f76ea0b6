#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Checkout v2's own sub-resources of an order: `payments` (the instrument payments made for it) and
/// `currentpayment` (the latest transaction of the current one), as the v2 pages show them.
enum V2Resources {
    /// The order's members that link them, and their paths.
    static let members = [("payments", "payments"), ("currentPayment", "currentpayment")]
    /// The card brands the sandbox's test cards have.
    static let cardBrands = ["Visa", "MasterCard"]

    /// The answer of `GET <order>/<path>`, or nil when `path` is neither.
    static func render(_ path: String, of record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject? {
        switch path.lowercased() {
        case "payments": return payments(record)
        case "currentpayment": return currentPayment(record)
        default: return nil
        }
    }

    /// The payment on the instrument's own API (`/psp/<instrument>/payments/<guid>`), once paid.
    static func payments(_ record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        var list: [SwedbankPaySDK.JSONValue] = []
        if let paid = record.paid {
            let created = record.history.last { $0.name == .paymentPaid }?.created ?? record.updated
            list.append(
                .object([
                    "id": .string(
                        "/psp/\(paid.instrument.apiSegment)/payments/\(record.id)"),
                    "instrument": .string(paid.instrument.rawValue), "created": .string(PSPTimestamp.format(created)),
                ]))
        }
        return [
            "paymentorder": .string(record.path),
            "payments": .object(["id": .string(record.path + "/payments"), "paymentList": .array(list)]),
        ]
    }

    /// The latest financial transaction of the paid order, as v2's current payment shows it; the
    /// order alone before it is paid.
    static func currentPayment(_ record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        var object: SwedbankPaySDK.JSONObject = ["paymentorder": .string(record.path)]
        guard let latest = PaymentOrderSubResource.allTransactions(record).last else { return object }
        object["transaction"] = .object([
            "id": .string(record.path + "/currentpayment/" + latest.guid),
            "created": .string(PSPTimestamp.format(latest.created)),
            "updated": .string(PSPTimestamp.format(latest.created)), "type": .string(latest.kind.rawValue),
            "state": .string("Completed"), "number": .integer(latest.number), "amount": .integer(latest.amount),
            "vatAmount": .integer(latest.vatAmount), "description": .string(latest.description),
            "payeeReference": .string(latest.payeeReference), "failedReason": .string(""),
            "isOperational": .bool(false), "operations": .array([]),
        ])
        return object
    }
}
#endif
