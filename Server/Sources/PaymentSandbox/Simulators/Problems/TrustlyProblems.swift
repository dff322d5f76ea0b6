#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The portal's Trustly problem (`…/errordetail/trustly/<name>`): one type.
enum TrustlyProblems {
    static let table = ProblemTable(
        name: SandboxInstrument.trustly.rawValue, instruments: [.trustly],
        source: "Checkout v3, Problems: Trustly Problems",
        decline: "systemerror",
        rows: [
            row(
                "systemerror", 502, "System error",
                "Happens if Trustly is experiencing technical difficulties, a contract is configured with bad "
                    + "account name / password, or if the operation (i.e. reversal) is not allowed on the payment due "
                    + "to its current state on Trustly's end.")
        ])

    private static func row(_ name: String, _ status: Int, _ title: String, _ detail: String) -> DocumentedProblem {
        DocumentedProblem(
            name: name, type: ProblemTypes.errorDetail(.trustly, name), status: status, title: title, detail: detail)
    }
}
#endif
