#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import HTTPTypes
import ServerSupport

/// Who may use the control API (`/sandbox/requests`, `/sandbox/faults`, `/sandbox/reset`,
/// `/sandbox/paymentorders`, the Swish simulators, the listings): the decision, without HTTP.
///
/// The control API can mark orders paid and reset the sandbox, and it runs on a developer's
/// machine, which browses the web. A web page can make the browser send a "simple" request (a
/// form post, `text/plain`, no body) to any address without asking first, and can point a name
/// it owns at 127.0.0.1 (DNS rebinding). So:
///
/// - a request whose `Origin` is present and is not the sandbox's own is refused;
/// - without a control token, the request must name the sandbox by a loopback name or by its
///   public URL (`Host`), which a rebound name is not;
/// - a request that changes state must carry `Content-Type: application/json` or ``header``,
///   neither of which a browser sends to another origin without a CORS preflight, which the
///   sandbox never answers with permission;
/// - with a control token, every control request must carry `Authorization: Bearer <token>`.
///
/// The sandbox's pages that browsers use during a payment (3-D Secure, the bank, the payment
/// menu) are not control routes and are not checked here.
struct ControlAccess: Sendable {
    /// The header that marks a control request sent by a program: `X-Sandbox-Control: 1` (any
    /// value counts; its presence forces a browser to ask first).
    static let header = "X-Sandbox-Control"
    static let headerName = HTTPField.Name(header)!

    /// The token every control request must carry, or nil for none (loopback only).
    let controlToken: String?
    /// The origin of the configured public URL (`http://192.168.1.20:8081`), if one is configured.
    let publicOrigin: String?
    /// The scheme the sandbox is served over (`https` with TLS): a page of its own names it in
    /// its `Origin`, so an origin built from `Host` takes it too.
    let scheme: String

    init(controlToken: String?, publicBaseURL: URL?, scheme: String = "http") {
        self.controlToken = controlToken
        publicOrigin = publicBaseURL.flatMap { Self.origin(of: $0) }
        self.scheme = scheme
    }

    /// The facts of a request the decision needs.
    struct Request: Sendable {
        /// Whether the method changes state (anything but GET, HEAD and OPTIONS).
        var isUnsafe: Bool
        var contentType: String?
        var hasControlHeader: Bool
        var origin: String?
        /// The `Host` header (authority), lower case or not.
        var host: String?
        var authorization: String?
    }

    /// Why a control request is refused.
    enum Refusal: Error, Equatable, Sendable {
        /// `Origin` names another site (or is `null`).
        case foreignOrigin
        /// No token is configured and `Host` is neither a loopback name nor the public URL's.
        case foreignHost
        /// A token is configured and the request carries none, or another.
        case missingToken
        case wrongToken
        /// A request that changes state without JSON or ``ControlAccess/header``.
        case simpleRequest
    }

    /// The refusal for `request`, or nil when it may go on.
    func refusal(_ request: Request) -> Refusal? {
        // Without a token, a Host is only trusted when it is a loopback name: a rebound name
        // would otherwise make the attacker's page the sandbox's own origin.
        let hostOrigin =
            controlToken == nil
            ? request.host.flatMap { Self.loopbackOrigin($0, scheme: scheme) }
            : request.host.map { scheme + "://" + $0 }
        let ownOrigin = publicOrigin ?? hostOrigin
        if let origin = request.origin, Self.normalized(origin: origin) != ownOrigin.map(Self.normalized) {
            return .foreignOrigin
        }
        if let controlToken {
            guard let presented = Self.bearer(request.authorization) else { return .missingToken }
            guard ConstantTime.equals(presented, controlToken) else { return .wrongToken }
        } else if !isOwnHost(request.host) {
            return .foreignHost
        }
        if request.isUnsafe && !request.hasControlHeader && !Self.isJSON(request.contentType) {
            return .simpleRequest
        }
        return nil
    }

    /// Whether `host` (a `Host` header) names the sandbox: a loopback name or address, or the
    /// authority of the public URL. A request without one (HTTP/1.0, in-process tests) never
    /// comes from a browser, which always names the host it resolved.
    func isOwnHost(_ host: String?) -> Bool {
        guard let host else { return true }
        if Self.loopbackOrigin(host) != nil { return true }
        guard let publicOrigin else { return false }
        return Self.normalized(origin: "http://" + host) == Self.normalized(origin: publicOrigin)
            || Self.normalized(origin: "https://" + host) == Self.normalized(origin: publicOrigin)
    }

    /// `application/json` in any letter case, with or without parameters.
    static func isJSON(_ contentType: String?) -> Bool {
        contentType.map(MediaType.of) == "application/json"
    }

    /// The token of `Authorization: Bearer <token>` (scheme in any letter case), or nil.
    static func bearer(_ authorization: String?) -> String? {
        guard let authorization, authorization.count > 7, authorization.prefix(7).lowercased() == "bearer " else {
            return nil
        }
        let token = authorization.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// `<scheme>://<host>` when `host` (a `Host` header: name and optional port) is `localhost`,
    /// an address in 127.0.0.0/8 or `[::1]`; nil otherwise.
    static func loopbackOrigin(_ host: String, scheme: String = "http") -> String? {
        let name: Substring
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return nil }
            name = host[host.startIndex...end]
        } else {
            name = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]
        }
        return ControlBinding.isLoopback(String(name)) ? scheme + "://" + host : nil
    }

    /// `scheme://host[:port]` of an absolute http(s) URL.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", let host = url.host,
            !host.isEmpty
        else { return nil }
        let name = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return scheme + "://" + name + (url.port.map { ":\($0)" } ?? "")
    }

    /// An origin as browsers serialise it: lower case, without the scheme's default port.
    static func normalized(origin: String) -> String {
        let lower = origin.lowercased()
        for (prefix, port) in [("http://", ":80"), ("https://", ":443")] where lower.hasPrefix(prefix) {
            return lower.hasSuffix(port) ? String(lower.dropLast(port.count)) : lower
        }
        return lower
    }
}
#endif
