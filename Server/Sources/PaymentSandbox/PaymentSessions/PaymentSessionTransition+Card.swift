#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Saved cards: start-payment-attempt with a prefill's token, then (by test card) nothing,
/// create-authentication, or create- and complete-authentication around the ACS challenge page.
extension PaymentSessionTransition {
    mutating func startCard(_ body: PaymentSessionBody) throws {
        _ = try body.optionalString("culture")
        let token = try body.requiredString("paymentToken")
        guard let card = context.cardPrefills(session: session, order: order).first(where: { $0.paymentToken == token })
        else {
            throw PaymentSessionBody.invalid(
                "paymentToken", "The field must be the paymentToken of one of the CreditCard prefills.")
        }
        let number = try beginAttempt(.creditCard)
        if card.isExpired(at: context.date) {
            return failAttempt(.creditCard, number: number, problem: .savedCardExpired)
        }
        switch card.behaviour {
        case .rejected:
            failAttempt(.creditCard, number: number, problem: .paymentTokenRejected)
        case .frictionless:
            try authorize(card, number: number, threeDSecure: false)
        case .methodThenFrictionless, .challenge:
            let transaction = ThreeDSecureTransaction(
                serverTransactionID: context.ids.guid(), acsTransactionID: context.ids.guid())
            session.transactionIDs.append(transaction.serverTransactionID)
            session.phase = .card(
                CardPaymentAttempt(number: number, card: card, transaction: transaction, step: .awaitingAuthentication))
        }
    }

    /// Checks the SDK's create-authentication body: the indicator is `Y`, `N` or `U` and the
    /// notification URL is the one the operation expects (the challenge ends there).
    mutating func createAuthentication(_ body: PaymentSessionBody) throws {
        guard case .card(var attempt) = session.phase else {
            throw SandboxProblem.operationNotAllowed("No card attempt waits for authentication.")
        }
        let indicator = try body.requiredString("methodCompletionIndicator")
        guard ["Y", "N", "U"].contains(indicator) else {
            throw PaymentSessionBody.invalid("methodCompletionIndicator", "The field must be Y, N or U.")
        }
        guard try body.requiredString("notificationUrl") == context.links.notification else {
            throw PaymentSessionBody.invalid(
                "notificationUrl", "The field must be the NotificationUrl the create-authentication operation expects.")
        }
        guard attempt.card.behaviour == .challenge else {
            return try authorize(attempt.card, number: attempt.number, threeDSecure: true)
        }
        attempt.step = .awaitingChallenge
        session.phase = .card(attempt)
    }

    /// The CRes the challenge page posted: it must belong to this transaction; `transStatus` Y
    /// authorizes, anything else fails the attempt as 3-D Secure declined.
    mutating func completeAuthentication(_ body: PaymentSessionBody) throws {
        guard case .card(let attempt) = session.phase else {
            throw SandboxProblem.operationNotAllowed("No card attempt waits for a challenge.")
        }
        let text = try body.requiredString("cRes")
        guard let cres = ThreeDSecureMessage(encoded: text), cres.messageType == "CRes", let status = cres.transStatus
        else {
            throw PaymentSessionBody.invalid(
                "cRes", "The field must be the cres the ACS posted to the notification URL.")
        }
        guard cres.threeDSServerTransID == attempt.transaction.serverTransactionID,
            cres.acsTransID == attempt.transaction.acsTransactionID
        else {
            throw PaymentSessionBody.invalid("cRes", "The cres belongs to another 3-D Secure transaction.")
        }
        guard status == "Y" else {
            return failAttempt(.creditCard, number: attempt.number, problem: .threeDSecureDeclined)
        }
        try authorize(attempt.card, number: attempt.number, threeDSecure: true)
    }

    /// The ACS method page was loaded (informational; shown by `GET /sandbox/sessions`).
    mutating func methodCompleted(_ transactionID: String) throws {
        guard session.transactionIDs.contains(transactionID) else {
            throw SandboxProblem.notFound("There is no 3-D Secure transaction \(transactionID).")
        }
        if case .card(var attempt) = session.phase, attempt.transaction.serverTransactionID == transactionID {
            attempt.transaction.methodCompleted = true
            session.phase = .card(attempt)
        }
        reply = .noContent
    }

    /// Authorization: a magic amount fails it, anything else pays the order.
    private mutating func authorize(_ card: SavedCardPrefill, number: Int64, threeDSecure: Bool) throws {
        if let problem = order.takeAttemptProblem(.creditCard) {
            return failAttempt(.creditCard, number: number, problem: problem)
        }
        try pay(
            .creditCard, number: number, transactionType: SandboxInstrument.creditCard.transactionType,
            details: [
                "cardBrand": card.cardBrand, "maskedPan": card.maskedPan, "expiryDate": card.expiryText,
                "acquirerTransactionType": threeDSecure ? "3DSECURE" : "STANDARD",
            ])
        // The tokens the order asked for (generatePaymentToken, ...) go into paid.tokens; the
        // service saves the payer's after storing the order.
        PaymentTokenIssuer.issueIfRequested(
            for: &order, cardBrand: card.cardBrand, maskedPan: card.maskedPan, expiryDate: card.expiryText,
            ids: context.ids)
    }
}
#endif
