import Foundation

extension SwedbankPaySDK {
    /// A domain a configuration may send requests to.
    ///
    /// The Merchant Backend configuration sends every request, including to links the backend
    /// returns, only to whitelisted hosts; others fail with its `nonWhitelistedDomain` error. It
    /// lives in this module, as in the 5.0.3 SDK, so configurations of your own can use it too.
    public struct WhitelistedDomain: Sendable, Hashable {
        /// The host name. nil never matches.
        public var domain: String?
        /// Whether subdomains of `domain` (at any depth) match too.
        public var includeSubdomains: Bool

        /// Creates a whitelist entry.
        ///
        /// - Parameters:
        ///   - domain: The host name; nil makes an entry that never matches.
        ///   - includeSubdomains: Whether subdomains of `domain` match too.
        public init(domain: String?, includeSubdomains: Bool) {
            self.domain = domain
            self.includeSubdomains = includeSubdomains
        }

        /// Whether `host` is this domain, or a subdomain of it when those are included.
        /// Host names compare case-insensitively; a subdomain must end in `.` + domain, so
        /// `badexample.com` is not a subdomain of `example.com`.
        public func matches(host: String) -> Bool {
            guard let domain = domain?.lowercased(), !domain.isEmpty else { return false }
            let host = host.lowercased()
            return host == domain || (includeSubdomains && host.hasSuffix("." + domain))
        }
    }
}
