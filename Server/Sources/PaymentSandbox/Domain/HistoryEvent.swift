#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The names of a payment order's history entries, as the portal's history examples spell them.
/// Only names the portal lists: an order the merchant or the payer aborted gets no entry of its own
/// (the portal names none; its `aborted` resource says why).
enum HistoryEvent: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case paymentCreated = "PaymentCreated"
    case paymentInstrumentSet = "PaymentInstrumentSet"
    case paymentLoaded = "PaymentLoaded"
    case paymentInstrumentSelected = "PaymentInstrumentSelected"
    case paymentAttemptStarted = "PaymentAttemptStarted"
    case paymentAttemptFailed = "PaymentAttemptFailed"
    case paymentAttemptAborted = "PaymentAttemptAborted"
    case paymentPaid = "PaymentPaid"
    case paymentCaptured = "PaymentCaptured"
    case paymentPartiallyCaptured = "PaymentPartiallyCaptured"
    case paymentCancelled = "PaymentCancelled"
    case paymentPartiallyCancelled = "PaymentPartiallyCancelled"
    case paymentReversed = "PaymentReversed"
    case paymentPartiallyReversed = "PaymentPartiallyReversed"

    var description: String { rawValue }
}

/// Who caused a history entry (`initiatedBy`): the payer, the merchant (the portal says `Payee`),
/// or the service itself (`PaymentGateway`, which loads the payment).
enum HistoryInitiator: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case payer = "Payer"
    case payee = "Payee"
    case paymentGateway = "PaymentGateway"

    var description: String { rawValue }
}
#endif
