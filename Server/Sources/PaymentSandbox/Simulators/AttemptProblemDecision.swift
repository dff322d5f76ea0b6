#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

extension PaymentOrderRecord {
    /// The problem an attempt with `instrument` ends with when the payer's answer comes (approval
    /// in Swish, the card's authorization, the invoice or bank approval), instead of paying: a
    /// problem the control API armed for that instrument (used once), else the test data's trigger
    /// (the description's Swish code, the card magic amount). Nil pays.
    ///
    /// Every place an attempt is settled asks here, so an armed problem ends the attempt the same
    /// way in the payment session API, the Seamless View, the Redirect page and the control API.
    mutating func takeAttemptProblem(_ instrument: SandboxInstrument) -> PaymentAttemptProblem? {
        if let armed = armedProblems.removeValue(forKey: instrument) { return armed }
        if instrument == .swish { return SwishTrigger(description: order.description)?.problem }
        if instrument.isCard { return CardMagicAmount.problem(amount: order.amount) }
        return nil
    }
}
#endif
