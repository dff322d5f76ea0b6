#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
/// The parts of a `Content-Type` (or one `Accept` element) that decide how a body is read: the
/// media type and its parameters.
///
/// As HTTP has it (RFC 9110 §5.6.3, §5.6.6, §8.3.1): white space is spaces and tabs; the type, the
/// subtype and parameter names are case-insensitive in ASCII; a parameter value may be quoted.
/// Any other character is kept as it is, so the answer never depends on the letter case of the
/// rest of the header.
public enum MediaType {
    /// The media type before any parameters, without surrounding white space, in lower case
    /// (`"Application/JSON; charset=utf-8"` → `"application/json"`).
    public static func of(_ contentType: String) -> String {
        var type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        // What clients send is nearly always lower case without spaces: taken as it is.
        if type.allSatisfy({ !isBlank($0) && !isUpper($0) }) { return String(decoding: type, as: UTF8.self) }
        while let first = type.first, isBlank(first) { type = type.dropFirst() }
        while let last = type.last, isBlank(last) { type = type.dropLast() }
        return String(decoding: type.lazy.map { isUpper($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The value of the parameter `name` (give it in lower case), whatever the letter case of its
    /// name in the header, without quotes; nil when absent. The first occurrence wins.
    /// (`parameter("version", in: "application/json; Version=\"3.1\"")` → `"3.1"`.)
    public static func parameter(_ name: String, in contentType: String) -> String? {
        for part in contentType.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).dropFirst() {
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = trimmed(part[..<equals])
            guard key.count == name.utf8.count, zip(key, name.utf8).allSatisfy({ lower($0) == $1 }) else { continue }
            var value = trimmed(part[part.index(after: equals)...])
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                value = value.dropFirst().dropLast()
            }
            return String(decoding: value, as: UTF8.self)
        }
        return nil
    }

    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        var bytes = bytes
        while let first = bytes.first, isBlank(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isBlank(last) { bytes = bytes.dropLast() }
        return bytes
    }

    private static func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }
    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    private static func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }
}
#endif
