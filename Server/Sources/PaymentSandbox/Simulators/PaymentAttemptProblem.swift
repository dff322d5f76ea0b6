import Foundation
import SwedbankPaySDK

/// Why a payment attempt failed: the `problem` node of the session model and the problem of the
/// order's failed attempt. `type` is the Swedbank Pay problem URI the SDK hands to the app as is.
struct PaymentAttemptProblem: Sendable, Equatable {
    var type: String
    var title: String
    var status: Int
    var detail: String
    /// What the acquirer, Swish or the client said, in its own words.
    var originalDetail: String

    /// The RFC 7807 members, as kept in the order's `failedAttempts` and shown in the session.
    var document: SwedbankPaySDK.JSONObject {
        [
            "type": .string(type), "title": .string(title), "status": .integer(Int64(status)),
            "detail": .string(detail), "originalDetail": .string(originalDetail),
        ]
    }
}

extension PaymentAttemptProblem {
    static let errorDetail = "https://api.payex.com/psp/errordetail/"

    /// A card problem (`errordetail/creditcard/<name>`).
    static func card(_ name: String, title: String, status: Int = 403, detail: String, originalDetail: String)
        -> PaymentAttemptProblem
    {
        PaymentAttemptProblem(
            type: errorDetail + "creditcard/" + name, title: title, status: status, detail: detail,
            originalDetail: originalDetail)
    }

    /// The cardholder failed (or cancelled) the 3-D Secure challenge.
    static let threeDSecureDeclined = card(
        "3dsecuredeclined", title: "3-D Secure declined",
        detail: "The card issuer declined the 3-D Secure authentication.",
        originalDetail: "transStatus N: authentication failed in the sandbox ACS.")

    /// The issuer (here: the Apple Pay payload) declined the card.
    static let cardDeclined = card(
        "carddeclined", title: "Card declined", detail: "The card was declined.",
        originalDetail: "REJECTED_BY_ACQUIRER, the sandbox Apple Pay payload asked for a decline.")

    /// A saved card whose expiry month has passed.
    static let savedCardExpired = card(
        "acquirercardexpired", title: "Card expired", detail: "The saved card has expired.",
        originalDetail: "REJECTED_BY_ACQUIRER_CARD_EXPIRED, the card's expiry date has passed.")

    /// A network-token test card that is rejected during tokenization.
    static let paymentTokenRejected = card(
        "paymenttokenerror", title: "Payment token error",
        detail: "The card could not be tokenized and was rejected.",
        originalDetail: "The sandbox test card is rejected during network tokenization.")

    /// A Swish problem (`errordetail/<name>`, no resource segment, as the Swish API spells it).
    static func swish(_ name: String, title: String, status: Int, detail: String, originalDetail: String)
        -> PaymentAttemptProblem
    {
        PaymentAttemptProblem(
            type: errorDetail + name, title: title, status: status, detail: detail, originalDetail: originalDetail)
    }

    /// The payer declined the payment in the (simulated) Swish app.
    static let swishUserCancelled = swish(
        "usercancelled", title: "Payer cancelled", status: 403,
        detail: "The payer cancelled the payment in the Swish app.",
        originalDetail: "The payer declined the payment request in the Swish app.")

    /// The problem the SDK asked for with `fail-payment-attempt`; nil for an unknown `problemType`.
    ///
    /// All three are 400: the client, not the acquirer, decided the attempt failed.
    static func clientReported(problemType: String, errorCode: String?) -> PaymentAttemptProblem? {
        let reported = errorCode.map { " The client reported: \($0)" } ?? ""
        switch problemType {
        case "UserCancelled":
            return PaymentAttemptProblem(
                type: errorDetail + "paymentorders/usercancelled", title: "Payment attempt cancelled", status: 400,
                detail: "The payer cancelled the payment attempt." + reported,
                originalDetail: errorCode ?? "UserCancelled")
        case "TechnicalError":
            return PaymentAttemptProblem(
                type: errorDetail + "paymentorders/technicalerror", title: "Technical error", status: 400,
                detail: "The payment attempt failed because of a technical error in the app." + reported,
                originalDetail: errorCode ?? "TechnicalError")
        case "ClientAppLaunchFailed":
            return PaymentAttemptProblem(
                type: errorDetail + "paymentorders/clientapplaunchfailed", title: "Client app launch failed",
                status: 400, detail: "The app could not launch the payment app (Swish)." + reported,
                originalDetail: errorCode ?? "ClientAppLaunchFailed")
        default:
            return nil
        }
    }
}
