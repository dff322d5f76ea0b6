#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// What the hosted view of one payment order remembers between requests, beside the order
/// itself: the attempt waiting for the payer somewhere else (a 3-D Secure challenge, the Swish
/// app, the invoice page, the bank), how the last attempt ended, and the identified payer.
struct HostedViewState: Sendable, Equatable {
    /// A card attempt waiting for the 3-D Secure challenge.
    struct Challenge: Sendable, Equatable {
        var brand: String
        var maskedPan: String
        /// `MM/YYYY`.
        var expiryText: String
        var transaction: ThreeDSecureTransaction
        /// Whether the payer ticked "remember my card".
        var consent: Bool
    }

    /// The attempt in progress outside the menu.
    enum Pending: Sendable, Equatable {
        case challenge(number: Int64, Challenge)
        /// `startedAt` is on the sandbox clock.
        case swish(number: Int64, msisdn: String, startedAt: TimeInterval)
        /// `instrument`: the market's invoice subtype.
        case invoice(number: Int64, instrument: SandboxInstrument)
        case bank(number: Int64)
        /// Waiting for the payer's answer in the Vipps or MobilePay app (its simulator page).
        case walletApp(number: Int64, instrument: SandboxInstrument, msisdn: String)

        var number: Int64 {
            switch self {
            case .challenge(let number, _), .swish(let number, _, _), .invoice(let number, _), .bank(let number),
                .walletApp(let number, _, _):
                return number
            }
        }

        var instrument: SandboxInstrument {
            switch self {
            case .challenge: return .creditCard
            case .swish: return .swish
            case .invoice(_, let instrument), .walletApp(_, let instrument, _): return instrument
            case .bank: return .trustly
            }
        }

        /// The name the menu's script and the dashboard show.
        var name: String {
            switch self {
            case .challenge: return "challenge"
            case .swish: return "swish"
            case .invoice: return "invoice"
            case .bank: return "bank"
            case .walletApp: return "walletApp"
            }
        }
    }

    /// How an attempt ended, for the menu to show when it opens again (after the bank, say).
    struct Ended: Sendable, Equatable {
        enum Result: String, Sendable {
            case paid, failed, aborted
        }

        var number: Int64
        var instrument: SandboxInstrument
        var result: Result
        var problem: PaymentAttemptProblem?
    }

    var pending: Pending?
    var lastAttempt: Ended?
    /// Where the payer opened the view last: the Seamless View's frame or the Redirect page.
    var integration: PaymentOrderIntegration = .hostedView
    /// The Redirect page the payer opened (its absolute URL), where a bank sends them back to
    /// when the payment is not paid.
    var redirectPage: String?
    /// The language the Seamless View's script asked for (its `culture`), which wins over the
    /// order's for the view's pages; nil on the Redirect page and without a culture.
    var culture: PayerLanguage?
    /// The payer's e-mail once they identified in a v3 menu that asks for consumer info.
    var identifiedEmail: String?
}
#endif
