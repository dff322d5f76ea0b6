import Foundation
import SwedbankPaySDK

/// The `PATCH /patch` relay's reading of the app's body (`RelayRequest`, `RelayedPatch`) and the
/// `POST /expand` body: any JSON object is refused with a 400 naming its members, or relayed as one
/// of the two operations with its one field within the contract's limits and nothing else of the
/// body (``RelayProperties/patch(_:)``, ``RelayProperties/expand(_:)``). The same bytes as an href
/// (and, split at the first newline, as an origin and an href) are taken exactly when they are the
/// origin's bytes, `/psp/paymentorders/` and an id (``RelayProperties/orderPath(href:origin:)``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRelayRequest(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if case .object(let body)? = try? SwedbankPaySDK.JSONValue(parsing: data, maxDepth: 32) {
        if let broken = RelayProperties.patch(body) ?? RelayProperties.expand(body) { fatalError(broken) }
        if case .object(let order)? = body["paymentorder"] {
            // The relay's operation object alone, with the href of an order.
            let wrapped: SwedbankPaySDK.JSONObject = [
                "href": .string("https://api.example.com/psp/paymentorders/abc"), "paymentorder": .object(order),
            ]
            if let broken = RelayProperties.patch(wrapped) { fatalError(broken) }
        }
    }
    let text = String(decoding: data, as: UTF8.self)
    if let broken = RelayProperties.orderPath(href: text, origin: "https://api.example.com") { fatalError(broken) }
    if let newline = text.utf8.firstIndex(of: UInt8(ascii: "\n")) {
        let origin = String(decoding: text.utf8[..<newline], as: UTF8.self)
        let href = String(decoding: text.utf8[text.utf8.index(after: newline)...], as: UTF8.self)
        if let broken = RelayProperties.orderPath(href: href, origin: origin) { fatalError(broken) }
    }
    return 0
}
