import Foundation
import SwedbankPaySDK

/// Escaping for what the hosted views put into HTML and scripts. Every value that comes from a
/// merchant, a payer or a URL goes through one of these, so no order description or URL can
/// break out of its element, attribute or script.
enum HTMLText {
    /// Text for HTML content and double- or single-quoted attributes.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        // Scalars, not Characters: a quote followed by a combining mark is one Character that is
        // not equal to `"`, yet the browser still reads the quote.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A JSON value as a JavaScript expression that is safe inside a `<script>` element: `<`,
    /// `>` and `&` become `\u` escapes (so `</script>` and `<!--` cannot appear), and so do the
    /// line separators JavaScript once refused in string literals.
    static func scriptJSON(_ value: SwedbankPaySDK.JSONValue) -> String {
        let data = (try? JSONResponse.encoder.encode(value)) ?? Data("null".utf8)
        var result = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `amount` minor units as `1 500.00 SEK`-style text for people.
    static func money(_ amount: Int64, currency: String) -> String {
        let major = amount / 100
        let minor = abs(amount % 100)
        let minorText = minor < 10 ? "0\(minor)" : "\(minor)"
        return "\(major).\(minorText) \(currency)"
    }
}
