import Foundation
import ServerSupport
import SwedbankPaySDK

@testable import MerchantBackend
@testable import PaymentSandbox

/// The money after a payment, on both servers, shared like ``SDKProperties``: the property tests
/// feed these generated scenarios, `PostPurchaseFuzz` scenarios read from any bytes. Nil when the
/// property holds. A trap (an `Int64` overflow) fails both runners by itself.
enum PostPurchaseProperties {
    /// An order's amounts, how it was paid, and what the merchant then asks for.
    struct Scenario: Sendable, CustomStringConvertible {
        var amount: Int64
        var vatAmount: Int64
        /// A sale (Swish) is captured when paid; otherwise the card payment is authorized.
        var sale: Bool
        var steps: [Step]
        /// What Swedbank Pay says remains, as the backend's admin API reads it.
        var remaining: SwedbankPaySDK.JSONValue

        var description: String {
            "order \(amount) (VAT \(vatAmount))\(sale ? " sold" : ""), remaining \(remaining.jsonText): "
                + steps.map { "\($0.kind.rawValue) \(SwedbankPaySDK.JSONValue.object($0.body).jsonText)" }
                .joined(separator: "; ")
        }
    }

    struct Step: Sendable {
        var kind: FinancialTransaction.Kind
        /// The `transaction` object of the request.
        var body: SwedbankPaySDK.JSONObject
    }

    /// The numbers a scenario is made of: the edges of the limits and of `Int64`, and the order of
    /// the finding (10¹⁰ with 10⁹ of VAT), most of the time; any word otherwise.
    static let edges: [Int64] = [
        0, 1, 2, -1, 99, 100, 1_000_000_000, 10_000_000_000, 4_294_967_296, MinorUnits.largest - 1,
        MinorUnits.largest, MinorUnits.largest + 1, .max, .max - 1, .min, -MinorUnits.largest,
    ]

    /// A scenario from a source of random words (the generator's, or the fuzzer's bytes).
    static func scenario(_ next: () -> UInt64) -> Scenario {
        func number() -> Int64 {
            let word = next()
            return word % 4 == 0 ? Int64(bitPattern: next()) : edges[Int((word >> 2) % UInt64(edges.count))]
        }
        func optionalNumber() -> SwedbankPaySDK.JSONValue? {
            next() % 4 == 0 ? nil : .integer(number())
        }
        let amount = number()
        var vatAmount = number()
        if next() % 2 == 0, amount > 0 { vatAmount = amount / 10 }
        let kinds: [FinancialTransaction.Kind] = [.capture, .cancellation, .reversal]
        let steps = (0..<Int(next() % 5)).map { index -> Step in
            let kind = kinds[Int(next() % 3)]
            var body: SwedbankPaySDK.JSONObject = [
                "description": .string("Step"), "payeeReference": .string("S\(index)"),
            ]
            if kind != .cancellation {
                body["amount"] = optionalNumber()
                body["vatAmount"] = optionalNumber()
                if next() % 4 == 0 {
                    body["orderItems"] = .array((0..<Int(next() % 3) + 1).map { _ in line(amount: number()) })
                }
            }
            return Step(kind: kind, body: body)
        }
        let remaining: SwedbankPaySDK.JSONValue =
            switch next() % 4 {
            case 0: .integer(number())
            case 1: .string("1")
            default: .integer(max(0, min(amount, MinorUnits.largest)))
            }
        return Scenario(amount: amount, vatAmount: vatAmount, sale: next() % 3 == 0, steps: steps, remaining: remaining)
    }

    static func line(amount: Int64) -> SwedbankPaySDK.JSONValue {
        .object([
            "reference": .string("P1"), "name": .string("Product"), "type": .string("PRODUCT"),
            "class": .string("Goods"), "quantity": .integer(1), "quantityUnit": .string("pcs"),
            "unitPrice": .integer(amount), "vatPercent": .integer(0), "amount": .integer(amount),
            "vatAmount": .integer(0),
        ])
    }

    // MARK: The sandbox

    /// The sandbox's side: an order whose amounts its create check refuses exactly when they are
    /// outside 0…2^53 − 1 or the VAT is above the amount; an accepted one, paid, then each step read
    /// by `PostPurchaseBody` and applied. A refused step changes nothing; an applied one takes at
    /// most what remained (a cancellation all of it), with a VAT from 0 to its amount (the order's
    /// exact share when none was given), and leaves the remaining amounts, the status and the
    /// history as the transactions say.
    static func sandbox(_ scenario: Scenario) -> String? {
        var problems = InputProblems()
        let order: SwedbankPaySDK.JSONObject = [
            "amount": .integer(scenario.amount), "vatAmount": .integer(scenario.vatAmount),
        ]
        PaymentOrderValidator.checkAmounts(order, at: "paymentorder.", required: true, into: &problems)
        let valid = MinorUnits.amounts.contains(scenario.amount) && (0...scenario.amount).contains(scenario.vatAmount)
        if problems.isEmpty != valid {
            return
                "the create check \(valid ? "refused" : "accepted") \(scenario.amount) with VAT \(scenario.vatAmount)"
        }
        guard valid else { return nil }
        var record = paidRecord(amount: scenario.amount, vatAmount: scenario.vatAmount, sale: scenario.sale)
        for step in scenario.steps {
            let before = record
            let request: PaymentOrderRecord.PostPurchaseRequest
            do {
                request = try PostPurchaseBody.parse(["transaction": .object(step.body)], kind: step.kind)
            } catch {
                continue
            }
            if let broken = bodyProblem(step.body, request: request) { return broken }
            let transaction: FinancialTransaction
            do {
                transaction = try record.apply(request, guid: "g", now: Date(timeIntervalSince1970: 1))
            } catch {
                if record.transactions != before.transactions || record.status != before.status {
                    return "a refused \(step.kind.rawValue) (\(error)) changed the order"
                }
                continue
            }
            if let broken = applied(transaction, request: request, before: before, after: record) { return broken }
        }
        return nil
    }

