#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The card scheme (`paid.details.cardBrand`) of a card number, from its leading digits, for any
/// card that is not one of the sandbox's test cards: the schemes' published number ranges, the
/// more specific range first (a Dankort's `5019` before Maestro's `50`, Forbrugsforeningen's
/// `600722` before Maestro's `6`). The names are the ones the portal's `cardBrands` lists use.
enum CardScheme {
    /// One range of leading digits: numbers whose first `digits` digits lie in `range`.
    struct Range: Sendable {
        let digits: Int
        let range: ClosedRange<Int>
        let brand: String
    }

    static let ranges: [Range] = [
        Range(digits: 6, range: 600_722...600_722, brand: "Forbrugsforeningen"),
        Range(digits: 4, range: 5019...5019, brand: "Dankort"),
        Range(digits: 2, range: 34...34, brand: "Amex"),
        Range(digits: 2, range: 37...37, brand: "Amex"),
        Range(digits: 1, range: 4...4, brand: "Visa"),
        Range(digits: 2, range: 51...55, brand: "MasterCard"),
        Range(digits: 4, range: 2221...2720, brand: "MasterCard"),
        Range(digits: 2, range: 50...50, brand: "Maestro"),
        Range(digits: 2, range: 56...69, brand: "Maestro"),
    ]

    /// What a number in no range is called (a scheme the sandbox does not name).
    static let unknown = "Card"

    /// The scheme of a number that starts with `leadingDigits` (a PAN, a BIN, or the head of a
    /// masked PAN; anything after the digits is ignored).
    static func brand(leadingDigits: String) -> String {
        let digits = leadingDigits.prefix { $0.isASCII && $0.isNumber }
        for entry in ranges where digits.count >= entry.digits {
            if let head = Int(digits.prefix(entry.digits)), entry.range.contains(head) { return entry.brand }
        }
        return unknown
    }
}
#endif
