#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The portal's card problems (`…/errordetail/creditcard/<name>`): the contractual types, the
/// acquirer and 3-D Secure types, and the answers to merchant-initiated payments ("Do Not Try
/// Again & Excessive Reattempts"), whose example bodies give their titles and details.
/// `frauddetected` and `3dsecuredeclined` are in two of the portal's tables; each is here once,
/// with the acquirer table's description.
enum CardProblems {
    static let table = ProblemTable(
        name: SandboxInstrument.creditCard.rawValue, instruments: [.creditCard, .applePay],
        source: "Checkout v3, Problems: Card Problems (contractual, acquirer and 3-D Secure, MIT)",
        decline: "carddeclined", rows: contractual + acquirer + merchantInitiated)

    private static func row(_ name: String, _ status: Int, _ title: String, _ detail: String) -> DocumentedProblem {
        DocumentedProblem(
            name: name, type: ProblemTypes.errorDetail(.creditcard, name), status: status, title: title,
            detail: detail)
    }

    private static let contractual = [
        row("cardbranddisabled", 403, "Card brand disabled", "The card brand is disabled."),
        row("accountholdertyperejected", 403, "Account holder type rejected", "The account holder type is rejected."),
        row("cardtyperejected", 403, "Card type rejected", "The card type is rejected."),
        row("3dsecurerequired", 403, "3-D Secure required", "The transaction was rejected by 3-D Secure."),
        row(
            "authenticationstatusrejected", 403, "Authentication status rejected",
            "The authentication status was rejected."),
        row(
            "velocitycheck", 429, "Velocity check",
            "Indicates that the limit for how many times a card or different cards can be used for attempting a "
                + "purchase has been reached."),
    ]

    private static let contactIssuer = "The payer needs to contact their card issuing bank."
    private static let tryAgain = "Try again after some time."

    private static let acquirer = [
        row("3dsecureerror", 400, "3-D Secure error", "3-D Secure is not working. " + tryAgain),
        row("badrequest", 400, "Bad request", "Bad request. " + tryAgain),
        row("cardblacklisted", 400, "Card blacklisted", "The card is blacklisted. " + contactIssuer),
        row(
            "3dsecureusercancelled", 403, "3-D Secure cancelled",
            "Transaction was cancelled during 3-D Secure verification."),
        row("3dsecuredeclined", 403, "3-D Secure declined", "Transaction was declined during 3-D Secure verification."),
        row("acquirercardblacklisted", 403, "Card blacklisted", "The card is blacklisted. " + contactIssuer),
        row(
            "acquirercardexpired", 403, "Card expired",
            "The expiry date is wrong, or the card has expired. " + contactIssuer),
        row("acquirercardstolen", 403, "Card stolen", "The card is blacklisted. " + contactIssuer),
        row("acquirererror", 403, "Acquirer error", "The acquirer responded with a generic error."),
        row(
            "acquirerinsufficientfunds", 403, "Insufficient funds",
            "The card does not have sufficient funds. " + contactIssuer),
        row(
            "acquirerinvalidamount", 403, "Invalid amount",
            "Amount not valid by acquirer. Contact teknisksupport@swedbankpay.com."),
        row(
            "acquirerpossiblefraud", 403, "Possible fraud",
            "Transaction declined due to possible fraud. " + contactIssuer),
        row(
            "authenticationrequired", 403, "Authentication required",
            "Transaction declined due to missing 3-D Secure credentials. The payer needs to initiate a new "
                + "transaction."),
        row("carddeclined", 403, "Card declined", "The card was declined."),
        row("frauddetected", 403, "Fraud detected", "Fraud detected. " + contactIssuer),
        row("paymenttokenerror", 403, "Payment token error", "There was an error with the payment token."),
        row("internalservererror", 500, "Internal server error", "Server error. " + tryAgain),
        row(
            "3dsecureacquirergatewayerror", 502, "3-D Secure gateway error",
            "Problems reaching 3-D Secure verification. " + tryAgain),
        row("acquirergatewayerror", 502, "Acquirer gateway error", "Problems reaching acquirers gateway. " + tryAgain),
        row("badgateway", 502, "Bad gateway", "Problems reaching the gateway. " + tryAgain),
        row(
            "acquirergatewaytimeout", 504, "Acquirer gateway timeout",
            "Problems reaching acquirers gateway. " + tryAgain),
    ]

    /// The example bodies of "Creditcard Payments MIT - Do Not Try Again & Excessive Reattempts".
    private static let merchantInitiated = [
        row(
            "suspensionwarning", 403, "SuspensionWarning. The card might be blocked.",
            "5 attempts left before the card is blocked."),
        row(
            "dailylimitexceeded", 403, "Daily attempt limit is exceeded.",
            "The attempt is rejected after trying multiple times with same token."),
        row(
            "monthlylimitexceeded", 403, "Monthly attempt limit is exceeded.",
            "The attempt is rejected after trying multiple times with same token."),
        row("acquirererrordonotretry", 403, "Do not retry.", "The attempt is rejected."),
        row(
            "acquirererrormodificationsrequired", 403, "Modifications required.",
            "The attempt is rejected. Modifications required."),
    ]
}
#endif
