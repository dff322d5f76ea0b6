#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// The payer-side events of a payment order's life, as pure changes of its record. The payment
/// session API, the hosted views and the control API all go through these, so an order's status,
/// history and attempts stay consistent whichever way it is paid.
extension PaymentOrderRecord {
    /// Why a lifecycle change was refused.
    enum LifecycleError: Error, Equatable {
        /// The order is no longer `Initialized`.
        case notInitialized(PaymentOrderStatus)
        /// The instrument is not one the payer may use for this order.
        case instrumentNotAvailable(SandboxInstrument)
        /// The payer is in the Swish, Vipps or MobilePay app, where the order cannot be aborted.
        case payerInApp(SandboxInstrument)
    }

    /// Notes that the payer opened the payment (`PaymentLoaded`), once.
    mutating func recordLoaded(integration: PaymentOrderIntegration, now: Date) {
        guard self.integration == nil else { return }
        self.integration = integration
        history.append(HistoryEntry(created: now, name: .paymentLoaded, initiatedBy: .paymentGateway))
    }

    /// Starts an attempt with `instrument`; returns the attempt's number.
    mutating func startAttempt(instrument: SandboxInstrument, now: Date) throws(LifecycleError) -> Int64 {
        guard status == .initialized else { throw .notInitialized(status) }
        guard availableInstruments.contains(instrument) else { throw .instrumentNotAvailable(instrument) }
        let number = nextAttemptNumber
        nextAttemptNumber += 1
        history.append(
            HistoryEntry(
                created: now, name: .paymentAttemptStarted, initiatedBy: .payer, instrument: instrument,
                number: number, amount: order.amount, prefill: prefills(instrument)))
        return number
    }

    /// Whether the order carries details of the payer that `instrument`'s form is filled with: the
    /// payer's saved cards (a `payerReference`) for a card, the phone number for Swish.
    func prefills(_ instrument: SandboxInstrument) -> Bool {
        switch instrument {
        case .creditCard: order.payer?.payerReference != nil
        case .swish, .vipps, .mobilePay: order.payer?.msisdn != nil
        case .applePay, .invoice, .invoiceNo, .invoiceFi, .trustly: false
        }
    }

    /// Records a failed attempt; the order stays `Initialized` so the payer can try again.
    mutating func failAttempt(
        instrument: SandboxInstrument, number: Int64, problem: SwedbankPaySDK.JSONObject, now: Date
    ) {
        failedAttempts.append(
            FailedAttempt(created: now, instrument: instrument, number: number, status: .failed, problem: problem))
        history.append(
            HistoryEntry(
                created: now, name: .paymentAttemptFailed, initiatedBy: .payer, instrument: instrument,
                number: number))
    }

    /// Ends the single attempt of a merchant-initiated payment (`Recur`, `UnscheduledPurchase`)
    /// that failed: no payer can retry it, so the order is `Failed` (the status model's use of
    /// it) with the problem in its `failed` resource and in `failedAttempts`.
    mutating func failServerInitiated(
        instrument: SandboxInstrument, number: Int64, problem: SwedbankPaySDK.JSONObject, now: Date
    ) throws(LifecycleError) {
        guard status == .initialized else { throw .notInitialized(status) }
        failAttempt(instrument: instrument, number: number, problem: problem, now: now)
        status = .failed
        failedProblem = problem
    }

    /// Records an attempt the payer abandoned (cancelled in the app, closed the sheet).
    mutating func abortAttempt(instrument: SandboxInstrument, number: Int64, reason: String, now: Date) {
        failedAttempts.append(
            FailedAttempt(
                created: now, instrument: instrument, number: number, status: .aborted,
                problem: ["type": .string("about:blank"), "title": .string(reason), "status": .integer(400)]))
        history.append(
            HistoryEntry(
                created: now, name: .paymentAttemptAborted, initiatedBy: .payer, instrument: instrument,
                number: number))
    }

    /// Marks the order paid by the given attempt.
    mutating func markPaid(
        instrument: SandboxInstrument, number: Int64, transactionType: TransactionType, details: [String: String],
        tokens: [SwedbankPaySDK.JSONObject] = [], now: Date
    ) throws(LifecycleError) {
        guard status == .initialized else { throw .notInitialized(status) }
        status = .paid
        let facts = PaidDetails.reconciliation(instrument: instrument, number: number, now: now)
        let own = instrument == .creditCard || instrument == .applePay ? PaidDetails.withCardIdentity(details) : details
        paid = PaidInfo(
            instrument: instrument, number: number, transactionType: transactionType, amount: order.amount,
            details: own.merging(facts) { own, _ in own }, tokens: tokens)
        history.append(
            HistoryEntry(
                created: now, name: .paymentPaid, initiatedBy: .payer, instrument: instrument, number: number,
                amount: order.amount))
    }

    /// Pays a `Payout` order out to the bank account its unscheduled token saved: paid at once,
    /// initiated by the merchant, with nothing left to capture, cancel or reverse.
    mutating func payOut(now: Date) throws(LifecycleError) {
        guard status == .initialized else { throw .notInitialized(status) }
        let number = nextAttemptNumber
        nextAttemptNumber += 1
        status = .paid
        paid = PaidInfo(
            instrument: .trustly, number: number, transactionType: .payout,
            amount: order.amount,
            details: PaidDetails.reconciliation(instrument: .trustly, number: number, now: now), tokens: [])
        history.append(
            HistoryEntry(
                created: now, name: .paymentPaid, initiatedBy: .payee, instrument: .trustly, number: number,
                amount: order.amount))
    }

    /// Aborts the order (merchant PATCH, or the payer cancelling); refused while the payer is in
    /// an app (``checkAbortable()``). The history gets no entry: the portal's list of history
    /// names has none for an aborted order (an attempt the payer abandoned is
    /// `PaymentAttemptAborted`, written by ``abortAttempt(instrument:number:reason:now:)``).
    mutating func abort(reason: String, now: Date) throws(LifecycleError) {
        try checkAbortable()
        status = .aborted
        abortReason = reason
    }

    /// The payer expanded `instrument` in the payment menu (the portal: "each time the payer
    /// expands an instrument"): `PaymentInstrumentSelected`, every time, while the order is open.
    mutating func recordInstrumentSelected(_ instrument: SandboxInstrument, now: Date) throws(LifecycleError) {
        guard status == .initialized else { throw .notInitialized(status) }
        guard availableInstruments.contains(instrument) else { throw .instrumentNotAvailable(instrument) }
        history.append(
            HistoryEntry(created: now, name: .paymentInstrumentSelected, initiatedBy: .payer, instrument: instrument))
    }
}
#endif
