#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The trampoline page (`/externalresourcehost/trampoline`): a page on the sandbox's own host with
/// one control, "Back to <app>", that navigates to the target. iOS hands a universal link to the
/// app only when the payer follows it from another domain, so the payer's tap here is what gets
/// them back into the app.
///
/// Every value from the query is escaped for where it lands: the app name as HTML text, the
/// target as an HTML attribute and, percent-encoded then JSON-encoded, inside the script.
struct TrampolinePage: Sendable {
    /// An absolute http(s) URL (checked by the route).
    let target: String
    let language: String
    let app: String?

    var html: String {
        let label = Self.escapeHTML(Self.label(language: language, app: app))
        return """
            <!DOCTYPE html>
            <html lang="\(Self.languageCode(language))">
            <head>
                <meta charset="utf-8" />
                <meta name="viewport" content="width=device-width, initial-scale=1.0" />
                <title>Swedbank Pay Redirect</title>
                <style>
                    :root { color-scheme: light dark; }
                    body { margin: 0; font-family: -apple-system, "Segoe UI", Roboto, sans-serif; background: #fdf6ee; }
                    @media (prefers-color-scheme: dark) { body { background: #1b1a18; } }
                    .trampoline-container { display: flex; min-height: 100vh; align-items: center; justify-content: center; }
                    .trampoline-text { padding: 1em 2em; border-radius: 8px; background: #31a3ae; color: #fff;
                        font-size: 1.2em; text-decoration: none; }
                </style>
            </head>
            <body>
            <div class="trampoline-container" id="trampoline-container">
                <a class="trampoline-text" id="trampoline-link" href="\(Self.escapeHTML(target))">\(label)</a>
            </div>
            <script>
                var target = \(Self.scriptString(Self.percentEncode(target)));
                function redirect() { window.location.href = decodeURIComponent(target); }
                document.getElementById("trampoline-container").addEventListener("click", function (event) {
                    event.preventDefault();
                    redirect();
                });
            </script>
            </body>
            </html>

            """
    }

    /// "Back to <app>" in the page's language (``PayerLanguage``: English for an unknown one), or
    /// "Back to the app" without a name or with one that is not an app's name (``appName(_:)``).
    static func label(language: String, app: String?) -> String {
        let words = PayerLanguage(culture: language).words
        return appName(app).map { PayerWords.fill(words.backTo, ["app": $0]) } ?? words.backToApp
    }

    /// The longest app name shown, in characters (and at most twice as many Unicode scalars, so
    /// a name stacked with combining marks is no name).
    static let appNameLength = 30

    /// The query's `app` when it can be an app's name: 1 to ``appNameLength`` characters, each a
    /// letter, a digit, a space or one of `- . ' &`, starting and ending with a letter or digit.
    /// Anyone can link to the trampoline with any `app`, and the page is on Swedbank Pay's (here
    /// the sandbox's) own host: a sentence ("Your Bank (verify account)"), markup or a page-long
    /// text would speak with that host's authority, so anything else shows the generic label.
    static func appName(_ app: String?) -> String? {
        guard let app, (1...appNameLength).contains(app.count), app.unicodeScalars.count <= 2 * appNameLength,
            let first = app.first, let last = app.last, isLetterOrDigit(first), isLetterOrDigit(last),
            app.allSatisfy({ isLetterOrDigit($0) || " -.'&".contains($0) }),
            app.unicodeScalars.allSatisfy(isNameScalar), !app.contains("  ")
        else { return nil }
        return app
    }

    private static func isLetterOrDigit(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// A letter, a mark on one, a digit or the punctuation allowed — never an invisible format
    /// character (a joiner, a direction override) hidden inside a letter's character.
    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: " -.'&".unicodeScalars.contains(scalar)
        }
    }

    /// The page's `lang`: one of ``PayerLanguage``'s codes, never the raw query value, so nothing
    /// from the query reaches the attribute.
    static func languageCode(_ language: String) -> String {
        PayerLanguage(culture: language).code
    }

    /// Escapes text for an HTML text node or a double- or single-quoted attribute.
    static func escapeHTML(_ text: String) -> String {
        HTMLText.escape(text)
    }

    /// `encodeURIComponent`: everything but letters, digits and `-_.!~*'()` as UTF-8 `%XX`.
    static func percentEncode(_ text: String) -> String {
        let unreserved = CharacterSet(charactersIn: "-_.!~*'()")
            .union(CharacterSet(charactersIn: "a"..."z")).union(CharacterSet(charactersIn: "A"..."Z"))
            .union(CharacterSet(charactersIn: "0"..."9"))
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// A JavaScript string literal (JSON) that cannot end the `<script>` element: `<`, `>`, `&`
    /// and the JavaScript line separators are written as `\u` escapes too.
    static func scriptString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "<", ">", "&", "'", "\u{2028}", "\u{2029}":
                literal += String(format: "\\u%04x", scalar.value)
            case _ where scalar.value < 0x20:
                literal += String(format: "\\u%04x", scalar.value)
            default:
                literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
#endif
