import NIOCore
import NIOHTTP1

/// One request of a benchmark load, as the load generator writes it: no URL parsing, no
/// per-request state beyond the bytes.
struct BenchRequest: Sendable {
    var method: HTTPMethod
    /// Origin-relative, e.g. `/paymentorders`.
    var path: String
    var headers: HTTPHeaders
    var body: ByteBuffer?

    init(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders = [:], body: String? = nil) {
        self.method = method
        self.path = path
        self.headers = headers
        if let body {
            self.headers.add(name: "Content-Type", value: "application/json")
            self.body = ByteBuffer(string: body)
        }
    }
}

/// Where a load goes: the host and port of an `http://host:port` origin.
struct BenchOrigin: Sendable, Equatable {
    let host: String
    let port: Int

    /// Parses `http://host:port` (a path after it is ignored); nil for anything else, such as
    /// `https`, which the load generator does not speak.
    init?(_ url: String) {
        guard url.hasPrefix("http://") else { return nil }
        let authority = url.dropFirst("http://".count).prefix { $0 != "/" && $0 != "?" }
        var host = authority
        var port = 80
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            guard let given = Int(authority[authority.index(after: colon)...]), (1...65_535).contains(given) else {
                return nil
            }
            host = authority[..<colon]
            port = given
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty else { return nil }
        self.port = port
        self.host = String(host)
    }

    /// The `Host` header's value: the port only where it is not 80, an IPv6 literal in brackets.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }
}
