import ServerSupport
import SwedbankPaySDK

/// What `PATCH /patch` may ask Swedbank Pay to do to an order, and nothing more: the two
/// operations the SDK uses, each with its one field. The body sent is built from this value, so
/// an app cannot slip in `UpdateOrder`, an `amount`, order items or URLs — the price is the
/// merchant's server's to decide.
enum RelayedPatch: Sendable, Equatable {
    /// `SetInstrument` with the instrument's name (Checkout v2/v3 instrument mode).
    case setInstrument(String)
    /// `Abort`, with the reason if the app gave one.
    case abort(reason: String?)

    /// The operations the relay passes on.
    static let operations = ContractLimits.relayedOperations

    /// `{"paymentorder": …}` as sent to Swedbank Pay.
    var body: SwedbankPaySDK.JSONValue {
        var order: SwedbankPaySDK.JSONObject
        switch self {
        case .setInstrument(let instrument):
            order = ["operation": .string(UpdateOperation.setInstrument.rawValue), "instrument": .string(instrument)]
        case .abort(let reason):
            order = ["operation": .string(UpdateOperation.abort.rawValue)]
            if let reason { order["abortReason"] = .string(reason) }
        }
        return .object(["paymentorder": .object(order)])
    }

    /// The patch the app's `paymentorder` object asks for. Every problem — an operation not
    /// relayed, a missing or oversized field, an abort reason Swedbank Pay does not take, a field
    /// the operation does not take — is added to `problems`; nil when there is one.
    static func parse(_ object: SwedbankPaySDK.JSONObject, into problems: inout FieldProblems) -> RelayedPatch? {
        let at = "paymentorder"
        guard let operation = problems.string(object, "operation", at: at) else { return nil }
        let allowed: Set<String>
        let patch: RelayedPatch?
        switch UpdateOperation(rawValue: operation) {
        case .setInstrument?:
            allowed = ["operation", "instrument"]
            patch = problems.string(object, "instrument", at: at, maxLength: ContractLimits.instrument).map {
                .setInstrument($0)
            }
        case .abort?:
            allowed = ["operation", "abortReason"]
            // Swedbank Pay takes two reasons and refuses any other: refused here, before the call.
            let reason = problems.string(object, "abortReason", at: at, required: false)
            if let reason, !ContractLimits.abortReasons.contains(reason) {
                problems.add(
                    at + ".abortReason", "Must be one of \(ContractLimits.abortReasons.joined(separator: ", ")).")
                patch = nil
            } else {
                patch = .abort(reason: reason)
            }
        default:
            problems.add(at + ".operation", "Must be one of \(operations.joined(separator: ", ")).")
            return nil
        }
        let extra = object.keys.filter { !allowed.contains($0) }.sorted()
        for key in extra {
            problems.add(at + "." + key, "Not accepted with \(operation); only the merchant's server changes an order.")
        }
        return extra.isEmpty ? patch : nil
    }

    private typealias UpdateOperation = PaymentOrderUpdateOperation
}
