import Foundation

/// The Swish test triggers: a payment order whose `description` contains one of these codes has
/// its Swish payment fail when the payer answers, as in Swedbank Pay's external test environment.
enum SwishTrigger: String, Sendable, CaseIterable {
    /// The payer's bank declines (limits, funds).
    case declined = "RF07"
    /// Swish times out before the payment starts.
    case timeout = "TM01"
    /// The payer cancels the BankID signing.
    case bankIDCancelled = "BANKIDCL"

    /// The trigger in an order description, if any.
    init?(description: String) {
        guard let trigger = Self.allCases.first(where: { description.contains($0.rawValue) }) else { return nil }
        self = trigger
    }

    /// The problem the attempt fails with.
    var problem: PaymentAttemptProblem {
        switch self {
        case .declined:
            return .swish(
                "swishdeclined", title: "Swish declined", status: 403, detail: "The payment was declined by Swish.",
                originalDetail: "RF07 - Transaction declined")
        case .timeout:
            return .swish(
                "swishtimeout", title: "Swish timed out", status: 403,
                detail: "Swish timed out before the payment was started.",
                originalDetail: "TM01 - Swish timed out before the payment was started")
        case .bankIDCancelled:
            return .swish(
                "bankidcancelled", title: "BankID cancelled", status: 409,
                detail: "The payer cancelled the BankID signing.",
                originalDetail: "BANKIDCL - Payer cancelled BankId signing")
        }
    }
}
