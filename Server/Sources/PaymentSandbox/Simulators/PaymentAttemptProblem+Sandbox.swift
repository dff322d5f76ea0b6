#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

extension PaymentAttemptProblem {
    /// A card problem of the portal's list (`errordetail/creditcard/<name>`), with the acquirer's words.
    static func card(_ name: String, originalDetail: String) -> PaymentAttemptProblem {
        CardProblems.table.row(name)!.attemptProblem(originalDetail: originalDetail)
    }

    /// A Swish problem of the portal's list (`errordetail/<name>`), with Swish's words.
    static func swish(_ name: String, originalDetail: String) -> PaymentAttemptProblem {
        SwishProblems.table.row(name)!.attemptProblem(originalDetail: originalDetail)
    }

    /// The cardholder failed (or cancelled) the 3-D Secure challenge.
    static let threeDSecureDeclined = card(
        "3dsecuredeclined", originalDetail: "transStatus N: authentication failed in the sandbox ACS.")

    /// The issuer (here: the Apple Pay payload) declined the card.
    static let cardDeclined = card(
        "carddeclined", originalDetail: "REJECTED_BY_ACQUIRER, the sandbox Apple Pay payload asked for a decline.")

    /// A saved card whose expiry month has passed.
    static let savedCardExpired = card(
        "acquirercardexpired", originalDetail: "REJECTED_BY_ACQUIRER_CARD_EXPIRED, the card's expiry date has passed.")

    /// A network-token test card that is rejected during tokenization.
    static let paymentTokenRejected = card(
        "paymenttokenerror", originalDetail: "The sandbox test card is rejected during network tokenization.")

    /// The payer declined the payment in the (simulated) Swish app.
    static let swishUserCancelled = swish(
        "usercancelled", originalDetail: "The payer declined the payment request in the Swish app.")

    /// The problem the SDK asked for with `fail-payment-attempt`.
    ///
    /// All three are 400: the client, not the acquirer, decided the attempt failed.
    static func clientReported(problemType: AttemptProblemType, errorCode: String?) -> PaymentAttemptProblem {
        let reported = errorCode.map { " The client reported: \($0)" } ?? ""
        switch problemType {
        case .userCancelled:
            return PaymentAttemptProblem(
                type: ProblemTypes.errorDetail(ProblemTypes.userCancelled), title: "Payment attempt cancelled",
                status: 400,
                detail: "The payer cancelled the payment attempt." + reported,
                originalDetail: errorCode ?? problemType.rawValue)
        case .technicalError:
            return PaymentAttemptProblem(
                type: ProblemTypes.errorDetail(ProblemTypes.technicalError), title: "Technical error", status: 400,
                detail: "The payment attempt failed because of a technical error in the app." + reported,
                originalDetail: errorCode ?? problemType.rawValue)
        case .clientAppLaunchFailed:
            return PaymentAttemptProblem(
                type: ProblemTypes.errorDetail(ProblemTypes.clientAppLaunchFailed), title: "Client app launch failed",
                status: 400, detail: "The app could not launch the payment app (Swish)." + reported,
                originalDetail: errorCode ?? problemType.rawValue)
        }
    }
}
#endif
