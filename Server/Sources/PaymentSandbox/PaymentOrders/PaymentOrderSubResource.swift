#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// A sub-resource of a payment order: `GET /psp/paymentorders/<id>/<pathName>`, a
/// `{"id": ...}` member of the order, and a `$expand` name.
enum PaymentOrderSubResource: String, CaseIterable, Sendable {
    case orderItems, urls, payeeInfo, payer, history, failed, aborted, paid, cancelled, reversed
    case financialTransactions, failedAttempts, postPurchaseFailedAttempts, metadata

    /// The JSON member name (camelCase), as in the order and in `$expand`.
    var memberName: String { rawValue }

    /// The lower-case path segment; the payer's is `payers`, as the API spells it.
    var pathName: String {
        self == .payer ? "payers" : rawValue.lowercased()
    }

    /// The sub-resource a path segment names; case-insensitive, `payer` works for `payers` and
    /// `failedpostpurchaseattempts` (the portal writes both) for `postpurchasefailedattempts`.
    init?(pathName: String) {
        var name = pathName.lowercased()
        if name == "failedpostpurchaseattempts" { name = "postpurchasefailedattempts" }
        guard let match = Self.allCases.first(where: { $0.pathName == name || $0.rawValue.lowercased() == name })
        else { return nil }
        self = match
    }

    /// The sub-resources a `$expand` value asks for: comma-separated, case-insensitive, unknown
    /// names ignored (as the API does).
    static func expansion(_ query: String?) -> Set<PaymentOrderSubResource> {
        guard let query else { return [] }
        return Set(
            query.split(separator: ",").compactMap {
                PaymentOrderSubResource(pathName: $0.trimmingCharacters(in: .whitespaces))
            })
    }

    /// The sub-resource of `record`, with its `id`.
    func render(_ record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        var object = content(record)
        object["id"] = .string(record.path + "/" + pathName)
        return object
    }

    private func content(_ record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        let order = record.order
        switch self {
        case .orderItems:
            return ["orderItemList": .array(record.orderItemsAsSent ?? (order.orderItems ?? []).map(JSONFields.encode))]
        case .urls:
            var urls = JSONFields.merged(
                JSONFields.encodeObject(order.urls), with: record.requested(.urls)?.objectValue)
            if record.serverInitiated != nil {
                // What the model needed filled in for a payment without a payer's page.
                if urls["completeUrl"] == .string(PaymentOrderValidator.serverInitiatedCompleteUrl) {
                    urls["completeUrl"] = nil
                }
                if urls["hostUrls"] == .array([]) { urls["hostUrls"] = nil }
            }
            return urls
        case .payeeInfo:
            return JSONFields.merged(
                JSONFields.encodeObject(order.payeeInfo), with: record.requested(.payeeInfo)?.objectValue)
        case .payer:
            return PaymentOrderPayerRenderer.render(
                order.payer, extra: record.requested(.payer)?.objectValue,
                payerUserAgent: record.integration == nil ? nil : order.userAgent)
        case .history:
            return ["historyList": .array(record.history.map { .object(Self.render($0)) })]
        case .failed:
            guard record.status == .failed, let problem = record.failedProblem else { return [:] }
            return ["problem": .object(problem)]
        case .aborted:
            return record.abortReason.map { ["abortReason": .string($0)] } ?? [:]
        case .paid:
            return record.paid.map { Self.render($0, of: record) } ?? [:]
        case .cancelled:
            return Self.render(record.transactions.last { $0.kind == .cancellation }, of: record, when: .cancelled)
        case .reversed:
            return Self.render(record.transactions.last { $0.kind == .reversal }, of: record, when: .reversed)
        case .financialTransactions:
            return ["financialTransactionsList": .array(Self.transactions(record))]
        case .failedAttempts:
            return ["failedAttemptList": .array(record.failedAttempts.map { .object(Self.render($0, of: record)) })]
        case .postPurchaseFailedAttempts:
            // The list's name as the portal's example spells it.
            return [
                "postpurchaseFailedAttemptList": .array(
                    record.postPurchaseFailures.map { failure in
                        .object([
                            "created": .string(PSPTimestamp.format(failure.created)),
                            "status": .string(PaymentOrderStatus.failed.rawValue),
                            "type": .string(failure.kind.rawValue), "number": .integer(failure.number),
                            "problem": .object(failure.problem),
                        ])
                    })
            ]
        case .metadata:
            return record.requested(.metadata)?.objectValue ?? [:]
        }
    }

