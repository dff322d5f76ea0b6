#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import SwedbankPaySDK

/// A payment order's `language` that is none of the 13 cultures (`en-GB`, `no-NO`) is taken as
/// `en-US`, with a warning, as the real service does: the reference's payment order fields give
/// "invalid → en-US", and the Seamless View's `culture` falls back the same way. Refusing it would
/// fail a backend that works against the real service. Part of ``RealServiceLeniency``, so
/// `strict` refuses it with the validator's `inputerror` (docs/sandbox.md, the refusal catalogue).
enum LanguageFallback {
    /// The language such an order gets.
    static let language = SwedbankPaySDK.Culture.English

    /// Replaces an unknown `language` string in either envelope spelling, one warning each.
    static func apply(to body: inout SwedbankPaySDK.JSONObject, warnings: inout [String]) {
        for envelope in ["paymentorder", "paymentOrder"] {
            guard var order = body[envelope]?.objectValue, let sent = order["language"]?.stringValue,
                SwedbankPaySDK.Culture(rawValue: sent) == nil
            else { continue }
            order["language"] = .string(language.rawValue)
            body[envelope] = .object(order)
            warnings.append(
                "\(envelope).language \"\(sent)\" is none of Swedbank Pay's languages; Swedbank Pay falls back to"
                    + " \"\(language.rawValue)\", and so the payer's pages are in English")
        }
    }
}
#endif
