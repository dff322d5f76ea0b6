#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// One problem of a problem list on Swedbank Pay's developer portal ("Problems": card, Swish,
/// invoice, Trustly, Vipps), as the sandbox answers it: the type URI, status, title and detail.
///
/// Where the portal shows an example body (every Swish problem; the card problems of
/// merchant-initiated payments) the title and detail are the example's, word for word. Where it
/// gives only a table row, the detail is the row's description and the title the sandbox's
/// (the portal's table has no title column).
struct DocumentedProblem: Sendable, Equatable {
    /// The name the control API takes (`"bankiderror"`): the last segment of the type, or for a
    /// type the list gives with two statuses, that segment and the status (`"externalerror-500"`).
    var name: String
    var type: String
    var status: Int
    var title: String
    var detail: String

    /// The problem an attempt ends with; `originalDetail` says who said no, in their words.
    func attemptProblem(originalDetail: String) -> PaymentAttemptProblem {
        PaymentAttemptProblem(type: type, title: title, status: status, detail: detail, originalDetail: originalDetail)
    }
}

/// One instrument's problem list: the rows, and the instruments (wire names) whose attempts end
/// with them.
struct ProblemTable: Sendable {
    /// The list's name in the control API and the docs (`CreditCard`, `Swish`, `Invoice`, ...).
    var name: String
    /// The instruments the list applies to.
    var instruments: [SandboxInstrument]
    /// Where on the portal the list is, for the docs.
    var source: String
    /// The row the control API's plain `outcome: "failed"` ends an attempt with: the instrument's
    /// everyday "no".
    var decline: String?
    var rows: [DocumentedProblem]

    /// The row called `name`.
    func row(_ name: String) -> DocumentedProblem? { rows.first { $0.name == name } }

    /// The row with this type URI (the first, when a type has several statuses).
    func row(type: String) -> DocumentedProblem? { rows.first { $0.type == type } }
}

extension ProblemTable {
    /// The listing of `GET /sandbox/problems`.
    var json: SwedbankPaySDK.JSONObject {
        [
            "list": .string(name), "instruments": .array(instruments.map { .string($0.rawValue) }),
            "source": .string(source),
            "problems": .array(rows.map { .object($0.json) }),
        ]
    }
}

extension DocumentedProblem {
    /// The body's members and the name to ask for it by.
    var json: SwedbankPaySDK.JSONObject {
        [
            "name": .string(name), "type": .string(type), "title": .string(title), "status": .integer(Int64(status)),
            "detail": .string(detail),
        ]
    }
}
#endif
