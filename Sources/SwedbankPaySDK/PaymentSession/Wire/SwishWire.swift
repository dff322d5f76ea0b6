import Foundation

/// The Swish app's side of the wire: the payer's number as the session takes it, and the URL that
/// opens the app and brings the payer back.
enum SwishWire {
    /// `+`, a country code not starting with 0, 8 to 15 digits in all; nothing else.
    static func isValidMSISDN(_ msisdn: String) -> Bool {
        let digits = msisdn.utf8.dropFirst()
        return msisdn.utf8.first == UInt8(ascii: "+") && (8...15).contains(digits.count)
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && digits.first != UInt8(ascii: "0")
    }

    /// The Swish URL with `callbackurl=<paymentUrl>` added (percent-encoded once, as a query
    /// value), unless it already has a non-empty one. Other schemes are opened as given.
    static func launchURL(href: String, paymentUrl: URL?) -> URL? {
        guard var components = URLComponents(string: href) else { return nil }
        let hasCallback = (components.queryItems ?? []).contains {
            $0.name == "callbackurl" && !($0.value ?? "").isEmpty
        }
        if components.scheme?.lowercased() == "swish", let paymentUrl, !hasCallback {
            var unreserved = CharacterSet(
                charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            unreserved.insert(charactersIn: "-._~")
            let value = paymentUrl.absoluteString.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
            let query = components.percentEncodedQuery.map { $0.isEmpty ? "" : $0 + "&" } ?? ""
            components.percentEncodedQuery = query + "callbackurl=" + value
        }
        return components.url
    }
}
