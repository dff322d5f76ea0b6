import Foundation

extension SwedbankPaySDK {
    /// The generic Swedbank Pay API problem types, with their URIs: the union of
    /// ``ClientProblem/SwedbankPayProblem`` (5.0.3's three client types) and
    /// ``ServerProblem/SwedbankPayProblem`` (its two server types), for servers that emit them and
    /// for ``Problem/swedbankPayType``.
    ///
    /// The raw value is the full type URI. The resource-scoped forms the API also uses, such as
    /// `https://api.payex.com/psp/errordetail/paymentorders/inputerror` (the developer portal's type
    /// for payment order input errors), are the same kinds and parse as these cases too (see
    /// ``init(typeURI:)``); the URI as sent stays in the problem's `raw` document.
    public enum SwedbankPayProblemType: String, CaseIterable, Sendable, Hashable {
        /// The request was invalid (typically HTTP 400); `problems` lists the offending fields.
        case inputError = "https://api.payex.com/psp/errordetail/inputerror"
        /// The request was refused (typically HTTP 403).
        case forbidden = "https://api.payex.com/psp/errordetail/forbidden"
        /// The resource does not exist (typically HTTP 404).
        case notFound = "https://api.payex.com/psp/errordetail/notfound"
        /// A generic failure inside Swedbank Pay (typically HTTP 500).
        case systemError = "https://api.payex.com/psp/errordetail/systemerror"
        /// The merchant's contract or payee configuration does not allow the request
        /// (HTTP 403 from the live API, though older clients expected it in the 5xx range).
        case configurationError = "https://api.payex.com/psp/errordetail/configurationerror"

        /// The kind a problem type URI names: one of the raw values exactly, or
        /// `https://api.payex.com/psp/errordetail/<resource>/<kind>` where `<resource>` is one
        /// lower-case ASCII word other than `mobilesdk` (`paymentorders`, `invoice`, …) and `<kind>`
        /// the last segment of a raw value. Nil for any other URI.
        ///
        /// Swedbank Pay's iOS SDK 5.0.3 matched the exact URIs only, so a payment order's
        /// `…/paymentorders/inputerror` never reached its `.inputError` pattern.
        public init?(typeURI: String) {
            if let exact = Self(rawValue: typeURI) {
                self = exact
                return
            }
            let prefix = "https://api.payex.com/psp/errordetail/"
            guard typeURI.hasPrefix(prefix) else { return nil }
            let parts = typeURI.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] != "mobilesdk", !parts[0].isEmpty,
                parts[0].utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }),
                let kind = Self(rawValue: prefix + parts[1])
            else { return nil }
            self = kind
        }
    }
}
