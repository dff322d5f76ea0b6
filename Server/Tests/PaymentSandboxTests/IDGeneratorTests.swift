import Foundation
import Testing

@testable import PaymentSandbox

/// The sandbox's ids without a seed: random words fetched from the system in bulk, every one used
/// once, across many refills; with a seed, the same sequence every time.
@Suite struct IDGeneratorTests {
    @Test func randomIdsNeverRepeatAcrossRefills() {
        let ids = IDGenerator(seed: nil)
        // 4 words a token: 3,000 tokens take 12,000 words, about 23 refills of 512.
        let tokens = (0..<3_000).map { _ in ids.token() }
        #expect(Set(tokens).count == tokens.count)
        #expect(tokens.allSatisfy { $0.utf8.count == 64 && $0.utf8.allSatisfy(Self.isLowerHex) })
        // 16 hex digits a word: no word of any token is repeated, as a reused buffer would.
        let words = tokens.flatMap { token in stride(from: 0, to: 64, by: 16).map { Array(token.utf8)[$0..<$0 + 16] } }
        #expect(Set(words.map { String(decoding: $0, as: UTF8.self) }).count == words.count)
        let guid = ids.guid()
        #expect(guid.utf8.count == 36 && guid.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
    }

    @Test func systemWordsAreFetchedInTheCountAskedFor() {
        let words = SystemRandomWords.fetch(1_000)
        #expect(words.count == 1_000)
        #expect(Set(words).count == 1_000)
    }

    @Test func aSeedGivesTheSameSequence() {
        let first = IDGenerator(seed: 42)
        let second = IDGenerator(seed: 42)
        #expect((0..<5).map { _ in first.token() } == (0..<5).map { _ in second.token() })
    }

    static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
