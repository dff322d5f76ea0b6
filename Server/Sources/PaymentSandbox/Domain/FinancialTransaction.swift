#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// One entry of a payment order's `financialTransactionsList`: the authorization or sale of the
/// payment, then every capture, cancellation and reversal the merchant made.
struct FinancialTransaction: Sendable, Codable, Equatable {
    /// `financialTransactionsList[].type`: the server package's transaction types.
    typealias Kind = TransactionType

    /// The GUID in the transaction's id (`<order>/financialtransactions/<guid>`).
    var guid: String
    var created: Date
    var kind: Kind
    var number: Int64
    var amount: Int64
    var vatAmount: Int64
    var description: String
    var payeeReference: String
    var receiptReference: String?
    /// The lines the transaction covers, as the merchant sent them (nil: none named).
    var orderItems: [SwedbankPaySDK.JSONValue]?
}

/// What the merchant can still do with a paid order's money, from its transactions.
struct PostPurchaseAmounts: Sendable, Equatable {
    /// Authorized and neither captured nor cancelled: what a capture or a cancellation may take.
    var remainingCapture: Int64
    /// Captured (or sold) and not reversed: what a reversal may take.
    var remainingReversal: Int64
    /// Whether anything was captured or sold.
    var captured: Bool

    init(paid: PaidInfo?, transactions: [FinancialTransaction]) {
        guard let paid else {
            self.init(remainingCapture: 0, remainingReversal: 0, captured: false)
            return
        }
        // In range: each capture or cancellation took at most what remained authorized, each
        // reversal at most what remained captured, so every sum is at most the paid amount.
        let sum = { (kind: FinancialTransaction.Kind) in
            transactions.filter { $0.kind == kind }.reduce(Int64(0)) { $0 + $1.amount }
        }
        guard paid.transactionType != .payout else {
            self.init(remainingCapture: 0, remainingReversal: 0, captured: false)
            return
        }
        let isSale = paid.transactionType == .sale
        let authorized = isSale ? 0 : paid.amount
        let captured = (isSale ? paid.amount : 0) + sum(.capture)
        self.init(
            remainingCapture: authorized - sum(.capture) - sum(.cancellation),
            remainingReversal: captured - sum(.reversal), captured: captured > 0)
    }

    init(remainingCapture: Int64, remainingReversal: Int64, captured: Bool) {
        self.remainingCapture = remainingCapture
        self.remainingReversal = remainingReversal
        self.captured = captured
    }
}

/// A capture, cancellation or reversal that was refused (`postPurchaseFailedAttempts`).
struct PostPurchaseFailure: Sendable, Codable, Equatable {
    var created: Date
    var kind: FinancialTransaction.Kind
    var number: Int64
    /// The problem the merchant was answered with.
    var problem: SwedbankPaySDK.JSONObject
}
#endif
