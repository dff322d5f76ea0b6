#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// What the payment menu is told after a payer action: the JSON its script acts on.
enum HostedViewOutcome: Sendable, Equatable {
    /// The order is paid; the view goes to `completeUrl`.
    case paid(attempt: Int64?)
    /// The attempt failed; the payer may try again.
    case failed(attempt: Int64, PaymentAttemptProblem)
    /// The attempt was abandoned (the payer cancelled at the bank or on the invoice page).
    case attemptAborted(attempt: Int64)
    /// The card needs a 3-D Secure challenge: the menu posts `creq` to the ACS page in its frame.
    case challenge(attempt: Int64, creq: String)
    /// Waiting for the payer to answer in the Swish app.
    case swishPending(attempt: Int64)
    /// The invoice approval page opens inside the menu.
    case invoice(attempt: Int64)
    /// The payer leaves for the bank page (an out-of-view redirect).
    case bank(attempt: Int64)
    /// Waiting for the payer's answer in the Vipps or MobilePay app: its simulator page opens
    /// inside the menu.
    case walletApp(attempt: Int64, instrument: SandboxInstrument)
    /// The order was aborted; the view goes to `cancelUrl`.
    case aborted
    /// The order is closed some other way (`Failed`, `Cancelled`, `Reversed`): an error.
    case closed(status: String)
    /// Nothing happened yet (a state poll).
    case idle

    /// The URLs the JSON needs, made by the routes.
    struct Links: Sendable {
        var completeUrl: String
        var cancelUrl: String?
        var acsUrl: String
        var invoiceUrl: String
        var bankUrl: String
        var walletAppUrl: String
    }

    func json(links: Links) -> SwedbankPaySDK.JSONValue {
        var object: SwedbankPaySDK.JSONObject
        switch self {
        case .paid(let attempt):
            object = ["outcome": .string("paid"), "redirectUrl": .string(links.completeUrl)]
            if let attempt { object["attempt"] = .integer(attempt) }
        case .failed(let attempt, let problem):
            object = [
                "outcome": .string("failed"), "attempt": .integer(attempt),
                "problem": .object([
                    "type": .string(problem.type), "title": .string(problem.title),
                    "status": .integer(Int64(problem.status)), "detail": .string(problem.detail),
                ]),
            ]
        case .attemptAborted(let attempt):
            object = ["outcome": .string("attemptAborted"), "attempt": .integer(attempt)]
        case .challenge(let attempt, let creq):
            object = [
                "outcome": .string("challenge"), "attempt": .integer(attempt), "acsUrl": .string(links.acsUrl),
                "creq": .string(creq),
            ]
        case .swishPending(let attempt):
            object = ["outcome": .string("swishPending"), "attempt": .integer(attempt)]
        case .invoice(let attempt):
            object = ["outcome": .string("invoice"), "attempt": .integer(attempt), "url": .string(links.invoiceUrl)]
        case .bank(let attempt):
            object = [
                "outcome": .string("redirect"), "attempt": .integer(attempt), "redirectUrl": .string(links.bankUrl),
            ]
        case .walletApp(let attempt, let instrument):
            object = [
                "outcome": .string("walletApp"), "attempt": .integer(attempt),
                "instrument": .string(instrument.rawValue), "url": .string(links.walletAppUrl),
            ]
        case .aborted:
            object = ["outcome": .string("aborted"), "redirectUrl": links.cancelUrl.map { .string($0) } ?? .null]
        case .closed(let status):
            object = ["outcome": .string("closed"), "status": .string(status)]
        case .idle:
            object = ["outcome": .string("idle")]
        }
        return .object(object)
    }
}
#endif