    /// A body `PostPurchaseBody` accepted has its amounts in range.
    private static func bodyProblem(
        _ body: SwedbankPaySDK.JSONObject, request: PaymentOrderRecord.PostPurchaseRequest
    ) -> String? {
        if let amount = request.amount, !(1...MinorUnits.largest).contains(amount) {
            return "a body with amount \(amount) was accepted"
        }
        if let vat = request.vatAmount, !(0...(request.amount ?? 0)).contains(vat) {
            return "a body with VAT \(vat) was accepted"
        }
        if request.kind != .cancellation, request.amount == nil || request.vatAmount == nil {
            return "a \(request.kind.rawValue) without amounts was accepted"
        }
        return nil
    }

    private static func applied(
        _ transaction: FinancialTransaction, request: PaymentOrderRecord.PostPurchaseRequest,
        before: PaymentOrderRecord, after: PaymentOrderRecord
    ) -> String? {
        let kind = request.kind.rawValue
        let old = before.amounts
        let new = after.amounts
        let remaining = request.kind == .reversal ? old.remainingReversal : old.remainingCapture
        guard (1...remaining).contains(transaction.amount) else {
            return "a \(kind) of \(transaction.amount) was applied with \(remaining) remaining"
        }
        if request.kind == .cancellation, transaction.amount != remaining {
            return "a cancellation took \(transaction.amount) of \(remaining)"
        }
        guard (0...transaction.amount).contains(transaction.vatAmount) else {
            return "a \(kind) of \(transaction.amount) has VAT \(transaction.vatAmount)"
        }
        if request.vatAmount == nil {
            let order = before.order
            let exact = Int128(order.vatAmount) * Int128(transaction.amount)
            let share = Int128(transaction.vatAmount) * Int128(order.amount)
            if order.amount > 0, !(share <= exact && exact - share < Int128(order.amount)) {
                return "a \(kind) of \(transaction.amount) has VAT \(transaction.vatAmount), not the order's share"
            }
        }
        let expected: (capture: Int64, reversal: Int64) =
            switch request.kind {
            case .capture: (old.remainingCapture - transaction.amount, old.remainingReversal + transaction.amount)
            case .cancellation: (old.remainingCapture - transaction.amount, old.remainingReversal)
            default: (old.remainingCapture, old.remainingReversal - transaction.amount)
            }
        guard new.remainingCapture == expected.capture, new.remainingReversal == expected.reversal else {
            return "after a \(kind) of \(transaction.amount): remaining \(new), expected \(expected)"
        }
        let paid = before.paid?.amount ?? 0
        guard (0...paid).contains(new.remainingCapture), (0...paid).contains(new.remainingReversal) else {
            return "after a \(kind): remaining \(new) of a payment of \(paid)"
        }
        let status: PaymentOrderStatus =
            request.kind == .cancellation && !new.captured
            ? .cancelled
            : request.kind == .reversal && new.remainingReversal == 0 && new.remainingCapture == 0
                ? .reversed : before.status
        guard after.status == status else { return "after a \(kind): \(after.status), expected \(status)" }
        guard after.history.count == before.history.count + 1, after.history.last?.amount == transaction.amount else {
            return "a \(kind) was not recorded in the history with its amount"
        }
        return nil
    }

    /// A paid order as the sandbox keeps it: a card authorization, or a Swish sale.
    static func paidRecord(amount: Int64, vatAmount: Int64, sale: Bool) -> PaymentOrderRecord {
        let url = URL(string: "https://example.com")!
        let order = SwedbankPaySDK.PaymentOrder(
            isV3: true, currency: "SEK", amount: amount, vatAmount: vatAmount, description: "Boundary",
            urls: SwedbankPaySDK.PaymentOrderUrls(hostUrls: [url], completeUrl: url),
            payeeInfo: SwedbankPaySDK.PayeeInfo(payeeId: "payee", payeeReference: "R1"))
        var record = PaymentOrderRecord(
            id: "4f0f8c1e-0000-4000-8000-000000000001", created: Date(timeIntervalSince1970: 0),
            updated: Date(timeIntervalSince1970: 0), isV3: true, order: order, requestMembers: [:], viewToken: "v",
            sessionToken: "s", nextAttemptNumber: 2)
        record.status = .paid
        record.paid = PaidInfo(
            instrument: sale ? .swish : .creditCard, number: 1, transactionType: sale ? .sale : .authorization,
            amount: amount, details: [:], tokens: [])
        return record
    }

