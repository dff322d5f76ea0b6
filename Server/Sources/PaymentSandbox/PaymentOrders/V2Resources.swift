#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Checkout v2's own sub-resources of an order: `payments` (the instrument payments made for it) and
/// `currentpayment` (the latest transaction of the current one), as the v2 pages show them; and
/// v2's answer to a capture, cancellation or reversal.
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
    /// The order is `paymentOrder`, as in every other sub-resource.
    static func payments(_ record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        var list: [SwedbankPaySDK.JSONValue] = []
        if let paid = record.paid {
            let created = record.history.last { $0.name == .paymentPaid }?.created ?? record.updated
            list.append(
                .object([
                    "id": .string(paymentPath(paid, of: record)), "instrument": .string(paid.instrument.rawValue),
                    "created": .string(PSPTimestamp.format(created)),
                ]))
        }
        return [
            "paymentOrder": .string(record.path),
            "payments": .object(["id": .string(record.path + "/payments"), "paymentList": .array(list)]),
        ]
    }

    /// The latest financial transaction of the paid order, as v2's current payment shows it; the
    /// order alone before it is paid.
    static func currentPayment(_ record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        var object: SwedbankPaySDK.JSONObject = ["paymentOrder": .string(record.path)]
        guard let latest = PaymentOrderSubResource.allTransactions(record).last else { return object }
        var transaction = transaction(latest, id: record.path + "/currentpayment/" + latest.guid)
        transaction["failedReason"] = .string("")
        object["transaction"] = .object(transaction)
        return object
    }

    /// The answer of a v2 `POST …/captures`, `…/cancellations` or `…/reversals`, as the v2 pages
    /// show it: the payment on the instrument's API, and the new transaction under the kind's
    /// member (`{"payment", "capture": {"id", "transaction": {…, "type": "Capture"}}}`).
    static func postPurchase(_ made: FinancialTransaction, of record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        // The member is the collection's singular: `captures` holds a `capture`.
        guard let paid = record.paid,
            let collection = PaymentOrderRoutes.postPurchasePaths.first(where: { $0.1 == made.kind })?.0
        else { return [:] }
        let payment = paymentPath(paid, of: record)
        return [
            "payment": .string(payment),
            String(collection.dropLast()): .object([
                "id": .string(payment + "/" + collection + "/" + made.guid),
                "transaction": .object(transaction(made, id: payment + "/transactions/" + made.guid)),
            ]),
        ]
    }

    /// The payment on the instrument's own API (`/psp/creditcard/payments/<guid>`).
    private static func paymentPath(_ paid: PaidInfo, of record: PaymentOrderRecord) -> String {
        "/psp/\(paid.instrument.apiSegment)/payments/\(record.id)"
    }

    /// A transaction as v2 shows it. The v2 pages name a cancellation's type `Cancel`.
    private static func transaction(_ transaction: FinancialTransaction, id: String) -> SwedbankPaySDK.JSONObject {
        var object: SwedbankPaySDK.JSONObject = [
            "id": .string(id), "created": .string(PSPTimestamp.format(transaction.created)),
            "updated": .string(PSPTimestamp.format(transaction.created)),
            "type": .string(transaction.kind == .cancellation ? "Cancel" : transaction.kind.rawValue),
            "state": .string("Completed"), "number": .integer(transaction.number),
            "amount": .integer(transaction.amount), "vatAmount": .integer(transaction.vatAmount),
            "description": .string(transaction.description), "payeeReference": .string(transaction.payeeReference),
            "isOperational": .bool(false), "operations": .array([]),
        ]
        if let receipt = transaction.receiptReference { object["receiptReference"] = .string(receipt) }
        return object
    }
}
#endif
