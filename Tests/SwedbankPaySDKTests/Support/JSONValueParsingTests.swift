import Foundation
import Testing

@testable import SwedbankPaySDK

@Suite struct JSONValueParsingTests {
    typealias JSON = SwedbankPaySDK.JSONValue

    static let documents = [
        #"{"paymentorder":{"operation":"Purchase","currency":"SEK","amount":1500,"vatAmount":375,"description":"Test Purchase","urls":{"hostUrls":["https://example.com/"]}}}"#,
        #"[1, -2, 3.5, -0.25, 1e3, 2E-2, 9223372036854775807, 9223372036854775808, 0]"#,
        #"{"s": "quote \" backslash \\ slash \/ tab \t newline \n unicode \u00e5\u00E4 emoji \ud83d\ude00 raw åäö 😀"}"#,
        #"  {"a": [], "b": {}, "c": [[], [{}]], "d": null, "e": true, "f": false}  "#,
        #""just a string""#,
        "42",
    ]

    @Test(arguments: documents)
    func agreesWithFoundation(text: String) throws {
        let fast = try JSON(parsing: text)
        let foundation = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
        #expect(fast == foundation)
    }

    @Test func numbersKeepTheirKind() throws {
        #expect(try JSON(parsing: "404") == .integer(404))
        #expect(try JSON(parsing: "-9223372036854775808") == .integer(.min))
        #expect(try JSON(parsing: "9223372036854775808") == .number(9_223_372_036_854_775_808))
        #expect(try JSON(parsing: "1.5") == .number(1.5))
        #expect(try JSON(parsing: "1e2") == .integer(100))
        #expect(try JSON(parsing: "2.0") == .integer(2))
    }

    @Test(arguments: [
        ("", "unexpected end of input"),
        ("{", "expected a member name"),
        (#"{"a" 1}"#, "expected ':'"),
        (#"{"a":1,}"#, "expected a member name"),
        ("[1,]", "unexpected character"),
        ("[1 2]", "expected ',' or ']'"),
        ("01", "leading zero in a number"),
        ("1.", "invalid fraction"),
        ("1e", "invalid exponent"),
        ("-", "invalid number"),
        ("tru", "unexpected end of input"),
        ("nul1", "invalid literal"),
        (#""\x""#, "invalid escape"),
        (#""\ud800""#, "lone high surrogate"),
        (#""\udc00""#, "lone low surrogate"),
        ("\"a\u{01}\"", "control character in a string"),
        (#""abc"#, "unterminated string"),
        ("{} {}", "unexpected content after the value"),
        ("1e400", "number out of range"),
    ])
    func rejectsInvalidText(text: String, reason: String) {
        #expect {
            _ = try JSON(parsing: text)
        } throws: { error in
            (error as? JSON.ParseError)?.reason == reason
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSON.ParseError.self) { _ = try JSON(parsing: Data([0x22, 0xFF, 0xFE, 0x22])) }
    }

    @Test func limitsNesting() throws {
        let deep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
        #expect {
            _ = try JSON(parsing: deep)
        } throws: { error in
            (error as? JSON.ParseError)?.reason == "nested deeper than 128 levels"
        }
        let allowed = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        _ = try JSON(parsing: allowed)
        _ = try JSON(parsing: String(repeating: "[", count: 300) + String(repeating: "]", count: 300), maxDepth: 300)
    }

    @Test func serializesCompactWithSortedMembers() throws {
        let value: JSON = .object([
            "b": .array([.integer(1), .number(2.5), .number(3), .null]), "a": .string("x\"y\\z\n/å😀\u{01}"),
            "c": .bool(false),
        ])
        #expect(value.jsonText == #"{"a":"x\"y\\z\n/å😀\u0001","b":[1,2.5,3,null],"c":false}"#)
        #expect(
            try JSON(parsing: value.serialized())
                == .object([
                    "b": .array([.integer(1), .number(2.5), .integer(3), .null]), "a": .string("x\"y\\z\n/å😀\u{01}"),
                    "c": .bool(false),
                ]))
    }

    @Test func membersAreOrderedByTheirUTF8BytesNotByUnicodeEquivalence() {
        // "e" + U+0301 is canonically "é", which `String`'s `<` puts after "f"; its bytes
        // (65 CC 81) come before "f"'s (66). Upper case (5A) comes before lower case (61), a
        // prefix before what extends it, and "ø" (C3 B8) after every ASCII key.
        let value = JSON.object([
            "f": .integer(1), "e\u{301}": .integer(2), "\u{F8}": .integer(3), "a": .integer(4), "Z": .integer(5),
            "ab": .integer(6),
        ])
        // Bytes, not strings: `==` on strings would take either form of "é" for the other.
        #expect(
            Array(value.serialized()) == Array("{\"Z\":5,\"a\":4,\"ab\":6,\"e\u{301}\":2,\"f\":1,\"\u{F8}\":3}".utf8))
    }

    @Test(arguments: documents)
    func roundTripsThroughTheSerializer(text: String) throws {
        let value = try JSON(parsing: text)
        #expect(try JSON(parsing: value.serialized()) == value)
    }
}
