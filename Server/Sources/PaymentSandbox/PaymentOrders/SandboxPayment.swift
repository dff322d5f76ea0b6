import Foundation
import SwedbankPaySDK

/// What the control API's `POST /sandbox/paymentorders/<id>/pay` does to an order: one attempt
/// with an instrument that either pays the order or fails (leaving it open for another try), as a
/// payer would through the menu.
struct SandboxPayment: Sendable, Equatable {
    /// How the attempt ends.
    enum Outcome: String, Sendable, CaseIterable {
        case paid, failed
    }

    /// The instrument's name as sent; nil takes the order's first available one.
    var instrument: String?
    var outcome: Outcome

    /// The test card the control API "pays" with.
    static let card = (brand: "Visa", maskedPan: "492500******0004", expiryDate: "12/2030")

    /// Reads `{"instrument"?, "outcome"?}` (`outcome` defaults to `paid`), naming every bad field.
    static func parse(_ body: SwedbankPaySDK.JSONObject) throws -> SandboxPayment {
        var problems = InputProblems()
        let instrument = problems.string(body, "instrument", at: "")
        let outcomeText = problems.string(body, "outcome", at: "") ?? Outcome.paid.rawValue
        let outcome = Outcome(rawValue: outcomeText)
        if outcome == nil { problems.add("outcome", "The field must be \"paid\" or \"failed\".") }
        try problems.throwIfAny("The payment request is invalid.")
        return SandboxPayment(instrument: instrument, outcome: outcome ?? .paid)
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
        record.recordLoaded(integration: .hostedView, now: now)
        let number: Int64
        do {
            number = try record.startAttempt(instrument: instrument, now: now)
        } catch {
            throw notAvailable
        }
        switch outcome {
        case .paid:
            try? record.markPaid(
                instrument: instrument, number: number, transactionType: instrument.transactionType,
                details: Self.details(instrument), now: now)
            PaymentTokenIssuer.issueIfRequested(
                for: &record, cardBrand: Self.card.brand, maskedPan: Self.card.maskedPan,
                expiryDate: Self.card.expiryDate, ids: ids)
        case .failed:
            record.failAttempt(instrument: instrument, number: number, problem: Self.declined(instrument), now: now)
        }
    }

    /// Cards and wallets authorize (captured later); the rest are sales.
    /// `paid.details` as the instrument's real payments carry them.
    static func details(_ instrument: SandboxInstrument) -> [String: String] {
        switch instrument {
        case .creditCard, .applePay:
            return [
                "cardBrand": card.brand, "maskedPan": card.maskedPan, "expiryDate": card.expiryDate,
                "cardType": "Credit", "acquirerTransactionType": instrument == .applePay ? "WALLET" : "3DSECURE",
                "transactionInitiator": "CARDHOLDER",
            ]
        case .swish:
            return ["msisdn": "+46739000001"]
        case .vipps, .mobilePay:
            return WalletApp.details(instrument)
        case .invoice, .invoiceNo, .invoiceFi, .trustly:
            return [:]
        }
    }

    /// The problem of a declined attempt with `instrument`.
    static func declined(_ instrument: SandboxInstrument) -> SwedbankPaySDK.JSONObject {
        if let problem = WalletApp.declined(instrument) { return problem.document }
        let (type, title): (String, String) =
            switch instrument {
            case .creditCard, .applePay: ("creditcard/carddeclined", "Card declined")
            case .swish: ("swishdeclined", "Swish declined")
            case .invoice, .invoiceNo, .invoiceFi, .trustly, .vipps, .mobilePay: ("systemerror", "Payment declined")
            }
        // A system error is the service's own failure (500, as the portal's Trustly example); the
        // rest are the payer's bank saying no (403).
        return [
            "type": .string(SandboxProblem.errorDetail + type), "title": .string(title),
            "status": .integer(type == "systemerror" ? 500 : 403),
            "detail": .string("The sandbox declined the payment, as asked."),
        ]
    }
}
