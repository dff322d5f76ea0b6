#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Every problem list the portal documents for an instrument, in one place: what the control API
/// can end an attempt with (`POST /sandbox/paymentorders/<id>/problem`, `…/pay`), what it lists
/// (`GET /sandbox/problems`), and where the test data's triggers (``SwishTrigger``,
/// ``CardMagicAmount``) take their bodies from.
enum ProblemCatalogue {
    /// The lists, in the order the portal's "Problems" page has them.
    static let tables: [ProblemTable] = [
        CardProblems.table, InvoiceProblems.table, SwishProblems.table, TrustlyProblems.table,
        VippsProblems.table, MobilePayProblems.table,
    ]

    /// The list for attempts with `instrument`; nil for an instrument the portal lists no
    /// problems for.
    static func table(for instrument: SandboxInstrument) -> ProblemTable? {
        tables.first { $0.instruments.contains(instrument) }
    }

    /// Every documented problem, each once (as listed).
    static var count: Int { tables.reduce(0) { $0 + $1.rows.count } }
}

extension ProblemCatalogue {
    /// The documented problem called `name` for an attempt with `instrument`, or the 400 naming
    /// `field` that lists what may be asked for.
    static func problem(named name: String, for instrument: SandboxInstrument, field: String) throws
        -> DocumentedProblem
    {
        guard let table = table(for: instrument), !table.rows.isEmpty else {
            throw SandboxProblem.inputError(
                "The instrument has no documented problems.",
                problems: [(field, "The portal lists no problems for \(instrument.rawValue).")])
        }
        guard let row = table.row(name) else {
            throw SandboxProblem.inputError(
                "The problem is not one of the instrument's.",
                problems: [
                    (
                        field,
                        "The field must be one of the portal's \(table.name) problems: "
                            + table.rows.map(\.name).joined(separator: ", ") + "."
                    )
                ])
        }
        return row
    }

    /// What the control API's `outcome: "failed"` ends an attempt with when no problem is named:
    /// the instrument's list's everyday decline, else the generic `systemerror` (500).
    static func decline(for instrument: SandboxInstrument) -> PaymentAttemptProblem {
        let original = "The sandbox's control API declined the payment, as asked."
        if let table = table(for: instrument), let name = table.decline, let row = table.row(name) {
            return row.attemptProblem(originalDetail: original)
        }
        return PaymentAttemptProblem(
            type: SwedbankPaySDK.SwedbankPayProblemType.systemError.rawValue, title: "Payment declined", status: 500,
            detail: "The sandbox declined the payment, as asked.", originalDetail: original)
    }

    /// The `originalDetail` of a problem the control API asked for.
    static let controlOriginalDetail = "The sandbox's control API ended the attempt with this problem."
}
#endif
