import Foundation
import ServerSupport
import Testing

@testable import PaymentSandbox

/// How the sandbox finds two payer references to name one payer: by bytes, or — to stand for the
/// loosest service — after compatibility normalization, invisible characters, white space and case.
@Suite struct PayerReferenceMatchingTests {
    static let lookalikes = [
        "\u{212A}UND-1001", "\u{FF2B}UND-1001", "kund-1001", "KU\u{200D}ND-1001", "\u{FEFF}KUND-1001", "KUND-1001 ",
        "KUND-\u{FF11}\u{FF10}\u{FF10}\u{FF11}", "KUND\u{AD}-1001", "KUND\u{FE63}1001",
    ]

    @Test func exactMatchingTellsEveryOtherSpellingApart() {
        let keys = Set((["KUND-1001"] + Self.lookalikes).map { PayerReferenceMatching.exact.key($0) })
        #expect(keys.count == Self.lookalikes.count + 1)
        #expect(PayerReferenceMatching.exact.key("\u{C5}sa") != PayerReferenceMatching.exact.key("A\u{30A}sa"))
    }

    @Test func looseMatchingTakesEveryLookalikeForOnePayer() {
        for spelling in Self.lookalikes {
            #expect(
                PayerReferenceMatching.loose.key(spelling) == PayerReferenceMatching.loose.key("KUND-1001"),
                "\(spelling.debugDescription)")
        }
        #expect(PayerReferenceMatching.loose.key("\u{212B}sa") == PayerReferenceMatching.loose.key("A\u{30A}sa"))
        #expect(PayerReferenceMatching.loose.key("KUND-1001") != PayerReferenceMatching.loose.key("KUND-1002"))
    }
}
