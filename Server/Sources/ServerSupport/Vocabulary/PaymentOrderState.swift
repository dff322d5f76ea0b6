/// The state of a Checkout v2 payment order (`paymentOrder.state`), as the developer portal names
/// them: the one declaration of these words in the server package.
public enum PaymentOrderState: String, Sendable, Codable, CaseIterable {
    case ready = "Ready"
    case pending = "Pending"
    case failed = "Failed"
    case aborted = "Aborted"
}
