#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import SwedbankPaySDK

/// Request shapes the real Swedbank Pay accepts although its documentation describes another,
/// taken by the sandbox too so that backends written against the real service work unchanged —
/// each with a warning, since the answer then differs from what was sent.
///
/// Only rules with evidence are here (docs/sandbox.md names it); where the real behaviour is
/// unknown the sandbox stays as strict as the documentation. With `strict` nothing is rewritten
/// and the validator refuses such a request with its usual `inputerror` problem. A `language`
/// that is none of the 13 falls back to `en-US` (``LanguageFallback``).
enum RealServiceLeniency {
    /// A string field that the real service also takes as a JSON integer, storing and returning
    /// the integer's decimal digits as the string.
    struct NumericString: Sendable, Equatable {
        /// Object keys from the body's root to the field.
        let path: [String]

        var name: String { path.joined(separator: ".") }
    }

    /// `paymentorder.payeeInfo.payeeReference`: Swedbank Pay's own example merchant backend
    /// (Node.js) has sent it as a number since 2019, against the real service.
    static let numericStrings = [NumericString(path: ["paymentorder", "payeeInfo", "payeeReference"])]

    /// The body with every numeric-string field that came as an integer turned into its string,
    /// and one warning per field turned.
    static func apply(to body: SwedbankPaySDK.JSONObject) -> (body: SwedbankPaySDK.JSONObject, warnings: [String]) {
        var body = body
        var warnings: [String] = []
        for rule in numericStrings {
            guard case .integer(let number)? = value(at: rule.path, in: body) else { continue }
            body = replacing(rule.path, in: body, with: .string(String(number)))
            warnings.append(
                "\(rule.name) sent as a number; Swedbank Pay accepts it and answers with the string \"\(number)\","
                    + " which your integration may not expect")
        }
        LanguageFallback.apply(to: &body, warnings: &warnings)
        return (body, warnings)
    }

    private static func value(at path: [String], in object: SwedbankPaySDK.JSONObject) -> SwedbankPaySDK.JSONValue? {
        guard let first = path.first, let value = object[first] else { return nil }
        if path.count == 1 { return value }
        guard case .object(let inner) = value else { return nil }
        return Self.value(at: Array(path.dropFirst()), in: inner)
    }

    private static func replacing(
        _ path: [String], in object: SwedbankPaySDK.JSONObject, with newValue: SwedbankPaySDK.JSONValue
    ) -> SwedbankPaySDK.JSONObject {
        guard let first = path.first else { return object }
        var object = object
        if path.count == 1 {
            object[first] = newValue
        } else if case .object(let inner)? = object[first] {
            object[first] = .object(replacing(Array(path.dropFirst()), in: inner, with: newValue))
        }
        return object
    }
}
#endif
