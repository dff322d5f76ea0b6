import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK {
    /// A domain the Merchant Backend configuration may send requests to.
    ///
    /// Every request the configuration makes, including to links the backend returns, must go to
    /// a whitelisted host; others fail with ``MerchantBackendError/nonWhitelistedDomain(failingUrl:)``.
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
