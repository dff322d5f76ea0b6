import Foundation

extension SwedbankPaySDK.JSONValue {
    /// Why bytes are not a JSON text.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The byte offset where the text stopped making sense.
        public var offset: Int
        /// What was wrong there, in a few words (`"unexpected end of input"`, `"invalid escape"`).
        public var reason: String

        public var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    /// The deepest nesting of arrays and objects ``init(parsing:maxDepth:)-(Data,_)`` accepts by default.
    /// The parser recurses once per level, so keep limits in the hundreds: a few thousand levels
    /// can exhaust a secondary thread's stack.
    public static let defaultMaxDepth = 128

    /// Parses a JSON text (RFC 8259) directly, without `Codable`: several times faster than
    /// `JSONDecoder`, and with an explicit nesting limit so hostile input cannot exhaust the stack.
    ///
    /// Whole numbers that fit in `Int64` (`404`, `1e3`, `2.0`) become ``integer(_:)``; other numbers
    /// ``number(_:)``. Duplicate
    /// object members keep the last value, as `JSONSerialization` does.
    public init(parsing data: Data, maxDepth: Int = defaultMaxDepth) throws(ParseError) {
        var parser = JSONParser(bytes: [UInt8](data), maxDepth: maxDepth)
        self = try parser.parseDocument()
    }

    /// Parses JSON text given as a string; see ``init(parsing:maxDepth:)-(Data,_)``.
    public init(parsing text: String, maxDepth: Int = defaultMaxDepth) throws(ParseError) {
        try self.init(parsing: Data(text.utf8), maxDepth: maxDepth)
    }
}

/// A recursive-descent JSON parser over UTF-8 bytes.
private struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var depth = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(SwedbankPaySDK.JSONValue.ParseError) -> SwedbankPaySDK.JSONValue {
        // A UTF-8 byte order mark is tolerated, as RFC 8259 allows parsers to.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected content after the value") }
        return value
    }

    func fail(_ reason: String) -> SwedbankPaySDK.JSONValue.ParseError {
        SwedbankPaySDK.JSONValue.ParseError(offset: index, reason: reason)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(SwedbankPaySDK.JSONValue.ParseError) -> SwedbankPaySDK.JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    mutating func expect(_ literal: StaticString) throws(SwedbankPaySDK.JSONValue.ParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        let matches = literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw fail("invalid literal") }
        index += count
    }

    mutating func enter() throws(SwedbankPaySDK.JSONValue.ParseError) {
        depth += 1
        guard depth <= maxDepth else { throw fail("nested deeper than \(maxDepth) levels") }
    }

    mutating func parseObject() throws(SwedbankPaySDK.JSONValue.ParseError) -> SwedbankPaySDK.JSONValue {
        try enter()
        index += 1
        var members: SwedbankPaySDK.JSONObject = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(members)
            } else {
                throw fail("expected ',' or '}'")
            }
        }
    }

    mutating func parseArray() throws(SwedbankPaySDK.JSONValue.ParseError) -> SwedbankPaySDK.JSONValue {
        try enter()
        index += 1
        var elements: [SwedbankPaySDK.JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            } else {
                throw fail("expected ',' or ']'")
            }
        }
    }

    mutating func parseString() throws(SwedbankPaySDK.JSONValue.ParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                guard text.utf8.count == index - start else { throw fail("invalid UTF-8 in a string") }
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw fail("control character in a string") }
            index += 1
        }
        var buffer = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let text = String(decoding: buffer, as: UTF8.self)
                guard text.utf8.count == buffer.count else { throw fail("invalid UTF-8 in a string") }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("unexpected end of input") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): buffer.append(0x22)
                case UInt8(ascii: "\\"): buffer.append(0x5C)
                case UInt8(ascii: "/"): buffer.append(0x2F)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"): buffer.append(contentsOf: try parseUnicodeEscape())
                default: throw fail("invalid escape")
                }
            default:
                guard byte >= 0x20 else { throw fail("control character in a string") }
                buffer.append(byte)
                index += 1
            }
        }
        throw fail("unterminated string")
    }

    /// `\uXXXX` (after the `u`), joining surrogate pairs; a lone surrogate is an error.
    mutating func parseUnicodeEscape() throws(SwedbankPaySDK.JSONValue.ParseError) -> [UInt8] {
        let first = try parseHex4()
        var scalarValue = first
        if (0xD800...0xDBFF).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail("lone high surrogate") }
            index += 2
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw fail("invalid low surrogate") }
            scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(first) {
            throw fail("lone low surrogate")
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw fail("invalid code point") }
        return Array(String(Character(scalar)).utf8)
    }

    mutating func parseHex4() throws(SwedbankPaySDK.JSONValue.ParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("unexpected end of input") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid hex digit")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    mutating func parseNumber() throws(SwedbankPaySDK.JSONValue.ParseError) -> SwedbankPaySDK.JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("leading zero in a number") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid fraction") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else { throw fail("number out of range") }
        // `1e3` and `2.0` are whole numbers too; they read as integers, as `JSONDecoder` reads them.
        if number.rounded() == number, abs(number) < 9.0e18 { return .integer(Int64(number)) }
        return .number(number)
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
