/// The media type of a `Content-Type` header value: before any parameters, without surrounding
/// white space, in lower case (`"Application/JSON; charset=utf-8"` → `"application/json"`).
enum MediaType {
    static func of(_ contentType: String) -> String {
        let type = contentType[..<(contentType.firstIndex(of: ";") ?? contentType.endIndex)]
        // What clients send is nearly always lower case without spaces: no copy through Foundation.
        let isPlain = type.utf8.allSatisfy { $0 != 0x20 && $0 != 0x09 && !(0x41...0x5A).contains($0) }
        return isPlain ? String(type) : type.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
