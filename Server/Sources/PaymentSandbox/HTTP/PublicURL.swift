#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird

/// Builds the absolute URLs the sandbox hands out (operation hrefs, script links).
///
/// The real service answers on two hosts: its API resources (`/psp/paymentorders/…`, payer
/// tokens) on `api.…`, which merchants' servers call, and its pages and the payment-session API on
/// `ecom.…`, which payers' browsers and apps reach. `apiBase`, when set, is the first kind's base,
/// so one sandbox can give a backend in a container network hrefs on the address it calls while
/// payers get hrefs on a published port.
struct PublicURL: Sendable {
    /// The base of payer-facing URLs (pages, scripts, the payment-session API).
    let base: String
    /// The base of API resources' URLs; nil uses `base`.
    let apiBase: String?

    /// The configured public URL, or `<scheme>://<Host>` of the request; the configured API URL, if any.
    init(configured: URL?, api: URL? = nil, scheme: String = "http", request: Request) {
        if let configured {
            base = Self.trimmed(configured)
        } else {
            let host = request.head.authority ?? "127.0.0.1"
            base = "\(scheme)://\(host)"
        }
        apiBase = api.map(Self.trimmed)
    }

    init(base: String, apiBase: String? = nil) {
        self.base = base
        self.apiBase = apiBase
    }

    /// The base + `path` (which starts with `/`): the API base for an API resource's path.
    func url(_ path: String) -> String {
        if let apiBase, Self.isAPIResource(path) { return apiBase + path }
        return base + path
    }

    /// Whether `path` names a resource merchants' servers call: under `/psp/`, except the
    /// payment-session API, which the payer's app calls.
    static func isAPIResource(_ path: String) -> Bool {
        path.hasPrefix("/psp/") && !path.hasPrefix("/psp/paymentsessions")
    }

    private static func trimmed(_ url: URL) -> String {
        let text = url.absoluteString
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
#endif
