#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

extension HTMLText {
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
}
#endif
