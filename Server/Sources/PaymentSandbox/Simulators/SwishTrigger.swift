#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
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

    /// The problem the attempt fails with: the portal's Swish problem, body and all, with Swish's
    /// words for the code as `originalDetail`.
    var problem: PaymentAttemptProblem {
        let (name, original) = Self.table[self]!
        return .swish(name, originalDetail: rawValue + " - " + original)
    }

    /// trigger → (the portal's problem name, what Swish says).
    private static let table: [SwishTrigger: (String, String)] = [
        .declined: ("swishdeclined", "Transaction declined"),
        .timeout: ("swishtimeout", "Swish timed out before the payment was started"),
        .bankIDCancelled: ("bankidcancelled", "Payer cancelled BankId signing"),
        .bankIDAlreadyInUse: ("bankidalreadyinuse", "BankID already in use"),
        .bankIDError: ("bankiderror", "BankID unknown error"),
        .configError: ("configerror", "Missing or invalid payee alias"),
        .ageLimitNotMet: ("paymentagelimitnotmet", "Payer's age does not meet the requirement"),
        .socialSecurityNumberMismatch: (
            "socialsecuritynumbermismatch", "Payer's social security number does not match"
        ),
        .swishAlreadyInUse: ("swishalreadyinuse", "A payment request already exists for the payer"),
        .swishError: ("swisherror", "Bank system processing error"),
        .gatewayTimeout: ("swishgatewaytimeout", "Swish timed out waiting for the banks"),
    ]
}
#endif
