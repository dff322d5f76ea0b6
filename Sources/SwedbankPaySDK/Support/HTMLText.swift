import Foundation

extension SwedbankPaySDK {
    /// Escaping for values placed into HTML: the pages the SDK generates (3-D Secure forms) and,
    /// in this repository, every page the servers render. Every value that comes from a merchant,
    /// a payer or a URL goes through it, so none can break out of its element or attribute.
    public enum HTMLText {
        /// Text for HTML content and double- or single-quoted attributes.
        public static func escape(_ text: String) -> String {
            var result = ""
            result.reserveCapacity(text.utf8.count)
            // Scalars, not Characters: a quote followed by a combining mark is one Character that
            // is not equal to `"`, yet the browser still reads the quote.
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
    }
}
