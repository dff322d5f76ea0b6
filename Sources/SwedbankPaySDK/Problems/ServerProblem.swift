import Foundation

extension SwedbankPaySDK {
    /// A problem in the 5xx range (or a response the SDK could not make sense of): something in
    /// the server environment failed; retrying later may help.
    public enum ServerProblem: Sendable, Hashable {
        /// A problem the Merchant Backend itself reported.
        case mobileSDK(MobileSDK)
        /// A Swedbank Pay API problem of a generic type, usually forwarded by the Merchant Backend.
        case swedbankPay(SwedbankPayProblem)
        /// A problem document of a type the SDK has no case for.
        case unknown(UnknownProblem)
        /// A response that is not a problem document and whose HTTP status is not 4xx.
        case unexpectedContent(status: Int, contentType: String?, body: Data?)

        /// Merchant Backend problems in the 5xx range.
        public enum MobileSDK: Sendable, Hashable {
            /// `…/mobilesdk/gatewaytimeout`: Swedbank Pay did not answer the backend in time.
            /// `message` is the document's `detail`.
            case backendConnectionTimeout(message: String?, raw: JSONObject)
            /// `…/mobilesdk/badgateway` without `gatewayStatus`: the backend could not reach
            /// Swedbank Pay. `message` is the document's `detail`.
            case backendConnectionFailure(message: String?, raw: JSONObject)
            /// `…/mobilesdk/badgateway` with an integer `gatewayStatus`: Swedbank Pay answered the
            /// backend with something unusable. `gatewayStatus` is the status it answered with and
            /// `body` what it sent (a JSON body as compact JSON text).
            case invalidBackendResponse(gatewayStatus: Int, body: String?, raw: JSONObject)
        }
    }
}
