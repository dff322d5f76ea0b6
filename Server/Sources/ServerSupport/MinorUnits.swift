#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The bounds on money from outside, in the currency's minor unit, and the one piece of arithmetic
/// both servers do with it: a part's share of the VAT.
///
/// Swedbank Pay documents its amounts as integers in the minor unit and states no largest value,
/// so the bound is JSON's: 2^53 − 1, the largest integer every JSON reader — a JavaScript one
/// included — reads exactly. An amount is never negative; an order line's prices and amounts may
/// be (a discount line). Every sum of amounts either server makes is of at most
/// ``maxOrderItems`` lines or of transactions that each took at most what remained, so it stays far
/// inside `Int64`; the one product, the VAT share, is computed in 128 bits and so never
/// overflows either.
public enum MinorUnits {
    /// 2^53 − 1, the largest amount accepted anywhere.
    public static let largest: Int64 = 9_007_199_254_740_991

    /// An amount: `amount`, `vatAmount`, a capture, cancellation or reversal.
    public static let amounts: ClosedRange<Int64> = 0...largest

    /// An order line's `unitPrice`, `discountPrice`, `amount` and `vatAmount` (a discount line's
    /// are negative).
    public static let lineAmounts: ClosedRange<Int64> = -largest...largest

    /// An order line's whole `quantity` and `vatPercent` (25 % is 2500).
    public static let lineCounts: ClosedRange<Int64> = 0...largest

    /// The most order lines an order, a capture or a reversal may have: 1000 lines of at most
    /// 2^53 − 1 add up to less than 2^63.
    public static let maxOrderItems = 1_000

    /// `part`'s share of `wholeVAT` when `wholeVAT` is the VAT of `whole`: `wholeVAT × part / whole`,
    /// rounded toward zero, as a cancellation or a capture without a VAT amount takes it (0 for an
    /// order of 0, a `Verify`). Computed in 128 bits, so it is exact for any amounts; nil when the
    /// inputs are no amounts of one order (`whole` or `part` negative, a VAT outside `0...whole`).
    /// The share is never larger than `part`.
    public static func vatShare(of part: Int64, whole: Int64, wholeVAT: Int64) -> Int64? {
        guard whole >= 0, (0...whole).contains(wholeVAT), part >= 0 else { return nil }
        if whole == 0 { return 0 }
        let product = wholeVAT.multipliedFullWidth(by: part)
        // The quotient is at most `part` (wholeVAT ≤ whole), so it fits: no trap.
        return whole.dividingFullWidth((high: product.high, low: product.low)).quotient
    }

    /// The sum of `values`, or nil when it leaves `Int64` (never for at most ``maxOrderItems``
    /// values in ``lineAmounts``, but the check costs nothing).
    public static func sum(_ values: some Sequence<Int64>) -> Int64? {
        var total: Int64 = 0
        for value in values {
            let (next, overflow) = total.addingReportingOverflow(value)
            if overflow { return nil }
            total = next
        }
        return total
    }
}
#endif
