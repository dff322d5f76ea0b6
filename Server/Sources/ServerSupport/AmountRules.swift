#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The rules an amount meets on its way from the app through the Merchant Backend to Swedbank
/// Pay: the server package's one statement of them, which the backend's preparation and admin
/// API and the sandbox's validators apply. Each caller words its own problem (the bodies are each
/// server's own), so these answer yes or no, or what the items came to.
public enum AmountRules {
    /// A capture's or a reversal's amount: positive, and an amount (``MinorUnits/amounts``).
    public static let positiveAmounts: ClosedRange<Int64> = 1...MinorUnits.largest

    /// Whether `vatAmount` may go with `amount`: the VAT is part of the amount, so not above it.
    public static func vatFits(_ vatAmount: Int64, in amount: Int64) -> Bool { vatAmount <= amount }

    /// What order items' amounts came to, against the amount they should add up to.
    public enum ItemsTotal: Sendable, Equatable {
        /// They add up to the amount.
        case addsUp
        /// They add up to another amount.
        case differs(total: Int64)
        /// Their sum leaves `Int64` (never for at most ``MinorUnits/maxOrderItems`` lines in
        /// ``MinorUnits/lineAmounts``).
        case overflows
    }

    /// Whether `itemAmounts` add up to `amount`.
    public static func itemsTotal(_ itemAmounts: some Sequence<Int64>, against amount: Int64) -> ItemsTotal {
        guard let total = MinorUnits.sum(itemAmounts) else { return .overflows }
        return total == amount ? .addsUp : .differs(total: total)
    }
}
#endif
