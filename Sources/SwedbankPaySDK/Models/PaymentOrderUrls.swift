import Foundation

extension SwedbankPaySDK {
    /// The URLs of a payment order: where the menu may be hosted and where the payer is sent.
    ///
    /// URLs are coded as absolute strings.
    public struct PaymentOrderUrls: Sendable, Hashable, Codable {
        /// Origins allowed to host the payment menu; the first one is also the web view's base URL.
        public var hostUrls: [URL]
        /// Where the payer is sent when the payment is complete; the SDK intercepts it.
        public var completeUrl: URL
        /// Where the payer is sent on cancelling; the SDK intercepts it. Nil hides the cancel option.
        public var cancelUrl: URL?
        /// Where the payer returns after a third-party page or app; it must reach this app.
        public var paymentUrl: URL?
        /// Where Swedbank Pay posts payment status changes to the merchant backend.
        public var callbackUrl: URL?
        /// The merchant's terms of service, linked from the payment menu.
        public var termsOfServiceUrl: URL?

        /// Creates the URL set of a payment order.
        public init(
            hostUrls: [URL],
            completeUrl: URL,
            cancelUrl: URL? = nil,
            paymentUrl: URL? = nil,
            callbackUrl: URL? = nil,
            termsOfServiceUrl: URL? = nil
        ) {
            self.hostUrls = hostUrls
            self.completeUrl = completeUrl
            self.cancelUrl = cancelUrl
            self.paymentUrl = paymentUrl
            self.callbackUrl = callbackUrl
            self.termsOfServiceUrl = termsOfServiceUrl
        }
    }
}
