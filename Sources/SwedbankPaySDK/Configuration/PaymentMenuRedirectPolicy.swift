import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(UIKit) && canImport(WebKit)
    import WebKit
#endif

extension SwedbankPaySDK {
    /// Where a page that the payment menu navigates to is opened.
    public enum PaymentMenuRedirectPolicy: Sendable, Hashable {
        /// Keep the page in the SDK's web view; its return to the paymentUrl is intercepted there.
        case openInWebView
        /// Open the page in the browser; the payer returns through the paymentUrl, which reaches
        /// the app as a universal link or custom-scheme URL.
        case openInBrowser
    }

    #if canImport(UIKit) && canImport(WebKit)
        /// A navigation the payment menu asked for: WebKit's own `WKNavigationAction` on Apple
        /// platforms, so configurations written for the Swedbank Pay iOS SDK compile unchanged.
        public typealias NavigationAction = WKNavigationAction
    #else
        /// A navigation the payment menu asked for. On platforms without WebKit this carries the
        /// same facts a `WKNavigationAction` would: the request, and whether it targets the main
        /// frame.
        public struct NavigationAction: Sendable {
            /// The request the page wants to load.
            public var request: URLRequest
            /// Whether the navigation replaces the top-level document (false for frames, and nil
            /// target frames are reported as false).
            public var isMainFrame: Bool

            /// Creates a navigation action, as the SDK does for each navigation of the payment menu.
            ///
            /// - Parameters:
            ///   - request: The request the page wants to load.
            ///   - isMainFrame: Whether the navigation replaces the top-level document.
            public init(request: URLRequest, isMainFrame: Bool) {
                self.request = request
                self.isMainFrame = isMainFrame
            }
        }
    #endif
}
