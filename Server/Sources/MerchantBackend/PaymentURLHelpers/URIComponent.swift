import Foundation

/// Percent-encoding as JavaScript's `encodeURIComponent` does it, which is what the trampoline and
/// the SDK expect: letters, digits and `-_.!~*'()` stay; everything else, space included, becomes
/// `%XX` (a space is `%20`, never `+`).
enum URIComponent {
    private static let allowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The decoded value of the first query parameter `name` in a raw (still encoded) query.
    /// `+` is a literal plus, as RFC 3986 has it.
    static func value(of name: String, inQuery query: String) -> String? {
        values(of: name, inQuery: query).first
    }

    /// The decoded values of every query parameter `name`, in order.
    static func values(of name: String, inQuery query: String) -> [String] {
        query.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0].removingPercentEncoding == name else { return nil }
            return parts.count > 1 ? (parts[1].removingPercentEncoding ?? String(parts[1])) : ""
        }
    }
}
