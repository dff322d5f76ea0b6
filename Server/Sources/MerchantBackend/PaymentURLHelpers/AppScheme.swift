/// The custom URL schemes of the merchant's apps: the only schemes the iOS universal-link helper
/// redirects to. A scheme taken from the request alone would make the helper a redirect to any
/// installed handler (`itms-services` installs apps, `intent` starts Android activities,
/// `x-safari-https` opens Safari), so the operator lists the schemes, and the list is checked at
/// start.
enum AppScheme {
    /// The longest scheme accepted, in characters.
    static let maxLength = 64

    /// Schemes no app's callback scheme can be: those a browser loads, runs or downloads, and those
    /// the systems reserve for installing or launching something else. Compared in lower case;
    /// ``reservedPrefixes`` covers families such as `x-safari-https`.
    static let reserved: Set<String> = [
        "http", "https", "javascript", "data", "vbscript", "file", "blob", "about", "ftp", "ws", "wss",
        "view-source", "filesystem", "intent", "android-app", "itms-services", "itms-apps", "itms-appss",
        "itms", "prefs", "app-prefs", "mailto", "tel", "sms", "facetime", "facetime-audio", "shortcuts",
        "chrome", "googlechrome", "googlechromes", "firefox", "opera-http", "microsoft-edge",
    ]
    /// Prefixes of reserved scheme families (`x-safari-https`, `x-web-search`, `chrome-extension`).
    static let reservedPrefixes = ["x-safari-", "x-web-", "chrome-", "moz-", "ms-"]

    /// RFC 3986 §3.1: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, at most ``maxLength``.
    static func isSchemeSyntax(_ scheme: String) -> Bool {
        let bytes = Array(scheme.utf8)
        guard let first = bytes.first, isLetter(first), bytes.count <= maxLength else { return false }
        return bytes.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    /// What is wrong with `scheme` as a configured app scheme, or nil when it can be one.
    static func problem(_ scheme: String) -> String? {
        guard isSchemeSyntax(scheme) else {
            return "the app scheme \"\(scheme.prefix(maxLength))\" is not a URL scheme"
                + " (a letter, then letters, digits, +, - or ., at most \(maxLength))"
        }
        guard !isReserved(scheme) else {
            return "the app scheme \"\(scheme)\" is a browser's or the system's, not an app's"
        }
        return nil
    }

    /// Whether `scheme` is one of ``reserved`` or starts with one of ``reservedPrefixes``, in any
    /// letter case.
    static func isReserved(_ scheme: String) -> Bool {
        let lower = canonical(scheme)
        return reserved.contains(lower) || reservedPrefixes.contains { lower.hasPrefix($0) }
    }

    /// The form schemes are compared in: RFC 3986 schemes are case-insensitive, in ASCII only —
    /// Unicode lower-casing would make the Kelvin sign (U+212A) a `k` and let a scheme that is no
    /// scheme at all pass for a configured one.
    static func canonical(_ scheme: String) -> String {
        String(decoding: scheme.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