    private static func render(_ entry: HistoryEntry) -> SwedbankPaySDK.JSONObject {
        var object: SwedbankPaySDK.JSONObject = [
            "created": .string(PSPTimestamp.format(entry.created)), "name": .string(entry.name.rawValue),
            "initiatedBy": .string(entry.initiatedBy.rawValue),
        ]
        if let instrument = entry.instrument { object["instrument"] = .string(instrument.rawValue) }
        if let number = entry.number { object["number"] = .integer(number) }
        if let amount = entry.amount { object["amount"] = .integer(amount) }
        if let prefill = entry.prefill { object["prefill"] = .bool(prefill) }
        return object
    }

    private static func render(_ attempt: FailedAttempt, of record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        [
            "created": .string(PSPTimestamp.format(attempt.created)),
            "instrument": .string(attempt.instrument.rawValue),
            "number": .integer(attempt.number), "status": .string(attempt.status.rawValue),
            "problem": .object(attemptProblem(attempt, of: record)), "operationalFee": .bool(false),
        ]
    }

    /// The attempt's problem as the portal shows one: with its `instance` and a `problems` list,
    /// and for Swish the `sessionId` of the Swish payment; derived from the order and the attempt
    /// number, so they stay the same on every read without being stored. A system error names a
    /// session too, as the portal's `systemerror` example does.
    static func attemptProblem(_ attempt: FailedAttempt, of record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        var problem = attempt.problem
        let seed = "\(record.id)/\(attempt.number)"
        let trace = PayerTokenDocument.correlationId(seed).filter { $0 != "-" }
        let span = PayerTokenDocument.correlationId(seed + "/span").filter { $0 != "-" }.prefix(16)
        if problem["instance"] == nil {
            problem["instance"] = .string("https://api.payex.com/psp/probleminstance/00-\(trace)-\(span)-01")
        }
        if problem["problems"] == nil { problem["problems"] = .array(externalResponse(attempt)) }
        let isSystemError = problem["type"]?.stringValue == SwedbankPaySDK.SwedbankPayProblemType.systemError.rawValue
        if attempt.instrument == .swish || isSystemError, problem["sessionId"] == nil {
            problem["sessionId"] = .string(PayerTokenDocument.correlationId(seed + "/swish"))
        }
        return problem
    }

    /// What the acquirer answered a card attempt, as the portal's failed attempts name it
    /// (`ExternalResponse`, `<code>-<text>`): the payer's cancellation or the decline. Other
    /// instruments' problems carry an empty list, as the portal's Vipps attempt does.
    static func externalResponse(_ attempt: FailedAttempt) -> [SwedbankPaySDK.JSONValue] {
        guard attempt.instrument.isCard else { return [] }
        let description =
            attempt.status == .aborted
            ? "UserCancelled-CANCELED"
            : "REJECTED_BY_ACQUIRER-" + (attempt.problem["title"]?.stringValue ?? "declined")
        return [.object(["name": .string("ExternalResponse"), "description": .string(description)])]
    }

    private static func render(_ paid: PaidInfo, of record: PaymentOrderRecord) -> SwedbankPaySDK.JSONObject {
        var object: SwedbankPaySDK.JSONObject = [
            // The portal's paid resource names an invoice payment `Invoice`, whatever its kind.
            "instrument": .string(paid.instrument == .invoice ? "Invoice" : paid.instrument.rawValue),
            "number": .integer(paid.number), "payeeReference": .string(record.order.payeeInfo.payeeReference),
            "transactionType": .string(paid.transactionType.rawValue), "amount": .integer(paid.amount),
            "submittedAmount": .integer(paid.amount), "feeAmount": .integer(0), "discountAmount": .integer(0),
            "paymentTokenGenerated": .bool(
                paid.tokens.contains { $0["type"]?.stringValue == PaymentTokenType.payment.rawValue }),
            "details": .object(PaidDetails.json(paid.details)),
        ]
        if let orderReference = record.order.payeeInfo.orderReference {
            object["orderReference"] = .string(orderReference)
        }
        if !paid.tokens.isEmpty { object["tokens"] = .array(paid.tokens.map { .object($0) }) }
        return object
    }

