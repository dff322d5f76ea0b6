#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// What a session transition did to its payment order, so the routes can tell the merchant
/// (callbacks) and issue tokens without looking at the order's history.
enum PaymentOrderChange: Sendable, Equatable {
    case loaded
    /// The payer expanded a method in the menu (`PaymentInstrumentSelected`).
    case instrumentSelected(SandboxInstrument)
    case attemptStarted(instrument: SandboxInstrument, number: Int64)
    case attemptFailed(instrument: SandboxInstrument, number: Int64, problemType: String)
    case attemptAborted(instrument: SandboxInstrument, number: Int64)
    case paid(instrument: SandboxInstrument, number: Int64)
    case aborted

    /// Whether the order's status changed (the merchant gets a callback).
    var changesStatus: Bool {
        switch self {
        case .paid, .aborted: return true
        default: return false
        }
    }
}
#endif
