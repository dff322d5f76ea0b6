#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// What the sandbox's Vipps and MobilePay apps answer: the `paid.details` a wallet payment
/// carries (beside the reconciliation facts of ``PaidDetails``) and the problem of a payer's
/// decline — as the developer portal's `paid` and `failedAttempts` examples of each show them.
enum WalletApp {
    /// The card the sandbox's wallets pay with.
    static let card = (brand: "Visa", maskedPan: "489537******1424", expiryDate: "12/2030")

    /// The payer's own details of a paid wallet payment: the wallet's card, and how the acquirer
    /// saw it (`WALLET` for Vipps, `MOBILEPAY` for MobilePay, as the portal's examples).
    static func details(_ instrument: SandboxInstrument) -> [String: String] {
        switch instrument {
        case .vipps:
            return ["cardBrand": card.brand, "acquirerTransactionType": "WALLET", "transactionInitiator": "CARDHOLDER"]
        case .mobilePay:
            return [
                "cardBrand": card.brand, "maskedPan": card.maskedPan, "expiryDate": card.expiryDate,
                "acquirerTransactionType": "MOBILEPAY",
            ]
        default:
            return [:]
        }
    }

    /// The problem of an attempt the payer declined in the app: Vipps's documented
    /// `vipps/vippsdeclined` (the portal's failed-attempt example, word for word); nil for
    /// MobilePay, whose problems the portal does not list — its decline abandons the attempt.
    static func declined(_ instrument: SandboxInstrument) -> PaymentAttemptProblem? {
        guard instrument == .vipps else { return nil }
        return VippsProblems.table.row("vippsdeclined")!.attemptProblem(originalDetail: "USER_CANCEL")
    }
}
#endif
