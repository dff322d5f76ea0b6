#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// What the control API's `POST /sandbox/paymentorders/<id>/pay` does to an order: one attempt
/// with an instrument that either pays the order or fails (leaving it open for another try), as a
/// payer would through the menu. A failed attempt ends with the named problem of the
/// instrument's documented list (``ProblemCatalogue``), else with the list's everyday decline.
struct SandboxPayment: Sendable, Equatable {
    /// How the attempt ends.
    enum Outcome: String, Sendable, CaseIterable {
        case paid, failed
    }

    /// The instrument's name as sent; nil takes the order's first available one.
    var instrument: String?
    var outcome: Outcome
    /// The name of the documented problem a failed attempt ends with.
    var problem: String?
    /// The card number a card (or Apple Pay) payment is made with; nil pays with ``defaultCard``.
    var card: String? = nil

    /// The test card the control API pays with when the request names none.
    static let defaultCard = SandboxTestCard.frictionlessVisa.pan
    /// The expiry date of the control API's card payments.
    static let expiryDate = "12/2030"

    /// Reads `{"instrument"?, "outcome"?, "problem"?, "card"?}` (`outcome` defaults to `paid`,
    /// or to `failed` when a problem is named; `card` a card number, 12 to 19 digits passing the
    /// Luhn check), naming every bad field.
    static func parse(_ body: SwedbankPaySDK.JSONObject) throws -> SandboxPayment {
        var problems = InputProblems()
        let instrument = problems.string(body, "instrument", at: "")
        let problem = problems.string(body, "problem", at: "")
        let card = problems.string(body, "card", at: "")
        if let card,
            !(card.count >= 12 && card.count <= 19 && card.allSatisfy { $0.isASCII && $0.isNumber }
                && CardEntry.luhnValid(card))
        {
            problems.add("card", "The field must be a card number: 12 to 19 digits that pass the Luhn check.")
        }
        let outcomeText = problems.string(body, "outcome", at: "") ?? (problem == nil ? "paid" : "failed")
        let outcome = Outcome(rawValue: outcomeText)
        if outcome == nil { problems.add("outcome", "The field must be \"paid\" or \"failed\".") }
        if problem != nil, outcome == .paid {
            problems.add("problem", "A problem ends a failed attempt; leave outcome out or make it \"failed\".")
        }
        try problems.throwIfAny("The payment request is invalid.")
        return SandboxPayment(instrument: instrument, outcome: outcome ?? .paid, problem: problem, card: card)
    }

    /// Applies the attempt: 409 when the order is no longer open, 400 naming `instrument` when the
    /// order does not offer it.
    func apply(to record: inout PaymentOrderRecord, ids: IDGenerator, now: Date) throws {
        // An unknown name is an instrument the order does not offer.
        let named = self.instrument.map(SandboxInstrument.init(rawValue:)) ?? record.availableInstruments.first
        guard record.status == .initialized else {
            throw SandboxProblem.conflict(
                "The payment order is \(record.status.rawValue); it can only be paid while it is Initialized.")
        }
        let notAvailable = SandboxProblem.inputError(
            "The instrument is not available.",
            problems: [
                ("instrument", "The field must be one of \(SandboxInstrument.names(record.availableInstruments)).")
            ])
        guard let instrument = named else { throw notAvailable }
        let failure = try problem.map {
            try ProblemCatalogue.problem(named: $0, for: instrument, field: "problem")
                .attemptProblem(originalDetail: ProblemCatalogue.controlOriginalDetail)
        }
        record.recordLoaded(integration: .hostedView, now: now)
        let number: Int64
        do {
            number = try record.startAttempt(instrument: instrument, now: now)
        } catch {
            throw notAvailable
        }
        // A problem armed for the instrument ends even an attempt asked to pay, as it would the
        // payer's own; the test data's triggers do not (the control API pays as told).
        let armed = record.armedProblems.removeValue(forKey: instrument)
        switch armed == nil ? outcome : .failed {
        case .paid:
            let identity = CardIdentity(pan: card ?? Self.defaultCard)
            try? record.markPaid(
                instrument: instrument, number: number, transactionType: instrument.transactionType,
                details: Self.details(instrument, card: identity), now: now)
            PaymentTokenIssuer.issueIfRequested(
                for: &record, cardBrand: identity.cardBrand, maskedPan: identity.maskedPan,
                expiryDate: Self.expiryDate, ids: ids)
        case .failed:
            let problem = failure ?? armed ?? ProblemCatalogue.decline(for: instrument)
            record.failAttempt(instrument: instrument, number: number, problem: problem.document, now: now)
        }
    }

    /// Cards and wallets authorize (captured later); the rest are sales.
    /// `paid.details` as the instrument's real payments carry them.
    static func details(_ instrument: SandboxInstrument, card: CardIdentity) -> [String: String] {
        switch instrument {
        case .creditCard, .applePay:
            return card.details.merging([
                "expiryDate": expiryDate,
                "cardType": "Credit", "acquirerTransactionType": instrument == .applePay ? "WALLET" : "3DSECURE",
                "transactionInitiator": "CARDHOLDER",
            ]) { _, fact in fact }
        case .swish:
            return ["msisdn": "+46739000001"]
        case .vipps, .mobilePay:
            return WalletApp.details(instrument)
        case .invoice, .invoiceNo, .invoiceFi, .trustly:
            return [:]
        }
    }
}
#endif
