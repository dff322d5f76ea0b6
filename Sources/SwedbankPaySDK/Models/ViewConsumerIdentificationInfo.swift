import Foundation

extension SwedbankPaySDK {
    /// What a configuration returns for consumer identification: the page script and its origin.
    public struct ViewConsumerIdentificationInfo: Sendable, Hashable, Codable {
        /// The URL the identification page is loaded as; it must be one of the payment's host URLs.
        public var webViewBaseURL: URL?
        /// The `view-consumer-identification` script URL.
        public var viewConsumerIdentification: URL

        /// Creates identification info.
        public init(webViewBaseURL: URL?, viewConsumerIdentification: URL) {
            self.webViewBaseURL = webViewBaseURL
            self.viewConsumerIdentification = viewConsumerIdentification
        }
    }
}