    /// `cancelled` / `reversed` once the order reached that status: shaped as `paid`, with the
    /// cancellation's or the last reversal's number, reference and the whole amount it covers.
    private static func render(
        _ transaction: FinancialTransaction?, of record: PaymentOrderRecord, when status: PaymentOrderStatus
    ) -> SwedbankPaySDK.JSONObject {
        guard record.status == status, let transaction, let paid = record.paid else { return [:] }
        let total = record.transactions.filter { $0.kind == transaction.kind }.reduce(Int64(0)) { $0 + $1.amount }
        var object: SwedbankPaySDK.JSONObject = [
            "instrument": .string(paid.instrument.rawValue), "number": .integer(transaction.number),
            "payeeReference": .string(transaction.payeeReference),
            "transactionType": .string(transaction.kind.rawValue), "amount": .integer(total),
            "submittedAmount": .integer(total), "feeAmount": .integer(0), "discountAmount": .integer(0),
            "paymentTokenGenerated": .bool(
                paid.tokens.contains { $0["type"]?.stringValue == PaymentTokenType.payment.rawValue }),
        ]
        if let orderReference = record.order.payeeInfo.orderReference {
            object["orderReference"] = .string(orderReference)
        }
        return object
    }

    /// The payment's authorization or sale, then the merchant's transactions, oldest first.
    static func allTransactions(_ record: PaymentOrderRecord) -> [FinancialTransaction] {
        guard let paid = record.paid else { return [] }
        let created = record.history.last { $0.name == .paymentPaid }?.created ?? record.updated
        let payment = FinancialTransaction(
            guid: paymentTransactionGuid(record), created: created,
            kind: paid.transactionType, number: paid.number,
            amount: paid.amount, vatAmount: record.order.vatAmount, description: record.order.description,
            payeeReference: record.order.payeeInfo.payeeReference, receiptReference: nil, orderItems: nil)
        return [payment] + record.transactions
    }

    /// The payment transaction's GUID: the order's, with the attempt number in its last group, so
    /// it is stable without being stored.
    static func paymentTransactionGuid(_ record: PaymentOrderRecord) -> String {
        let number = String(record.paid?.number ?? 0)
        let tail = String(repeating: "0", count: max(0, 12 - number.count)) + number.suffix(12)
        return String(record.id.prefix(24)) + tail
    }

    /// `GET <order>/financialtransactions/<guid>`: the transaction the list's `id` names. The
    /// portal documents no answer for it; the sandbox answers the list's entry under
    /// `financialTransaction`, beside the order's path, so the advertised `id` is alive.
    static func transaction(_ record: PaymentOrderRecord, guid: String) -> SwedbankPaySDK.JSONObject? {
        let id = record.path + "/financialtransactions/" + guid
        guard let entry = transactions(record).first(where: { $0.objectValue?["id"] == .string(id) }) else {
            return nil
        }
        return ["paymentOrder": .string(record.path), "financialTransaction": entry]
    }

    private static func transactions(_ record: PaymentOrderRecord) -> [SwedbankPaySDK.JSONValue] {
        allTransactions(record).map { transaction in
            let id = record.path + "/financialtransactions/" + transaction.guid
            var object: SwedbankPaySDK.JSONObject = [
                "id": .string(id), "created": .string(PSPTimestamp.format(transaction.created)),
                "updated": .string(PSPTimestamp.format(transaction.created)),
                "type": .string(transaction.kind.rawValue),
                "number": .integer(transaction.number), "amount": .integer(transaction.amount),
                "vatAmount": .integer(transaction.vatAmount), "description": .string(transaction.description),
                "payeeReference": .string(transaction.payeeReference),
                "orderItems": .object(["id": .string(id + "/orderitems")]),
            ]
            if let receipt = transaction.receiptReference { object["receiptReference"] = .string(receipt) }
            return .object(object)
        }
    }

    /// `GET <order>/financialtransactions/<guid>/orderitems`: the lines the transaction named, or
    /// for the payment itself the order's.
    static func transactionOrderItems(_ record: PaymentOrderRecord, guid: String) -> SwedbankPaySDK.JSONObject? {
        guard let transaction = allTransactions(record).first(where: { $0.guid == guid }) else { return nil }
        let items =
            transaction.orderItems
            ?? (transaction.guid == paymentTransactionGuid(record)
                ? record.orderItemsAsSent ?? (record.order.orderItems ?? []).map(JSONFields.encode) : [])
        let id = record.path + "/financialtransactions/" + guid + "/orderitems"
        return ["orderItems": .object(["id": .string(id), "orderItemList": .array(items)])]
    }
}
#endif
