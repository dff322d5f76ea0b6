import Foundation

extension SwedbankPaySDK {
    /// What the web payment does with a navigation the page asked for.
    enum NavigationOutcome: Sendable, Hashable {
        /// Let the web view go there.
        case allow
        /// Refuse it; nothing else happens.
        case deny
        /// The completeUrl: refuse it and complete the payment.
        case complete
        /// The cancelUrl: refuse it and cancel the payment.
        case cancelPayment
        /// The paymentUrl (or a form of it): refuse it and reload the payment menu.
        case reloadPaymentMenu
        /// The terms of service: refuse it; the delegate may show them, else they open in the browser.
        case termsOfService(URL)
        /// A URL for another app (custom scheme): refuse it and give it to the ``AppLauncher``.
        case launchApp(URL)
        /// A popup: refuse it and open it in the browser, so the payment menu stays in the web view.
        case openInBrowser(URL)
        /// A third-party page replacing the menu. The shell first offers it to the
        /// ``AppLauncher`` as an app link (a bank's app may claim it); if no app takes it, it opens
        /// where `placement` says.
        case thirdPartyPage(URL, placement: ThirdPartyPlacement)
    }

    /// Where a third-party page opens.
    enum ThirdPartyPlacement: Sendable, Hashable {
        case webView
        case browser
        /// As the configuration's `decidePolicyForPaymentMenuRedirect` says.
        case askConfiguration
    }

    /// The navigation policy of the web payment (reference §4) as a pure function of the request,
    /// the payment order being shown and the controller's settings. The whole table is
    /// ``decide(_:)``.
    struct NavigationPolicy {
        /// The payment order shown, if any; its URLs are intercepted.
        var info: ViewPaymentOrderInfo?
        var webRedirectBehavior: SwedbankPaySDKController.WebRedirectBehavior
        /// The configuration's `url(_:matchesPaymentUrl:)`.
        var matchesPaymentUrl: (URL, URL) -> Bool

        /// Schemes the engine shows itself and that never leave the page.
        static let engineSchemes: Set<String> = ["about", "data", "blob", "javascript"]

        func decide(_ request: WebNavigationRequest) -> NavigationOutcome {
            // The payment's own URLs come first. Only the top-level document speaks for the
            // payment: a frame (any third-party page the menu embeds) or a popup that goes to the
            // completeUrl must not complete it, nor cancel it or reload the menu — it is denied.
            // The reference honoured them from any frame; that let an embedded page end the
            // payment. Terms of service may open from a popup, as the hosted views open them.
            if let outcome = paymentProcessOutcome(request.url) {
                switch outcome {
                case .termsOfService where request.isMainFrame: return outcome
                case _ where request.isMainFrame && !request.isNewWindow: return outcome
                default: return .deny
                }
            }
            let scheme = request.url.scheme?.lowercased() ?? ""
            switch scheme {
            case "http", "https":
                if request.isNewWindow { return .openInBrowser(request.url) }
                if !request.isMainFrame { return .allow }
                return .thirdPartyPage(request.url, placement: placement)
            case _ where Self.engineSchemes.contains(scheme):
                return request.isNewWindow ? .deny : .allow
            case "":
                return .deny
            default:
                return .launchApp(request.url)
            }
        }

        private var placement: ThirdPartyPlacement {
            switch webRedirectBehavior {
            case .Default: return .askConfiguration
            case .AlwaysUseWebView: return .webView
            case .AlwaysUseBrowser: return .browser
            }
        }

        private func paymentProcessOutcome(_ url: URL) -> NavigationOutcome? {
            guard let info else { return nil }
            let target = Self.normalized(url)
            let isTarget = { (candidate: URL?) in candidate.map { Self.normalized($0) == target } ?? false }
            if isTarget(info.completeUrl) { return .complete }
            if isTarget(info.cancelUrl) { return .cancelPayment }
            if isTarget(info.paymentUrl) { return .reloadPaymentMenu }
            if isTarget(info.termsOfServiceUrl) { return .termsOfService(url) }
            if let paymentUrl = info.paymentUrl, matchesPaymentUrl(url, paymentUrl) { return .reloadPaymentMenu }
            return nil
        }

        /// The absolute URL text, with an empty path written as `/` (so `https://example.com` and
        /// `https://example.com/` are the same page).
        static func normalized(_ url: URL) -> String {
            guard var components = URLComponents(url: url.absoluteURL, resolvingAgainstBaseURL: true) else {
                return url.absoluteString
            }
            if components.host != nil && components.percentEncodedPath.isEmpty {
                components.percentEncodedPath = "/"
            }
            return components.string ?? url.absoluteString
        }
    }
}
