#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

extension SandboxInstrument {
    /// Whether an attempt with it waits for the payer in an app of its own (Swish, Vipps,
    /// MobilePay): the reference's operations table offers no `abort` while it does.
    var waitsInPayersApp: Bool {
        switch self {
        case .swish, .vipps, .mobilePay: true
        case .creditCard, .applePay, .invoice, .invoiceNo, .invoiceFi, .trustly: false
        }
    }
}

extension PaymentOrderRecord {
    /// The started attempt that has not yet failed, been aborted or paid: read from the history,
    /// so the payment session, the hosted views and the merchant's API see the same attempt.
    var runningAttempt: HistoryEntry? {
        let attemptEvents: Set<HistoryEvent> = [
            .paymentAttemptStarted, .paymentAttemptFailed, .paymentAttemptAborted, .paymentPaid,
        ]
        guard let last = history.last(where: { attemptEvents.contains($0.name) }),
            last.name == .paymentAttemptStarted
        else { return nil }
        return last
    }

    /// The instrument whose app the payer is in now (the running attempt is a Swish, Vipps or
    /// MobilePay one), or nil. While it is set, the order offers no `abort` (§2.4 of the
    /// reference: "not while payer is in Swish/Vipps/MobilePay app"), so the merchant's PATCH,
    /// the pages' Cancel and the payment session's abort-payment are all refused.
    var payersApp: SandboxInstrument? {
        guard let instrument = runningAttempt?.instrument, instrument.waitsInPayersApp else { return nil }
        return instrument
    }

    /// Whether the order may be aborted now: `Initialized`, and the payer not in an app.
    func checkAbortable() throws(LifecycleError) {
        guard status == .initialized else { throw .notInitialized(status) }
        if let app = payersApp { throw .payerInApp(app) }
    }
}

extension PaymentOrderRecord.LifecycleError {
    /// The detail of the refusal of an abort while the payer is in `app`, the same from the
    /// merchant's PATCH, the pages' Cancel and the payment session.
    static func payerInAppDetail(_ app: SandboxInstrument) -> String {
        "The payer is paying in the \(app.rawValue) app; the payment order cannot be aborted until that attempt ends."
    }
}
#endif
