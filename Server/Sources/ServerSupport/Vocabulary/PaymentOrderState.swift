#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The state of a Checkout v2 payment order (`paymentOrder.state`), as the developer portal names
/// them: the one declaration of these words in the server package.
public enum PaymentOrderState: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case ready = "Ready"
    case pending = "Pending"
    case failed = "Failed"
    case aborted = "Aborted"

    /// The wire word, so a message that names one says what the API says.
    public var description: String { rawValue }
}
#endif
