import Foundation

extension SwedbankPaySDK {
    /// The operation of a ``Consumer`` request.
    public enum ConsumerOperation: String, Sendable, Hashable, Codable, CaseIterable {
        /// Starts a consumer identification session (`"initiate-consumer-session"`).
        case InitiateConsumerSession = "initiate-consumer-session"
    }
}
