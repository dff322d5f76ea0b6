#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// MobilePay's problems: the portal documents none (its MobilePay problem page is an empty
/// placeholder), so the list is empty and a MobilePay attempt can only end with what the control
/// API's `outcome: "failed"` gives every instrument without a list. Rows added here are offered at
/// once.
enum MobilePayProblems {
    static let table = ProblemTable(
        name: SandboxInstrument.mobilePay.rawValue, instruments: [.mobilePay],
        source: "Checkout v3, Problems: none documented for MobilePay", decline: nil, rows: [])
}
#endif
