#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The operations a payment order is created with (`paymentorder.operation`), as the developer
/// portal names them: the one declaration of these words in the server package. The SDK's
/// `SwedbankPaySDK.PaymentOrderOperation` has 5.0.3's two (an app switches over it exhaustively,
/// so it cannot grow); the servers know the server-initiated ones too.
public enum OrderOperation: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case purchase = "Purchase"
    case verify = "Verify"
    /// A server-initiated charge with a recurrence token.
    case recur = "Recur"
    /// A server-initiated charge with an unscheduled token.
    case unscheduledPurchase = "UnscheduledPurchase"
    /// Money sent to the bank account a payout `Verify` saved as an unscheduled token.
    case payout = "Payout"

    /// The type of the token a server-initiated operation pays with; nil for the operations a
    /// payer completes on a page.
    public var tokenType: PaymentTokenType? {
        switch self {
        case .purchase, .verify: nil
        case .recur: .recurrence
        case .unscheduledPurchase, .payout: .unscheduled
        }
    }

    /// The wire word, so a message that names one says what the API says.
    public var description: String { rawValue }
}
#endif
