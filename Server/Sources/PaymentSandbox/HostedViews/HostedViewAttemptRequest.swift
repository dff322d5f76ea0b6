#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// What the payment menu posts to start an attempt (`POST /checkout/frame/<viewToken>/attempts`):
/// `{"instrument": "CreditCard", "card": {"number", "expiry", "cvc"}}`, or `"paymentToken"` (a
/// saved card), or `"msisdn"` (Swish), plus `"consent"` (the consent checkbox).
struct HostedViewAttemptRequest: Sendable, Equatable {
    enum Card: Sendable, Equatable {
        case typed(number: String, expiry: String, cvc: String)
        case saved(paymentToken: String)
    }

    var instrument: String
    var card: Card?
    var msisdn: String?
    var consent: Bool

    /// Reads the body, naming every field of the wrong type in one 400 `inputerror`. Whether the
    /// values make sense is the payment's business.
    static func parse(_ body: SwedbankPaySDK.JSONObject) throws -> HostedViewAttemptRequest {
        var problems: [(name: String, description: String)] = []
        func string(_ object: SwedbankPaySDK.JSONObject, _ key: String, at prefix: String = "") -> String? {
            switch object[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default:
                problems.append((prefix + key, "The field must be a string."))
                return nil
            }
        }
        let instrument = string(body, "instrument")
        if instrument == nil, !problems.contains(where: { $0.name == "instrument" }) {
            problems.append(("instrument", "The field is required."))
        }
        var card: Card?
        switch body["card"] {
        case nil, .null?:
            break
        case .object(let fields)?:
            card = .typed(
                number: string(fields, "number", at: "card.") ?? "",
                expiry: string(fields, "expiry", at: "card.") ?? "",
                cvc: string(fields, "cvc", at: "card.") ?? "")
        default:
            problems.append(("card", "The field must be an object with number, expiry and cvc."))
        }
        if let token = string(body, "paymentToken") {
            card = .saved(paymentToken: token)
        }
        let msisdn = string(body, "msisdn")
        var consent = false
        switch body["consent"] {
        case nil, .null?: break
        case .bool(let flag)?: consent = flag
        default: problems.append(("consent", "The field must be a boolean."))
        }
        guard problems.isEmpty, let instrument else {
            throw SandboxProblem.inputError("The payment attempt is invalid.", problems: problems)
        }
        return HostedViewAttemptRequest(instrument: instrument, card: card, msisdn: msisdn, consent: consent)
    }
}
#endif
