import Foundation

extension SwedbankPaySDK {
    /// The generic Swedbank Pay API problem types that get the `.swedbankPay` case of a problem.
    ///
    /// The raw value is the full type URI. Only these exact URIs match: resource-scoped types such as
    /// `https://api.payex.com/psp/errordetail/paymentorders/inputerror` parse as its `.unknown` case.
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
    }
}
