import Foundation

extension SwedbankPaySDK {
    /// Every problem type URI the SDK gives a typed case to.
    ///
    /// Public so that servers (a Merchant Backend, a simulator) emit exactly the URIs the SDK matches;
    /// the comparison is exact and case-sensitive.
    public enum ProblemTypeURI {
        /// The RFC 7807 default type, used when a problem document has no `type` member.
        public static let aboutBlank = "about:blank"

        /// Merchant Backend: the caller's credentials were rejected, or the feature is disabled (401).
        public static let mobileSDKUnauthorized = "https://api.payex.com/psp/errordetail/mobilesdk/unauthorized"
        /// Merchant Backend: the request body failed validation (400).
        public static let mobileSDKBadRequest = "https://api.payex.com/psp/errordetail/mobilesdk/badrequest"
        /// Merchant Backend: Swedbank Pay did not answer in time (504).
        public static let mobileSDKGatewayTimeout = "https://api.payex.com/psp/errordetail/mobilesdk/gatewaytimeout"
        /// Merchant Backend: Swedbank Pay could not be reached, or answered with something unusable (502).
        public static let mobileSDKBadGateway = "https://api.payex.com/psp/errordetail/mobilesdk/badgateway"

        /// Swedbank Pay: ``SwedbankPayProblemType/inputError``.
        public static let inputError = SwedbankPayProblemType.inputError.rawValue
        /// Swedbank Pay: ``SwedbankPayProblemType/forbidden``.
        public static let forbidden = SwedbankPayProblemType.forbidden.rawValue
        /// Swedbank Pay: ``SwedbankPayProblemType/notFound``.
        public static let notFound = SwedbankPayProblemType.notFound.rawValue
        /// Swedbank Pay: ``SwedbankPayProblemType/systemError``.
        public static let systemError = SwedbankPayProblemType.systemError.rawValue
        /// Swedbank Pay: ``SwedbankPayProblemType/configurationError``.
        public static let configurationError = SwedbankPayProblemType.configurationError.rawValue

        /// The four Merchant Backend types.
        public static let mobileSDKTypes: [String] = [
            mobileSDKUnauthorized, mobileSDKBadRequest, mobileSDKGatewayTimeout, mobileSDKBadGateway,
        ]

        /// Every type with a typed case: the Merchant Backend types, then the Swedbank Pay types.
        public static let allKnown: [String] = mobileSDKTypes + SwedbankPayProblemType.allCases.map(\.rawValue)
    }
}

extension SwedbankPaySDK.ProblemTypeURI {
    /// Payment sessions: the SDK could not start the payer's payment app (the problem the SDK
    /// reports to the session itself, as the portal names it).
    static let clientAppLaunchFailed = "https://api.payex.com/psp/errordetail/paymentorders/clientapplaunchfailed"
    /// Payment sessions: the operation is not allowed in the session's state (a 409 to an abort
    /// that came too late).
    static let operationNotAllowed = "https://api.payex.com/psp/errordetail/paymentsessions/operationnotallowed"
}
