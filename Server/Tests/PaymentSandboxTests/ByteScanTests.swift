import Foundation
import Testing

@testable import PaymentSandbox

/// The byte scans that replaced walks over characters give what the character rules give, on
/// every string of up to three characters from a pool of the cases that differ: ASCII and
/// Unicode white space, CR LF (one character), letters, digits, a combining mark, non-ASCII
/// letters and digits, an emoji.
@Suite struct ByteScanTests {
    static let pool: [String] = [
        "a", "Z", "7", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\r\n", "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}",
        "\u{301}", "é", "٣", "🙂", "-", "/",
    ]

    static var strings: [String] {
        var all = [""]
        var layer = [""]
        for _ in 1...3 {
            layer = layer.flatMap { prefix in pool.map { prefix + $0 } }
            all += layer
        }
        return all
    }

    @Test func whiteSpaceIsFoundAsCharactersFindIt() {
        for text in Self.strings {
            #expect(
                InputProblems.containsWhitespace(text) == text.contains(where: \.isWhitespace),
                "\(text.debugDescription)")
        }
    }

    @Test func payeeReferencesAreAcceptedAsTheCharacterRuleAcceptsThem() {
        for text in Self.strings + ["A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5", "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p"] {
            let characterRule =
                (1...30).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            #expect(PaymentOrderValidator.isPayeeReference(text) == characterRule, "\(text.debugDescription)")
        }
    }
}
