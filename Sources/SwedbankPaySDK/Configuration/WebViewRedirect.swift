import Foundation

extension SwedbankPaySDK {
    /// A pattern of hosts that the reference SDK's configurations could allow the web view to
    /// open. Kept so that code passing one to the deprecated
    /// `MerchantBackendConfiguration.init(…additionalAllowedWebViewRedirects:)` still compiles;
    /// it decides nothing (as in 5.0.3, where it was no longer used). Decide where payment-menu
    /// pages open with
    /// ``SwedbankPaySDKConfiguration/decidePolicyForPaymentMenuRedirect(navigationAction:completion:)``.
    public enum WebViewRedirect: Sendable, Hashable {
        /// Exactly the host `name`.
        case Domain(name: String)
        /// The host `suffix` and its subdomains (with `allowNestedSubdomains`, at any depth).
        case DomainOrSubdomain(suffix: String, allowNestedSubdomains: Bool = false)

        /// Whether the pattern allows `url`'s host (letter case ignored): `Domain` the host
        /// itself; `DomainOrSubdomain` the suffix and one more label, or any number with
        /// `allowNestedSubdomains`. Unlike 5.0.3, a nested match needs a dot before the suffix, so
        /// `example.com` does not allow `badexample.com`.
        public func allows(url: URL) -> Bool {
            guard let host = url.host?.lowercased() else { return false }
            switch self {
            case .Domain(let name):
                return host == name.lowercased()
            case .DomainOrSubdomain(let suffix, let allowNestedSubdomains):
                let suffix = suffix.lowercased()
                if host == suffix { return true }
                guard host.hasSuffix("." + suffix) else { return false }
                if allowNestedSubdomains { return true }
                return !host.dropLast(suffix.count + 1).contains(".")
            }
        }
    }
}
