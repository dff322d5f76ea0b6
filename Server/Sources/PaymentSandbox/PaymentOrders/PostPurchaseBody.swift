#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// Reads the body of `POST …/captures`, `…/cancellations` and `…/reversals`:
/// `{"transaction": {"description", "amount", "vatAmount", "payeeReference", "receiptReference"?,
/// "orderItems"?}}` (a cancellation has no amounts: it takes what remains authorized). Every bad
/// member is named as `transaction.<member>`.
enum PostPurchaseBody {
    private static let prefix = "transaction."

    static func parse(
        _ body: SwedbankPaySDK.JSONObject, kind: FinancialTransaction.Kind
    ) throws -> PaymentOrderRecord.PostPurchaseRequest {
        guard case .object(let transaction)? = body["transaction"] else {
            throw SandboxProblem.inputError(
                "The request is invalid.", problems: [("transaction", "The field is required and must be an object.")])
        }
        var problems = InputProblems()
        let description = problems.text(transaction, "description", at: prefix, required: true, maxLength: 40)
        let payeeReference = problems.text(transaction, "payeeReference", at: prefix, required: true, maxLength: 30)
        let receiptReference = problems.text(transaction, "receiptReference", at: prefix, maxLength: 30)
        var amount: Int64?
        var vatAmount: Int64?
        if kind != .cancellation {
            amount = problems.integer(
                transaction, "amount", at: prefix, required: true, minimum: AmountRules.positiveAmounts.lowerBound)
            vatAmount = problems.integer(transaction, "vatAmount", at: prefix, required: true, minimum: 0)
            if let amount, let vatAmount, !AmountRules.vatFits(vatAmount, in: amount) {
                problems.add(prefix + "vatAmount", "The field must not be larger than amount.")
            }
            OrderItemsValidator.check(transaction["orderItems"], at: prefix + "orderItems", into: &problems)
            if let amount, case .array(let items)? = transaction["orderItems"], problems.isEmpty {
                // At most 1000 lines within ±(2^53 − 1) (checked above): the sum fits; checked anyway.
                switch AmountRules.itemsTotal(
                    items.compactMap { $0.objectValue?["amount"]?.integerValue }, against: amount)
                {
                case .addsUp:
                    break
                case .differs(let total):
                    problems.add(
                        prefix + "orderItems", "The items' amounts add up to \(total), not the transaction's \(amount)."
                    )
                case .overflows:
                    problems.add(prefix + "orderItems", "The items' amounts add up to more than any amount.")
                }
            }
        }
        try problems.throwIfAny("The \(kind.rawValue.lowercased()) is invalid.")
        var items: [SwedbankPaySDK.JSONValue]?
        if case .array(let list)? = transaction["orderItems"] { items = list }
        return PaymentOrderRecord.PostPurchaseRequest(
            kind: kind, description: description ?? "", amount: amount, vatAmount: vatAmount,
            payeeReference: payeeReference ?? "", receiptReference: receiptReference, orderItems: items)
    }
}
#endif
