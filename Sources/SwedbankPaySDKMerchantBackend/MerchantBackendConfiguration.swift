import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK {
    /// The configuration for a backend that implements the Merchant Backend API.
    ///
    /// ```swift
    /// let configuration = SwedbankPaySDK.MerchantBackendConfiguration(
    ///     backendUrl: URL(string: "https://example.com/swedbank-pay-mobile/")!,
    ///     headers: ["x-payex-sample-apikey": apiKey]
    /// )
    /// SwedbankPaySDKController.defaultConfiguration = configuration
    /// ```
    ///
    /// The backend URL should end with `/`: the SDK resolves `complete`, `cancel` and
    /// `sdk-callback/ios-universal-link` against it and appends `patch`, `expand` and
    /// `payers/…/paymentTokens` to it. Every request goes only to whitelisted domains (by default
    /// the backend's host and its subdomains), carries the configured headers in addition to its
    /// own, and identifies the SDK in `User-Agent`. Failures are ``MerchantBackendError``s.
    ///
    /// The backend's resource links (`GET backendUrl`) are fetched once and shared by all copies
    /// of a configuration; they are fetched again when a link answers 404.
    ///
    /// `postPaymentorders` sends an `Idempotency-Key`: `SwedbankPaySDK.IdempotencyKey.current`
    /// (the controller's key of the payment), else a new one per call. A try that gets no response
    /// is repeated with the same key as ``orderCreationRetry`` says, so a lost answer neither fails
    /// the payment at once nor makes a second order.
    public struct MerchantBackendConfiguration: SwedbankPaySDKConfigurationAsync,
        SwedbankPaySDKConfigurationWithCallbackScheme
    {
        /// The backend's single entry point.
        public let backendUrl: URL
        /// The app's custom URL scheme for returning payment URLs.
        public let callbackScheme: String
        /// Headers added to every request, such as an API key or access token.
        public let headers: [String: String]?
        /// The domains requests may go to.
        public let domainWhitelist: [WhitelistedDomain]
        /// Public keys the backend's TLS certificates are pinned to (enforced on Apple platforms;
        /// see ``PinPublicKeys``).
        public let pinPublicKeys: [PinPublicKeys]?
        /// How `postPaymentorders` tries again when an answer is lost (no response at all): with
        /// the same `Idempotency-Key`, so the backend answers the order the lost try made, if it
        /// made one. Three tries, waiting 1 s and then 2 s, unless set otherwise; `.never`
        /// turns retrying off.
        public var orderCreationRetry = OrderCreationRetry.standard

        let api: MerchantBackendAPI
        let discovery = EndpointDiscovery()

        /// Creates the configuration.
        ///
        /// - Parameters:
        ///   - backendUrl: the backend's entry point; should end with `/`.
        ///   - callbackScheme: the app's custom URL scheme. When nil, the URL type of the app's
        ///     Info.plist marked with `com.swedbank.SwedbankPaySDK.callback` (a Boolean `YES`) is
        ///     used; it must have exactly one scheme. Give it explicitly where there is no
        ///     Info.plist (Linux). Not finding one is a programming error and stops the app with a
        ///     message saying what to add.
        ///   - headers: headers to add to every request (nil or empty for none).
        ///   - domainWhitelist: the domains requests may go to; nil or empty means the backend's
        ///     host and its subdomains.
        ///   - pinPublicKeys: TLS public-key pins; nil or empty for none.
        ///   - httpClient: the transport; the default is `URLSession`-based (with the pins
        ///     installed on Apple platforms).
        ///   - requestTimeout: seconds after which a request fails with a timeout; nil keeps the
        ///     transport's default.
        public init(
            backendUrl: URL,
            callbackScheme: String? = nil,
            headers: [String: String]? = nil,
            domainWhitelist: [WhitelistedDomain]? = nil,
            pinPublicKeys: [PinPublicKeys]? = nil,
            httpClient: (any HTTPClient)? = nil,
            requestTimeout: TimeInterval? = nil
        ) {
            self.backendUrl = backendUrl
            self.callbackScheme = callbackScheme ?? CallbackSchemeLookup.schemeFromInfoPlist()
            self.headers = headers
            let whitelist = domainWhitelist ?? []
            self.domainWhitelist =
                whitelist.isEmpty
                ? [WhitelistedDomain(domain: backendUrl.host, includeSubdomains: true)] : whitelist
            self.pinPublicKeys = pinPublicKeys
            self.api = MerchantBackendAPI(
                httpClient: httpClient ?? PinningSessionFactory.makeClient(pins: pinPublicKeys ?? []),
                domainWhitelist: self.domainWhitelist,
                headers: HTTPHeaders(headers ?? [:]),
                requestTimeout: requestTimeout
            )
        }

        /// Creates the configuration from a URL literal, as in the Swedbank Pay documentation:
        /// `MerchantBackendConfiguration(backendUrl: "https://example.com/swedbank-pay-mobile/", headers: [:])`.
        /// A literal that is not a valid absolute URL is a programming error and stops the app.
        public init(
            backendUrl: StaticString,
            callbackScheme: String? = nil,
            headers: [String: String]? = nil,
            domainWhitelist: [WhitelistedDomain]? = nil,
            pinPublicKeys: [PinPublicKeys]? = nil
        ) {
            let text = "\(backendUrl)"
            guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
                preconditionFailure("MerchantBackendConfiguration: \"\(text)\" is not an absolute URL")
            }
            self.init(
                backendUrl: url,
                callbackScheme: callbackScheme,
                headers: headers,
                domainWhitelist: domainWhitelist,
                pinPublicKeys: pinPublicKeys
            )
        }

        /// The initializer of the reference SDK 5.0.3 that also took redirects to allow in the web
        /// view; they are ignored (as they were in 5.0.3). The argument has no default here, so a
        /// call that leaves it out is the current initializer, not this one.
        @available(
            *, deprecated,
            message:
                "additionalAllowedWebViewRedirects is ignored; use init(backendUrl:callbackScheme:headers:domainWhitelist:pinPublicKeys:)"
        )
        public init(
            backendUrl: URL,
            callbackScheme: String? = nil,
            headers: [String: String]?,
            domainWhitelist: [WhitelistedDomain]? = nil,
            pinPublicKeys: [PinPublicKeys]? = nil,
            additionalAllowedWebViewRedirects: [WebViewRedirect]?
        ) {
            self.init(
                backendUrl: backendUrl,
                callbackScheme: callbackScheme,
                headers: headers,
                domainWhitelist: domainWhitelist,
                pinPublicKeys: pinPublicKeys
            )
        }
    }
}
