#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The portal's Vipps problems (`…/errordetail/vipps/<name>`): the init call's, the callback's,
/// the acquirer's, and the `vippsdeclined` of its failed-attempt example (a payer's decline in the
/// app). The portal gives types, statuses and two notes; titles and the acquirer types' details
/// are the sandbox's.
enum VippsProblems {
    static let table = ProblemTable(
        name: SandboxInstrument.vipps.rawValue, instruments: [.vipps],
        source: "Checkout v3, Problems: Vipps Problems (init call, callback, acquirer)",
        decline: "vippsdeclined",
        rows: [
            row("vipps_error", 403, "Vipps error", "All errors"),
            row("vipps_declined", 400, "Vipps declined", "Any status that is not successful"),
            // The portal's failed-attempt example of a payer's decline, word for word.
            row(
                "vippsdeclined", 403, "Operation failed",
                "Unable to complete Vipps transaction. failedReason: VippsPaymentCancel,ErrorDescription: Received "
                    + "status USER_CANCEL from Vipps"),
            row("card_blacklisted", 400, "Card blacklisted", acquirer),
            row("acquirer_card_blacklisted", 403, "Card blacklisted", acquirer),
            row("acquirer_card_expired", 403, "Card expired", acquirer),
            row("acquirer_card_stolen", 403, "Card stolen", acquirer),
            row("acquirer_error", 403, "Acquirer error", acquirer),
            row("acquirer_insufficient_funds", 403, "Insufficient funds", acquirer),
            row("acquirer_invalid_amount", 403, "Invalid amount", acquirer),
            row("acquirer_possible_fraud", 403, "Possible fraud", acquirer),
            row("card_declined", 403, "Card declined", acquirer),
            row("fraud_detected", 403, "Fraud detected", acquirer),
            row("payment_token_error", 403, "Payment token error", acquirer),
            row("bad_request", 500, "Bad request", acquirer),
            row("internal_server_error", 500, "Internal server error", acquirer),
            row("unknown_error", 500, "Unknown error", acquirer),
            row("acquirer_gateway_error", 502, "Acquirer gateway error", acquirer),
            row("bad_gateway", 502, "Bad gateway", acquirer),
            row("acquirer_gateway_timeout", 504, "Acquirer gateway timeout", acquirer),
        ])

    private static let acquirer = "The acquirer rejected the Vipps payment."

    private static func row(_ name: String, _ status: Int, _ title: String, _ detail: String) -> DocumentedProblem {
        DocumentedProblem(
            name: name, type: ProblemTypes.errorDetail(.vipps, name), status: status, title: title,
            detail: detail)
    }
}
#endif
