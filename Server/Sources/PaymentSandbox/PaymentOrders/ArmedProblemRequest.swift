#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// The control API's `POST /sandbox/paymentorders/<id>/problem` `{"instrument"?, "problem"}`: the
/// next attempt with the instrument ends with that problem of its documented list when it is
/// settled — in the app's payment session, the Seamless View, the Redirect page or the control
/// API's own `pay` — so every documented outcome can be produced through every integration.
struct ArmedProblemRequest: Sendable, Equatable {
    /// The instrument's wire name; nil takes the order's first available one.
    var instrument: String?
    var problem: String

    /// Reads the body, naming every bad field.
    static func parse(_ body: SwedbankPaySDK.JSONObject) throws -> ArmedProblemRequest {
        var problems = InputProblems()
        let instrument = problems.string(body, "instrument", at: "")
        let problem = problems.string(body, "problem", at: "", required: true)
        try problems.throwIfAny("The problem request is invalid.")
        return ArmedProblemRequest(instrument: instrument, problem: problem ?? "")
    }

    /// Arms the order: 409 when it is no longer open, 400 naming `instrument` (not offered) or
    /// `problem` (not in the instrument's list). An earlier armed problem of the instrument is
    /// replaced.
    func apply(to record: inout PaymentOrderRecord) throws -> (PaymentOrderRecord, SandboxInstrument, DocumentedProblem)
    {
        guard record.status == .initialized else {
            throw SandboxProblem.conflict(
                "The payment order is \(record.status.rawValue); only an open order has attempts to end.")
        }
        let named = instrument.map(SandboxInstrument.init(rawValue:)) ?? record.availableInstruments.first
        guard let chosen = named, record.availableInstruments.contains(chosen) else {
            throw SandboxProblem.inputError(
                "The instrument is not available.",
                problems: [
                    ("instrument", "The field must be one of \(SandboxInstrument.names(record.availableInstruments)).")
                ])
        }
        let row = try ProblemCatalogue.problem(named: problem, for: chosen, field: "problem")
        record.armedProblems[chosen] = row.attemptProblem(originalDetail: ProblemCatalogue.controlOriginalDetail)
        return (record, chosen, row)
    }
}
#endif
