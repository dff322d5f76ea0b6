#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The type of a token a paid order issued (`paid.tokens[].type`), as the developer portal names
/// them: the one declaration of these words in the server package. The portal's fourth,
/// `transactionsOnFile`, is not issued by the sandbox.
public enum PaymentTokenType: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// One-click: a card the payer saved (`generatePaymentToken` with a `payer.payerReference`).
    case payment = "payment"
    /// A merchant's `Recur` (`generateRecurrenceToken`).
    case recurrence = "recurrence"
    /// A merchant's `UnscheduledPurchase`, or a payout's bank account (`generateUnscheduledToken`).
    case unscheduled = "unscheduled"

    /// The member of a payment order that names a token of this type (`recurrenceToken`).
    public var member: String { rawValue + "Token" }

    /// The type as a payer's token list names it (`payerOwnedTokens.tokens[].tokenType`:
    /// `Payment`, `Unscheduled`), capitalised there.
    public var listedName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The wire word, so a message that names one says what the API says.
    public var description: String { rawValue }
}
#endif
