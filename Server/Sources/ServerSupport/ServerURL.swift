#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The `http://` (or, served over TLS, `https://`) URL at which this machine reaches a server
/// listening on a host and port: the one place a listening host is written into a URL (the
/// stack's URLs, `serve`'s, the backend's default public URL).
public enum ServerURL {
    /// A host that cannot be written into a URL that names it (a space, a slash, ...).
    public struct UnusableHost: Error, Equatable, CustomStringConvertible {
        public let host: String

        public init(host: String) { self.host = host }

        public var description: String { "the host \"\(host)\" cannot be written in a URL" }
    }

    /// The host to call for a server listening on `host`: every interface (`0.0.0.0`, `::`) is
    /// reached on 127.0.0.1.
    public static func reachable(_ host: String) -> String {
        ["0.0.0.0", "::"].contains(host) ? "127.0.0.1" : host
    }

    /// `http://<host>:<port>` for a server listening on `host` (``reachable(_:)``). An IPv6
    /// literal is bracketed, its zone's `%` written `%25` (RFC 6874): `fe80::1%eth0` becomes
    /// `http://[fe80::1%25eth0]:8080`. Throws ``UnusableHost`` when the URL would not name that
    /// host and port. `scheme` is `https` for a server serving TLS.
    public static func http(host: String, port: Int, scheme: String = "http") throws(UnusableHost) -> URL {
        let name = reachable(host)
        var written = name
        if name.contains(":"), !name.hasPrefix("[") {
            written = "[" + name.replacingOccurrences(of: "%", with: "%25") + "]"
        }
        // The URL must name this host and port and nothing else: a URL parser that fixes up what
        // it is given (a space percent-encoded, a slash taken for a path) names something else.
        let unbracketed = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
        guard let url = URL(string: "\(scheme)://\(written):\(port)"), url.host == unbracketed, url.port == port,
            url.path.isEmpty, url.query == nil, url.fragment == nil, url.user == nil
        else { throw UnusableHost(host: host) }
        return url
    }
}
#endif
