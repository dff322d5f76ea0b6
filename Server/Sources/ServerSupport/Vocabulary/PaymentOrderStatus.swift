#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The status of a payment order (`paymentOrder.status`, Checkout v3), as the developer portal
/// names them: the one declaration of these words in the server package. The sandbox writes them;
/// the Merchant Backend reads them from Swedbank Pay's answers (``OrderStatus`` keeps any other).
public enum PaymentOrderStatus: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case initialized = "Initialized"
    case paid = "Paid"
    case failed = "Failed"
    case cancelled = "Cancelled"
    case reversed = "Reversed"
    case aborted = "Aborted"

    /// Whether nothing can happen to the payment any more (from the payer's side): every status
    /// but `Initialized`.
    public var isFinal: Bool { self != .initialized }

    /// The wire word, so a message that names one says what the API says.
    public var description: String { rawValue }
}
#endif
