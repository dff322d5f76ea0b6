import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK.PaymentOrderUrls {
    /// Payment order URLs for a Merchant Backend: the recommended way to make them.
    ///
    /// The same as ``init(configuration:culture:hostUrl:callbackUrl:termsOfServiceUrl:identifier:appName:)``
    /// with the culture of `language` (one of 5.0.3's three languages).
    ///
    /// - Parameters:
    ///   - configuration: the Merchant Backend configuration the payment is made with.
    ///   - language: the payment's language, also shown by the trampoline page.
    ///   - hostUrl: the URL the payment pages are hosted at; by default the backend URL.
    ///   - callbackUrl: where Swedbank Pay reports status changes to your backend, if anywhere.
    ///   - termsOfServiceUrl: the terms of service the payment menu links to, if any.
    ///   - identifier: makes the paymentUrl unique to this payment; a new UUID by default.
    ///   - appName: the name the trampoline page shows ("Back to …"); by default the bundle's
    ///     display name (or name), and left out when there is none.
    public init(
        configuration: SwedbankPaySDK.MerchantBackendConfiguration,
        language: SwedbankPaySDK.Language,
        hostUrl: URL? = nil,
        callbackUrl: URL? = nil,
        termsOfServiceUrl: URL? = nil,
        identifier: String = UUID().uuidString,
        appName: String? = SwedbankPaySDK.BundleAppName.current
    ) {
        self.init(
            configuration: configuration, culture: SwedbankPaySDK.Culture(language), hostUrl: hostUrl,
            callbackUrl: callbackUrl, termsOfServiceUrl: termsOfServiceUrl, identifier: identifier, appName: appName)
    }

    /// Payment order URLs for a Merchant Backend in any of the cultures Swedbank Pay accepts, so
    /// the trampoline page speaks the payment's language (pass the order's
    /// `SwedbankPaySDK.PaymentOrder.culture`).
    ///
    /// - `hostUrls` is `[hostUrl]` (by default the backend URL); it is also the web view's base URL.
    /// - `completeUrl` and `cancelUrl` are `complete` and `cancel` resolved against the backend
    ///   URL. The SDK intercepts navigation to them, so the backend need not serve them.
    /// - `paymentUrl` is `sdk-callback/ios-universal-link` resolved against the backend URL, with
    ///   the query `scheme=<callback scheme>&language=<culture>&id=<identifier>&app=<app name>`:
    ///   the backend's iOS payment-URL helper, which brings the payer back to the app through the
    ///   trampoline page, written in `culture`. Values are percent-encoded as RFC 3986 asks (a
    ///   space is `%20`, never `+`), because the backend's redirects must hand the URL back
    ///   unchanged for it to match.
    ///
    /// ```swift
    /// let configuration = SwedbankPaySDK.MerchantBackendConfiguration(
    ///     backendUrl: URL(string: "https://shop.example/")!, callbackScheme: "com.example.app")
    /// let urls = SwedbankPaySDK.PaymentOrderUrls(configuration: configuration, culture: .Finnish)
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: the Merchant Backend configuration the payment is made with.
    ///   - culture: the payment's culture, also the trampoline page's language.
    ///   - hostUrl: the URL the payment pages are hosted at; by default the backend URL.
    ///   - callbackUrl: where Swedbank Pay reports status changes to your backend, if anywhere.
    ///   - termsOfServiceUrl: the terms of service the payment menu links to, if any.
    ///   - identifier: makes the paymentUrl unique to this payment; a new UUID by default.
    ///   - appName: the name the trampoline page shows ("Back to …"); by default the bundle's
    ///     display name (or name), and left out when there is none.
    public init(
        configuration: SwedbankPaySDK.MerchantBackendConfiguration,
        culture: SwedbankPaySDK.Culture,
        hostUrl: URL? = nil,
        callbackUrl: URL? = nil,
        termsOfServiceUrl: URL? = nil,
        identifier: String = UUID().uuidString,
        appName: String? = SwedbankPaySDK.BundleAppName.current
    ) {
        let backendUrl = configuration.backendUrl
        var query = [
            ("scheme", configuration.callbackScheme),
            ("language", culture.rawValue),
            ("id", identifier),
        ]
        if let appName {
            query.append(("app", appName))
        }
        let encodedQuery = query.map { "\(RFC3986.encode($0.0))=\(RFC3986.encode($0.1))" }.joined(separator: "&")
        self.init(
            hostUrls: [hostUrl ?? backendUrl],
            completeUrl: URL(string: "complete", relativeTo: backendUrl)!.absoluteURL,
            cancelUrl: URL(string: "cancel", relativeTo: backendUrl)!.absoluteURL,
            paymentUrl: URL(string: "sdk-callback/ios-universal-link?" + encodedQuery, relativeTo: backendUrl)!
                .absoluteURL,
            callbackUrl: callbackUrl,
            termsOfServiceUrl: termsOfServiceUrl
        )
    }
}

extension SwedbankPaySDK {
    /// The app's display name, as the trampoline page shows it.
    public enum BundleAppName {
        /// `CFBundleDisplayName`, else `CFBundleName`, of the main bundle; nil when neither is set.
        public static var current: String? {
            let info = Bundle.main.infoDictionary
            let name = (info?["CFBundleDisplayName"] as? String) ?? (info?["CFBundleName"] as? String)
            return name?.isEmpty == false ? name : nil
        }
    }
}

/// Percent-encoding of a query component as RFC 3986 defines it: everything but the unreserved
/// characters is encoded, so `+`, `&` and `=` inside a value can never be misread.
enum RFC3986 {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
