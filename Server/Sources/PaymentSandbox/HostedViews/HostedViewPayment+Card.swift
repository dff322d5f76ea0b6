#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Cards in the menu: a typed card or a saved one, treated by the sandbox's test-card matrix
/// (``SandboxTestCard``: frictionless, 3-D Secure method, challenge, rejected) and magic amounts
/// (``CardMagicAmount``), as the payment session API treats saved cards.
extension HostedViewPayment {
    /// The card an attempt pays with, whatever the payer chose.
    struct CardToPay: Sendable, Equatable {
        var brand: String
        var maskedPan: String
        /// `MM/YYYY`.
        var expiryText: String
        var behaviour: SandboxCardBehaviour
        var expired: Bool
    }

    /// Checks the typed card (400 naming `card.number`, `card.expiry`, `card.cvc`) or finds the
    /// saved one (400 naming `paymentToken`).
    func cardToPay(_ request: HostedViewAttemptRequest, menu: PaymentMenuModel) throws -> CardToPay {
        switch request.card {
        case .typed(let number, let expiry, let cvc)?:
            do {
                let card = try CardEntry.parse(number: number, expiry: expiry, cvc: cvc, date: context.date)
                return CardToPay(
                    brand: card.brand, maskedPan: card.maskedPan, expiryText: card.expiryText,
                    behaviour: card.behaviour, expired: false)
            } catch {
                throw SandboxProblem.inputError("The card details are invalid.", problems: error.fields)
            }
        case .saved(let token)?:
            guard let saved = menu.savedCards.first(where: { $0.paymentToken == token }) else {
                throw SandboxProblem.inputError(
                    "The saved card is unknown.",
                    problems: [("paymentToken", "The field must be the token of one of the menu's saved cards.")])
            }
            return CardToPay(
                brand: saved.cardBrand, maskedPan: saved.maskedPan, expiryText: saved.expiryText,
                behaviour: saved.behaviour, expired: saved.isExpired(at: context.date))
        case nil:
            throw SandboxProblem.inputError(
                "A card is required.", problems: [("card", "Send card (number, expiry, cvc) or paymentToken.")])
        }
    }

    /// The attempt with `card`: rejected at once, a challenge to wait for, or an authorization.
    mutating func payCard(_ card: CardToPay, number: Int64, consent: Bool) -> HostedViewOutcome {
        if card.expired { return fail(.creditCard, number: number, problem: .savedCardExpired) }
        switch card.behaviour {
        case .rejected:
            return fail(.creditCard, number: number, problem: .paymentTokenRejected)
        case .challenge:
            let transaction = ThreeDSecureTransaction(
                serverTransactionID: context.ids.guid(), acsTransactionID: context.ids.guid())
            state.pending = .challenge(
                number: number,
                .init(
                    brand: card.brand, maskedPan: card.maskedPan, expiryText: card.expiryText,
                    transaction: transaction, consent: consent))
            return .challenge(attempt: number, creq: transaction.creq)
        case .frictionless, .methodThenFrictionless:
            return authorize(card, number: number, threeDSecure: card.behaviour != .frictionless, consent: consent)
        }
    }

    /// The CRes the ACS page posted: it must belong to the waiting challenge; `transStatus` Y
    /// authorizes, anything else fails the attempt as 3-D Secure declined.
    mutating func completeChallenge(cres text: String) throws -> HostedViewOutcome {
        guard case .challenge(let number, let challenge)? = state.pending else {
            throw SandboxProblem.conflict("No card payment waits for a 3-D Secure challenge.")
        }
        guard let cres = ThreeDSecureMessage(encoded: text), cres.messageType == "CRes", let status = cres.transStatus
        else {
            throw SandboxProblem.inputError(
                "The challenge result is invalid.", problems: [("cres", "The field must be the ACS page's cres.")])
        }
        guard cres.threeDSServerTransID == challenge.transaction.serverTransactionID,
            cres.acsTransID == challenge.transaction.acsTransactionID
        else {
            throw SandboxProblem.inputError(
                "The challenge result is invalid.", problems: [("cres", "The cres belongs to another transaction.")])
        }
        try requireOpen()
        guard status == "Y" else { return fail(.creditCard, number: number, problem: .threeDSecureDeclined) }
        let card = CardToPay(
            brand: challenge.brand, maskedPan: challenge.maskedPan, expiryText: challenge.expiryText,
            behaviour: .challenge, expired: false)
        return authorize(card, number: number, threeDSecure: true, consent: challenge.consent)
    }

    /// A magic amount fails the authorization; anything else pays the order, with the tokens it
    /// asked for (and a payment token when the payer gave consent in a payer-aware order).
    private mutating func authorize(_ card: CardToPay, number: Int64, threeDSecure: Bool, consent: Bool)
        -> HostedViewOutcome
    {
        if let problem = order.takeAttemptProblem(.creditCard) {
            return fail(.creditCard, number: number, problem: problem)
        }
        var tokenRecord = order
        if consent { tokenRecord.order.generatePaymentToken = true }
        let tokens = PaymentTokenIssuer.tokens(
            types: PaymentTokenIssuer.wantedTypes(for: tokenRecord, instrument: .creditCard),
            maskedPan: card.maskedPan, expiryDate: card.expiryText, ids: context.ids)
        let details = [
            "cardBrand": card.brand, "maskedPan": card.maskedPan, "expiryDate": card.expiryText, "cardType": "Credit",
            "acquirerTransactionType": threeDSecure ? "3DSECURE" : "STANDARD", "transactionInitiator": "CARDHOLDER",
        ]
        // Cannot fail: the order was checked to be Initialized when the attempt started or resumed.
        return
            (try? pay(
                .creditCard, number: number, transactionType: SandboxInstrument.creditCard.transactionType,
                details: details, tokens: tokens))
            ?? .failed(attempt: number, .cardDeclined)
    }
}
#endif
