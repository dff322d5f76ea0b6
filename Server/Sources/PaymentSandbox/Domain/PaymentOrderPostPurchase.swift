#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// The merchant's side of a paid order (`POST …/captures`, `…/cancellations`, `…/reversals`), as
/// pure changes of its record: a card or Apple Pay payment is authorized, then captured (in parts
/// or at once) or cancelled; a sale (Swish, Trustly) is captured when paid; what was captured can
/// be reversed, in parts. The order stays `Paid` while money is captured and not all reversed; it
/// is `Cancelled` when the authorization was cancelled before any capture, `Reversed` once
/// everything captured was reversed.
extension PaymentOrderRecord {
    /// A capture, cancellation or reversal the merchant asked for.
    struct PostPurchaseRequest: Sendable, Equatable {
        var kind: FinancialTransaction.Kind
        var description: String
        /// Nil for a cancellation, which takes what remains authorized.
        var amount: Int64?
        var vatAmount: Int64?
        var payeeReference: String
        var receiptReference: String?
        var orderItems: [SwedbankPaySDK.JSONValue]?
    }

    /// Why a post-purchase change was refused.
    enum PostPurchaseError: Error, Equatable {
        /// The order offers no such operation now (not paid, a sale, nothing left).
        case notAvailable(FinancialTransaction.Kind, PaymentOrderStatus)
        /// More than what remains: the amount asked for and what remains.
        case exceedsRemaining(requested: Int64, remaining: Int64)
        /// The VAT is larger than the amount.
        case vatExceedsAmount
        /// The payee reference was used by another capture, cancellation or reversal of the order.
        case payeeReferenceUsed(String)
    }

    /// The operations of `kind` the order offers now.
    func offers(_ kind: FinancialTransaction.Kind) -> Bool {
        guard status == .paid else { return false }
        switch kind {
        case .capture, .cancellation: return amounts.remainingCapture > 0
        case .reversal: return amounts.remainingReversal > 0
        case .authorization, .sale, .payout: return false
        }
    }

    /// Carries out `request`, as transaction `guid`; returns the new transaction.
    mutating func apply(
        _ request: PostPurchaseRequest, guid: String, now: Date
    ) throws(PostPurchaseError) -> FinancialTransaction {
        guard offers(request.kind) else { throw .notAvailable(request.kind, status) }
        let before = amounts
        let remaining = request.kind == .reversal ? before.remainingReversal : before.remainingCapture
        let amount = request.amount ?? remaining
        guard amount <= remaining else { throw .exceedsRemaining(requested: amount, remaining: remaining) }
        // A cancellation's VAT is the authorized VAT's share of what it cancels (computed in 128
        // bits: the product of two amounts is no `Int64`). The order's amounts were checked when
        // it was created, so the share exists; 0 stands in only for a record that is no order.
        let vatAmount =
            request.vatAmount ?? MinorUnits.vatShare(of: amount, whole: order.amount, wholeVAT: order.vatAmount) ?? 0
        guard AmountRules.vatFits(vatAmount, in: amount) else { throw .vatExceedsAmount }
        // Unique among the order's transactions (the portal's own examples capture with the
        // order's reference, so that one is not counted).
        guard !transactions.map(\.payeeReference).contains(request.payeeReference) else {
            throw .payeeReferenceUsed(request.payeeReference)
        }
        let transaction = FinancialTransaction(
            guid: guid, created: now, kind: request.kind, number: nextAttemptNumber, amount: amount,
            vatAmount: vatAmount, description: request.description, payeeReference: request.payeeReference,
            receiptReference: request.receiptReference, orderItems: request.orderItems)
        nextAttemptNumber += 1
        transactions.append(transaction)
        let after = amounts
        let whole: Bool
        switch request.kind {
        // The portal: `PaymentCaptured` "when the merchant has captured the full authorization
        // amount" — also by the capture that completes it after partial ones. (No capture follows
        // a cancellation: a cancellation takes all that remains authorized.)
        case .capture: whole = after.remainingCapture == 0
        case .cancellation: whole = !after.captured
        case .reversal: whole = after.remainingReversal == 0 && after.remainingCapture == 0
        case .authorization, .sale, .payout: whole = false
        }
        if request.kind == .cancellation && !after.captured { status = .cancelled }
        if request.kind == .reversal && after.remainingReversal == 0 && after.remainingCapture == 0 {
            status = .reversed
        }
        history.append(
            HistoryEntry(
                created: now, name: Self.historyName(request.kind, whole: whole), initiatedBy: .payee,
                instrument: paid?.instrument, number: transaction.number, amount: amount))
        return transaction
    }

    /// `PaymentCaptured` / `PaymentPartiallyCaptured` and the like (the portal's history names).
    static func historyName(_ kind: FinancialTransaction.Kind, whole: Bool) -> HistoryEvent {
        switch kind {
        case .capture: whole ? .paymentCaptured : .paymentPartiallyCaptured
        case .cancellation: whole ? .paymentCancelled : .paymentPartiallyCancelled
        case .reversal: whole ? .paymentReversed : .paymentPartiallyReversed
        case .authorization, .sale, .payout: .paymentPaid
        }
    }
}
#endif
