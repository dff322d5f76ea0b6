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
    }
}
