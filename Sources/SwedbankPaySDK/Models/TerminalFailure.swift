import Foundation

extension SwedbankPaySDK {
    /// A payment menu failure the payer cannot recover from, as reported by the page's script.
    public struct TerminalFailure: Error, Hashable, Codable {
        /// Where the failure happened, as reported by the page.
        public var origin: String?
        /// An identifier of the failure message.
        public var messageId: String?
        /// A human-readable description, for logs rather than for the payer.
        public var details: String?

        /// Creates a terminal failure.
        public init(origin: String? = nil, messageId: String? = nil, details: String? = nil) {
            self.origin = origin
            self.messageId = messageId
            self.details = details
        }
    }
}
