import Foundation

/// The Swish test triggers: a payment order whose `description` contains one of these codes has
/// its Swish payment fail when the payer answers. `RF07`, `TM01` and `BANKIDCL` are the codes of
/// Swedbank Pay's external test environment; the others are Swish's own error codes, which the
/// sandbox maps to the rest of the portal's Swish problem list, so every documented outcome of a
/// Swish attempt can be produced (the declined answer in the app gives `usercancelled`, a bad
/// number at the start `inputerror`).
enum SwishTrigger: String, Sendable, CaseIterable {
    /// The payer's bank declines (limits, funds).
    case declined = "RF07"
    /// Swish times out before the payment starts.
    case timeout = "TM01"
    /// The payer cancels the BankID signing.
    case bankIDCancelled = "BANKIDCL"
    /// The payer's BankID is busy with another signing.
    case bankIDAlreadyInUse = "BANKIDONGOING"
    /// BankID failed.
    case bankIDError = "BANKIDUNKN"
    /// The payee's Swish set-up (alias, amount, currency) is wrong.
    case configError = "RP01"
    /// The payer is younger than the payment's age limit.
    case ageLimitNotMet = "VR01"
    /// The payer's social security number is not the one the payment asks for.
    case socialSecurityNumberMismatch = "VR02"
    /// The payer's Swish already has a payment waiting.
    case swishAlreadyInUse = "RP06"
    /// The banks failed to process the payment.
    case swishError = "FF10"
    /// The request to Swish timed out.
    case gatewayTimeout = "DS24"

    /// The trigger in an order description, if any: the longest code it contains, so no code
    /// hides inside another.
    init?(description: String) {
        guard
            let trigger = Self.allCases.filter({ description.contains($0.rawValue) }).max(by: {
                $0.rawValue.count < $1.rawValue.count
            })
        else { return nil }
        self = trigger
    }

    /// The problem the attempt fails with: the type and status of the portal's Swish problem list.
    var problem: PaymentAttemptProblem {
        let (name, title, status, detail, original) = Self.table[self]!
        return .swish(name, title: title, status: status, detail: detail, originalDetail: rawValue + " - " + original)
    }

    private static let table: [SwishTrigger: (String, String, Int, String, String)] = [
        .declined: (
            "swishdeclined", "Swish declined", 403, "The payment was declined by Swish.", "Transaction declined"
        ),
        .timeout: (
            "swishtimeout", "Swish timed out", 403, "Swish timed out before the payment was started.",
            "Swish timed out before the payment was started"
        ),
        .bankIDCancelled: (
            "bankidcancelled", "BankID cancelled", 409, "The payer cancelled the BankID signing.",
            "Payer cancelled BankId signing"
        ),
        .bankIDAlreadyInUse: (
            "bankidalreadyinuse", "BankID already in use", 409, "The payer's BankID is already in use.",
            "BankID already in use"
        ),
        .bankIDError: ("bankiderror", "BankID error", 502, "BankID failed.", "BankID unknown error"),
        .configError: (
            "configerror", "Configuration error", 403, "The payee's Swish configuration is invalid.",
            "Missing or invalid payee alias"
        ),
        .ageLimitNotMet: (
            "paymentagelimitnotmet", "Age limit not met", 403, "The payer does not meet the payment's age limit.",
            "Payer's age does not meet the requirement"
        ),
        .socialSecurityNumberMismatch: (
            "socialsecuritynumbermismatch", "Social security number mismatch", 403,
            "The payer's social security number does not match the one required.",
            "Payer's social security number does not match"
        ),
        .swishAlreadyInUse: (
            "swishalreadyinuse", "Swish already in use", 403, "The payer's Swish already has a payment in progress.",
            "A payment request already exists for the payer"
        ),
        .swishError: (
            "swisherror", "Swish error", 502, "The banks could not process the payment.",
            "Bank system processing error"
        ),
        .gatewayTimeout: (
            "swishgatewaytimeout", "Swish gateway timeout", 504, "The request to Swish timed out.",
            "Swish timed out waiting for the banks"
        ),
    ]
}