    // MARK: The backend

    /// The backend's admin API: each step's body, read by `AdminTransactionRequest`, is refused
    /// exactly when an amount is out of its range (from 1, or 0 for the VAT, to 2^53 − 1) or the
    /// VAT is above the amount; an accepted one sends an amount in range with a VAT from 0 to it
    /// (the order's share when none was given), or is a 502 when Swedbank Pay's remaining amount
    /// it needs is no amount.
    static func admin(_ scenario: Scenario) -> String? {
        guard MinorUnits.amounts.contains(scenario.amount), (0...scenario.amount).contains(scenario.vatAmount) else {
            return nil
        }
        let order = StoredOrder(
            id: "order", payeeReference: "ref", userID: "user", idempotencyKey: nil, requestHash: "hash",
            operation: "Purchase", currency: "SEK", amount: scenario.amount, vatAmount: scenario.vatAmount,
            payerReference: nil, creation: .created, status: "Paid", pspID: "/psp/paymentorders/x",
            responseStatus: 201, responseBody: nil, createdAt: 0, updatedAt: 0)
        for step in scenario.steps {
            let kind: StoredTransaction.Kind =
                switch step.kind {
                case .capture: .capture
                case .cancellation: .cancellation
                default: .reversal
                }
            var body = step.body
            body["payeeReference"] = nil
            if let broken = admin(body, kind: kind, order: order, remaining: scenario.remaining) { return broken }
        }
        return nil
    }

    private static func admin(
        _ body: SwedbankPaySDK.JSONObject, kind: StoredTransaction.Kind, order: StoredOrder,
        remaining: SwedbankPaySDK.JSONValue
    ) -> String? {
        let given = (amount: body["amount"]?.integerValue, vat: body["vatAmount"]?.integerValue)
        let valid =
            (given.amount.map { (1...MinorUnits.largest).contains($0) } ?? true)
            && (given.vat.map { (0...MinorUnits.largest).contains($0) } ?? true)
            && (given.vat == nil || given.amount != nil)
            && (given.amount.flatMap { amount in given.vat.map { $0 <= amount } } ?? true)
        let request: AdminTransactionRequest
        do {
            request = try AdminTransactionRequest.parse(body, kind: kind)
        } catch {
            // Order lines are checked by Swedbank Pay; only the amounts decide here.
            return valid && body["orderItems"] == nil ? "\(kind.rawValue) \(body) was refused: \(error)" : nil
        }
        if !valid { return "\(kind.rawValue) \(body) was accepted" }
        let sent: (amount: Int64, vatAmount: Int64)?
        do {
            sent = try request.amounts(
                for: kind, order: order,
                paymentOrder: ["remainingCaptureAmount": remaining, "remainingReversalAmount": remaining])
        } catch {
            if error.status != 502 || given.amount != nil
                || remaining.integerValue.map(MinorUnits.amounts.contains) == true
            {
                return "\(kind.rawValue) \(body) with \(remaining.jsonText) remaining failed: \(error)"
            }
            return nil
        }
        guard let sent else { return kind == .cancellation ? nil : "a \(kind.rawValue) sent no amount" }
        guard MinorUnits.amounts.contains(sent.amount), (0...sent.amount).contains(sent.vatAmount) else {
            return "a \(kind.rawValue) sends \(sent.amount) with VAT \(sent.vatAmount)"
        }
        if given.vat == nil {
            let exact = Int128(order.vatAmount) * Int128(sent.amount)
            let share = Int128(sent.vatAmount) * Int128(order.amount)
            if order.amount > 0, !(share <= exact && exact - share < Int128(order.amount)) {
                return "a \(kind.rawValue) of \(sent.amount) sends VAT \(sent.vatAmount), not the order's share"
            }
        }
        return nil
    }

    // MARK: The share itself

    /// `MinorUnits.vatShare` on any three numbers: nil exactly when they are no amounts of one
    /// order, else the exact share rounded toward zero, never above the part.
    static func vatShare(part: Int64, whole: Int64, wholeVAT: Int64) -> String? {
        let share = MinorUnits.vatShare(of: part, whole: whole, wholeVAT: wholeVAT)
        let defined = whole >= 0 && (0...max(whole, 0)).contains(wholeVAT) && part >= 0
        guard let share else { return defined ? "no share of \(part) of \(whole) with VAT \(wholeVAT)" : nil }
        guard defined else { return "a share \(share) of \(part) of \(whole) with VAT \(wholeVAT)" }
        guard (0...part).contains(share) else { return "the share \(share) of \(part) is out of range" }
        if whole == 0 { return share == 0 ? nil : "a share \(share) of an order of 0" }
        let exact = Int128(wholeVAT) * Int128(part)
        let product = Int128(share) * Int128(whole)
        return product <= exact && exact - product < Int128(whole)
            ? nil : "\(share) is not \(wholeVAT) × \(part) / \(whole)"
    }
}
