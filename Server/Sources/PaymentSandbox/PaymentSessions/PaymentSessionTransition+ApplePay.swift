#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Apple Pay: start-payment-attempt answers the wallet-sdk task; the app posts the sheet's token
/// with attempt-payload.
extension PaymentSessionTransition {
    mutating func startApplePay(_ body: PaymentSessionBody) throws {
        _ = try body.optionalString("culture")
        let number = try beginAttempt(.applePay)
        session.phase = .applePay(attemptNumber: number)
    }

    mutating func attemptPayload(_ body: PaymentSessionBody) throws {
        guard case .applePay(let number) = session.phase else {
            throw SandboxProblem.operationNotAllowed("No Apple Pay attempt waits for a payload.")
        }
        guard try body.requiredString("paymentMethod") == SandboxInstrument.applePay.rawValue else {
            throw PaymentSessionBody.invalid("paymentMethod", "The field must be \"ApplePay\".")
        }
        // A malformed payload is a 400 and leaves the attempt open: the SDK then reports it with
        // fail-payment-attempt (TechnicalError).
        let payload = try ApplePayTokenPayload(base64: try body.requiredString("paymentPayload"))
        if payload.declines {
            return failAttempt(.applePay, number: number, problem: .cardDeclined)
        }
        if let problem = order.takeAttemptProblem(.applePay) {
            return failAttempt(.applePay, number: number, problem: problem)
        }
        try pay(
            .applePay, number: number, transactionType: SandboxInstrument.applePay.transactionType,
            details: [
                "cardBrand": "Visa", "maskedPan": SandboxTestCard.frictionlessVisa.maskedPan,
                "acquirerTransactionType": "WALLET",
            ])
    }
}
#endif
