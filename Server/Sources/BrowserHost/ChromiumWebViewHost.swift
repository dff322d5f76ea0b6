import Foundation
import SwedbankPaySDK

/// The SDK's web views on platforms without WebKit: a ``SwedbankPaySDK/WebViewHost`` whose web
/// views are pages (tabs) of a ``BrowserHost``.
///
/// Give it to a controller, or make it the default for every controller:
///
/// ```swift
/// let browser = try await BrowserHost.launch()
/// SwedbankPaySDKController.defaultWebViewHost = ChromiumWebViewHost(browser: browser)
/// ```
@MainActor
public final class ChromiumWebViewHost: SwedbankPaySDK.WebViewHost {
    /// The browser the pages are opened in.
    public let browser: BrowserHost
    /// The viewport of each page, in CSS pixels (a phone's, by default).
    public let width: Int
    /// The viewport's height in CSS pixels.
    public let height: Int
    /// Every web view made so far, in order (closed ones included).
    public private(set) var webViews: [ChromiumWebView] = []
    private var webViewWaiters: [CheckedContinuation<ChromiumWebView, Never>] = []

    /// A host opening its web views in `browser`, each with a `width` × `height` viewport.
    public init(browser: BrowserHost, width: Int = 390, height: Int = 844) {
        self.browser = browser
        self.width = width
        self.height = height
    }

    /// Opens a new page showing `about:blank`, with no message handlers and no decider.
    ///
    /// - Throws: ``BrowserHostError`` if Chromium could not open a page.
    public func makeWebView() async throws -> any SwedbankPaySDK.WebView {
        let page = try await browser.newPage(width: width, height: height)
        let webView = ChromiumWebView(page: page, browser: browser)
        await webView.connect()
        webViews.append(webView)
        let waiters = webViewWaiters
        webViewWaiters = []
        for waiter in waiters { waiter.resume(returning: webView) }
        return webView
    }

    /// The most recently made web view.
    public var last: ChromiumWebView? { webViews.last }

    /// The most recently made web view, or the next one once it is made (for code that hands the
    /// host to something that makes its web view later).
    public func lastOrNextWebView() async -> ChromiumWebView {
        if let last { return last }
        return await withCheckedContinuation { webViewWaiters.append($0) }
    }
}

/// What a ``ChromiumWebView`` gives the SDK to present: it stands for the page, which headless
/// Chromium renders off screen (see ``BrowserPage/screenshot()``).
@MainActor
public final class ChromiumViewController: SwedbankPaySDK.PlatformViewController {
    /// The page shown.
    public let page: BrowserPage

    init(page: BrowserPage) {
        self.page = page
        super.init()
        title = "Chromium page"
    }
}
