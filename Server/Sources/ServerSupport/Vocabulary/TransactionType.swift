#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The type of a financial transaction (`financialTransactionsList[].type`, and a paid order's
/// `paid.transactionType`), as the developer portal names them: the one declaration of these
/// words in the server package.
public enum TransactionType: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case authorization = "Authorization"
    case sale = "Sale"
    case capture = "Capture"
    case cancellation = "Cancellation"
    case reversal = "Reversal"
    /// Money sent to the payer's bank account (`Payout`): nothing to capture or reverse. The
    /// portal's transaction table does not list it; the sandbox names a payout's transaction so.
    case payout = "Payout"

    /// The wire word, so a message that names one says what the API says.
    public var description: String { rawValue }
}
#endif
