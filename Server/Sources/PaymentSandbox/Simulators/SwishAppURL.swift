#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The URL the SDK opens to start the Swish app: `swish://paymentrequest?token=<t>&callbackurl=<u>`.
/// The iOS SDK encodes the callback URL twice (host-allowed set, then as a query item); the
/// Android SDK once. Both decode to the same callback URL here.
struct SwishAppURL: Sendable, Equatable {
    let swishToken: String
    /// Where the Swish app returns to (the order's paymentUrl), decoded; nil when absent or empty.
    let callbackURL: String?

    /// nil unless `text` is a `swish://paymentrequest` URL with a `token`.
    init?(_ text: String) {
        guard let components = URLComponents(string: text), components.scheme == "swish",
            components.host == "paymentrequest",
            let token = components.queryItems?.first(where: { $0.name == "token" })?.value, !token.isEmpty
        else { return nil }
        swishToken = token
        let raw = components.queryItems?.last(where: { $0.name == "callbackurl" && !($0.value ?? "").isEmpty })?.value
        callbackURL = raw.map(Self.fullyDecoded)
    }

    /// Decodes percent escapes until a scheme separator appears (or nothing changes), so a doubly
    /// encoded URL comes back whole while a plain one is left alone.
    static func fullyDecoded(_ value: String) -> String {
        var current = value
        while !current.contains("://"), let decoded = current.removingPercentEncoding, decoded != current {
            current = decoded
        }
        return current
    }
}
#endif
