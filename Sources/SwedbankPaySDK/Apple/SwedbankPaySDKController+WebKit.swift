#if canImport(UIKit) && canImport(WebKit)
    import WebKit

    // Apple only: a configuration's `decidePolicyForPaymentMenuRedirect` takes WebKit's own
    // `WKNavigationAction`, which only WebKit can make; the SDK's WKWebView adapter keeps the one
    // it is deciding about.

    /// A web view that can give the `WKNavigationAction` behind a request it offered.
    @MainActor
    protocol WKNavigationActionSource {
        func navigationAction(for request: SwedbankPaySDK.WebNavigationRequest) -> WKNavigationAction?
    }

    extension WebPaymentRunner {
        static func navigationAction(
            for request: SwedbankPaySDK.WebNavigationRequest, in webView: any SwedbankPaySDK.WebView
        ) -> SwedbankPaySDK.NavigationAction? {
            (webView as? any WKNavigationActionSource)?.navigationAction(for: request)
        }
    }
#endif
