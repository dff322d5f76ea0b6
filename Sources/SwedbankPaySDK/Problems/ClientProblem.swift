import Foundation

extension SwedbankPaySDK {
    /// A problem in the 4xx range: the request has to change before it can succeed.
    public enum ClientProblem: Sendable, Hashable {
        /// A problem the Merchant Backend itself reported.
        case mobileSDK(MobileSDK)
        /// A Swedbank Pay API problem of a generic type, usually forwarded by the Merchant Backend.
        case swedbankPay(SwedbankPayProblem)
        /// A problem document of a type the SDK has no case for.
        case unknown(UnknownProblem)
        /// A 4xx response that is not a problem document (wrong media type, not a JSON object,
        /// or a `status` member outside 400–599).
        case unexpectedContent(status: Int, contentType: String?, body: Data?)

        /// Merchant Backend problems in the 4xx range.
        public enum MobileSDK: Sendable, Hashable {
            /// `…/mobilesdk/unauthorized`: credentials were rejected or the feature is disabled.
            /// `message` is the document's `detail`.
            case unauthorized(message: String?, raw: JSONObject)
            /// `…/mobilesdk/badrequest`: the backend rejected the request body.
            /// `message` is the document's `detail`.
            case invalidRequest(message: String?, raw: JSONObject)
        }
    }
}
