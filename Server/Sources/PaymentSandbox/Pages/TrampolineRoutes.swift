#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird

/// `GET /externalresourcehost/trampoline?target&language&app`: the page that takes the payer back
/// to the app (see ``TrampolinePage``). `target` and `language` are required; `target` must be
/// an absolute http(s) URL, so the page can never run `javascript:` or go somewhere relative.
struct TrampolineRoutes: SandboxModule {
    let services: SandboxServices

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        open.get("/externalresourcehost/trampoline") { request, _ in
            let page = try Self.page(query: request.uri.query)
            var response = JSONResponse.html(page.html)
            // The page is built from the query: nothing to cache, nothing to sniff, nothing to embed.
            response.headers[.cacheControl] = "no-store"
            response.headers[.xContentTypeOptions] = "nosniff"
            response.headers[.contentSecurityPolicy] =
                "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
            return response
        }
    }

    func reset() async {}

    /// The page for a query string, or an `inputerror` naming each bad parameter.
    static func page(query: String?) throws -> TrampolinePage {
        let parameters = formParameters(query)
        var problems: [(name: String, description: String)] = []
        let target = parameters["target"].flatMap { $0.isEmpty ? nil : $0 }
        let language = parameters["language"].flatMap { $0.isEmpty ? nil : $0 }
        if let target {
            if !isAbsoluteWebURL(target) {
                problems.append(("target", "The target must be an absolute http or https URL."))
            }
        } else {
            problems.append(("target", "The target is required: the URL-encoded URL to go back to."))
        }
        if language == nil {
            problems.append(("language", "The language is required, such as \"sv-SE\"."))
        }
        guard problems.isEmpty, let target, let language else {
            throw SandboxProblem.inputError("The trampoline request is invalid.", problems: problems)
        }
        return TrampolinePage(target: target, language: language, app: parameters["app"])
    }

    /// Whether `text` is an absolute http(s) URL with a host and nothing a browser would
    /// reinterpret (spaces, control characters, backslashes).
    static func isAbsoluteWebURL(_ text: String) -> Bool {
        guard text.count <= 8_192,
            !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7f || $0 == "\\" }),
            let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return false }
        return text.lowercased().hasPrefix(scheme + "://")
    }

    /// Query parameters decoded as a form (`+` is a space); the first of repeated names wins.
    static func formParameters(_ query: String?) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) in
                let spaced = String(part).replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            let name = decode(parts[0])
            if parameters[name] == nil {
                parameters[name] = parts.count == 2 ? decode(parts[1]) : ""
            }
        }
        return parameters
    }
}
#endif
