import Foundation
import ServerSupport
import SwedbankPaySDK

/// The admin API's body for a capture, cancellation or reversal: `{"amount"?, "vatAmount"?,
/// "description"?, "orderItems"?}` (a cancellation takes only a description). Without an amount a
/// capture takes what remains authorized and a reversal what remains captured; without a VAT
/// amount the order's VAT share of the amount is used.
struct AdminTransactionRequest: Sendable, Equatable {
    var amount: Int64?
    var vatAmount: Int64?
    var description: String
    var orderItems: SwedbankPaySDK.JSONValue?

    static func parse(_ body: SwedbankPaySDK.JSONObject, kind: StoredTransaction.Kind) throws -> AdminTransactionRequest
    {
        var problems = FieldProblems()
        let allowed: Set<String> =
            kind == .cancellation ? ["description"] : ["amount", "vatAmount", "description", "orderItems"]
        for key in body.keys.sorted() where !allowed.contains(key) {
            problems.add(
                key, "Not a member of a \(kind.rawValue) request; it takes \(allowed.sorted().joined(separator: ", "))."
            )
        }
        var request = AdminTransactionRequest(description: Self.defaultDescription(kind))
        switch body["description"] {
        case nil: break
        case .string(let text)? where (1...40).contains(text.count): request.description = text
        case _?: problems.add("description", "Must be a string of 1 to 40 characters.")
        }
        let largest = MinorUnits.amounts.upperBound
        for (key, range) in [("amount", AmountRules.positiveAmounts), ("vatAmount", 0...largest)]
        where allowed.contains(key) {
            switch body[key] {
            case nil: break
            case let value? where value.integerValue.map(range.contains) == true:
                if key == "amount" {
                    request.amount = value.integerValue
                } else {
                    request.vatAmount = value.integerValue
                }
            case _?:
                problems.add(
                    key,
                    "Must be an integer from \(range.lowerBound) to \(range.upperBound), in the currency's minor unit.")
            }
        }
        if body["amount"] == nil, request.vatAmount != nil {
            problems.add("vatAmount", "Give it with amount, or leave both out.")
        }
        if let amount = request.amount, let vat = request.vatAmount, !AmountRules.vatFits(vat, in: amount) {
            problems.add("vatAmount", "Must not be larger than amount.")
        }
        if let items = body["orderItems"], allowed.contains("orderItems") {
            guard case .array(let list) = items, (1...MinorUnits.maxOrderItems).contains(list.count),
                list.allSatisfy({ $0.objectValue != nil })
            else {
                problems.add("orderItems", "Must be an array of 1 to \(MinorUnits.maxOrderItems) order items.")
                try problems.throwIfAny("The \(kind.rawValue) request is invalid.")
                return request
            }
            request.orderItems = items
        }
        try problems.throwIfAny("The \(kind.rawValue) request is invalid.")
        return request
    }

    static func defaultDescription(_ kind: StoredTransaction.Kind) -> String {
        switch kind {
        case .capture: TransactionType.capture.rawValue
        case .cancellation: TransactionType.cancellation.rawValue
        case .reversal: TransactionType.reversal.rawValue
        }
    }

    /// The amount and VAT to send: those given, else what remains (as the order at Swedbank Pay
    /// says) with the order's VAT share; nil for a cancellation. What remains is Swedbank Pay's
    /// number, so it is checked like any other: one that is no amount is a 502.
    func amounts(
        for kind: StoredTransaction.Kind, order: StoredOrder, paymentOrder: SwedbankPaySDK.JSONObject
    ) throws(BackendProblem) -> (amount: Int64, vatAmount: Int64)? {
        let remaining: String
        switch kind {
        case .cancellation: return nil
        case .capture: remaining = "remainingCaptureAmount"
        case .reversal: remaining = "remainingReversalAmount"
        }
        let left = paymentOrder[remaining] ?? .integer(0)
        guard let amount = self.amount ?? left.integerValue, MinorUnits.amounts.contains(amount) else {
            throw .invalidResponse(
                "Swedbank Pay's \(remaining) is not an amount.", gatewayStatus: 200, body: left.jsonText)
        }
        if let vatAmount { return (amount, vatAmount) }
        // The order's VAT share of the amount: 0 for an order without one (a Verify, amount 0).
        guard let vat = MinorUnits.vatShare(of: amount, whole: order.amount, wholeVAT: order.vatAmount) else {
            return (amount, 0)
        }
        return (amount, vat)
    }
}
