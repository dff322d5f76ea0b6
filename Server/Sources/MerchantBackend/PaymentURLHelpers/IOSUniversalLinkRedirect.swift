import Foundation

/// `GET /sdk-callback/ios-universal-link`: where a paymentUrl opened in Safari (instead of the
/// app) redirects, so the payer still gets back to the app.
///
/// - Without `fallback=true`: to the trampoline page (on another domain) whose button re-opens
///   this same URL with `&fallback=true` appended — a user-initiated, cross-domain navigation that
///   iOS hands to the app as a universal link.
/// - With `fallback=true`: to this same URL with the app's custom `scheme` in place of `https`, the
///   last resort, which always reaches the app (after a confirmation dialog).
///
/// The URL it redirects to is always built from the backend's configured public URL and the
/// request's own path and query, never from the `Host` header, so it cannot be turned into an open
/// redirect. The query is kept exactly as received: the SDK matches the returning URL against the
/// paymentUrl and re-encoding would break that.
///
/// `scheme` must be one of the configured app schemes (compared case-insensitively), with and
/// without `fallback=true`: the trampoline leg ends at that scheme too, so refusing only the last
/// leg would still bounce a payer through the trampoline to a scheme the merchant never chose.
struct IOSUniversalLinkRedirect: Sendable {
    /// `https://example.com` — scheme and authority of the backend as the world sees it.
    let publicOrigin: String
    /// The trampoline page, e.g. `https://ecom.stage.payex.com/externalresourcehost/trampoline`.
    let trampoline: URL
    /// The merchant's app schemes in ``AppScheme/canonical(_:)`` form. Empty refuses every request.
    let appSchemes: Set<String>

    init(publicOrigin: String, trampoline: URL, appSchemes: [String]) {
        self.publicOrigin = publicOrigin
        self.trampoline = trampoline
        self.appSchemes = Set(appSchemes.map(AppScheme.canonical))
    }

    /// Why no redirect can be given.
    enum Refusal: Error, Equatable {
        case missingParameter(String)
        /// `scheme` is not one of the configured app schemes.
        case schemeNotAllowed(String)
        /// No app scheme is configured, so no redirect is ever given.
        case noAppSchemes
        /// `fallback` is present but neither `true` nor `false`.
        case invalidFallback
    }

    /// The `Location` for a request with `path` and raw (encoded) `query`.
    func location(path: String, query: String) throws(Refusal) -> String {
        guard let scheme = URIComponent.value(of: "scheme", inQuery: query), !scheme.isEmpty else {
            throw .missingParameter("scheme")
        }
        guard let language = URIComponent.value(of: "language", inQuery: query), !language.isEmpty else {
            throw .missingParameter("language")
        }
        guard !appSchemes.isEmpty else { throw .noAppSchemes }
        guard appSchemes.contains(AppScheme.canonical(scheme)) else { throw .schemeNotAllowed(scheme) }
        // The trampoline appends `fallback=true` to the query as it came, so when the query already
        // had a `fallback` the last one is the helper's own: reading the first would send a payer
        // whose query said `fallback=false` back to the trampoline forever.
        let fallbacks = URIComponent.values(of: "fallback", inQuery: query)
        guard fallbacks.allSatisfy({ $0 == "true" || $0 == "false" }) else { throw .invalidFallback }
        let fallback = fallbacks.last
        let pathAndQuery = path + (query.isEmpty ? "" : "?" + query)
        if fallback == "true" {
            return scheme + "://" + Self.authority(of: publicOrigin) + pathAndQuery
        }
        let target = publicOrigin + pathAndQuery + (query.isEmpty ? "?" : "&") + "fallback=true"
        var location =
            trampoline.absoluteString + "?target=" + URIComponent.encode(target) + "&language="
            + URIComponent.encode(language)
        if let app = URIComponent.value(of: "app", inQuery: query) {
            location += "&app=" + URIComponent.encode(app)
        }
        return location
    }

    private static func authority(of origin: String) -> String {
        guard let range = origin.range(of: "://") else { return origin }
        return String(origin[range.upperBound...])
    }
}
