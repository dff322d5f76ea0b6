/// The media type of a `Content-Type` header value: before any parameters, without surrounding
/// white space, in lower case (`"Application/JSON; charset=utf-8"` → `"application/json"`).
///
/// As HTTP has it (RFC 9110 §5.6.3, §8.3.1): white space is spaces and tabs, and the type and
/// subtype are case-insensitive in ASCII. Any other character is kept as it is, so the answer
/// never depends on the letter case of the rest of the header.
enum MediaType {
    static func of(_ contentType: String) -> String {
        var type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        // What clients send is nearly always lower case without spaces: taken as it is.
        if type.allSatisfy({ !isBlank($0) && !isUpper($0) }) { return String(decoding: type, as: UTF8.self) }
        while let first = type.first, isBlank(first) { type = type.dropFirst() }
        while let last = type.last, isBlank(last) { type = type.dropLast() }
        return String(decoding: type.lazy.map { isUpper($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    private static func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
}
