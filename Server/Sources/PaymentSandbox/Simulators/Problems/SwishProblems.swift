#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The portal's Swish problems (`…/errordetail/<name>`, no resource segment): every one has an
/// example response there, whose title, status and detail these are, word for word.
enum SwishProblems {
    static let table = ProblemTable(
        name: SandboxInstrument.swish.rawValue, instruments: [.swish],
        source: "Checkout v3, Problems: Swish Problems (an example per type)",
        decline: "swishdeclined",
        rows: [
            row("bankidalreadyinuse", 409, "BankID Already in Use", "The payer's BankID is already in use."),
            row("bankidcancelled", 409, "BankID Authorization cancelled", "The payer cancelled BankID authorization."),
            row("bankiderror", 502, "BankID error", "Something went wrong with the payer's BankID authorization."),
            row("configerror", 403, "Config error", "Payee alias is missing or not correct."),
            row("inputerror", 400, "Input error", "Msisdn is invalid."),
            row(
                "paymentagelimitnotmet", 403, "Payment Age Limit Not Met",
                "The payer does not meet the payment's age limit."),
            row(
                "socialsecuritynumbermismatch", 403, "Social Security Number Mismatch",
                "The payer's social security number does not match with the one required by this payment."),
            row("swishalreadyinuse", 403, "Error in Swish", "The payer's Swish is already in use."),
            row(
                "swishdeclined", 403, "Swish Declined", "The MSISDN of the original payer seems to have changed owner."),
            row("swisherror", 502, "Error in Swish", "Bank system processing error."),
            row("swishgatewaytimeout", 504, "Swish Gateway Timeout", "Request to Swish timed out."),
            row("swishtimeout", 403, "Swish Timed Out", "Swish timed out before the payment was started."),
            row("systemerror", 500, "Error in System", "A system error occurred. We are working on it."),
            row("usercancelled", 403, "User cancelled", "The payer cancelled the payment in the Swish app."),
        ])

    private static func row(_ name: String, _ status: Int, _ title: String, _ detail: String) -> DocumentedProblem {
        DocumentedProblem(
            name: name, type: ProblemTypes.errorDetail(name), status: status, title: title, detail: detail)
    }
}
#endif
