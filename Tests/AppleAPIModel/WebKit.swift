// A declaration-only model of the WebKit API the SDK calls (see UIKit.swift in this directory).
// Objective-C optional protocol requirements are modelled as requirements with empty default
// implementations, the nearest Swift has without the Objective-C runtime. The delegates are
// `@MainActor`, as in the iOS 18 and iOS 26 SDKs.
import Foundation
import UIKit

// Source: WebKit/WKNavigation.h; developer.apple.com/documentation/webkit/wknavigation
@MainActor
open class WKNavigation: NSObject {}

// Source: WebKit/WKFrameInfo.h; developer.apple.com/documentation/webkit/wkframeinfo
@MainActor
open class WKFrameInfo: NSObject {
    open var isMainFrame: Bool { fatalError() }
    open var request: URLRequest { fatalError() }
}

// Source: WebKit/WKWindowFeatures.h; developer.apple.com/documentation/webkit/wkwindowfeatures
@MainActor
open class WKWindowFeatures: NSObject {}

// Source: WebKit/WKNavigationAction.h; developer.apple.com/documentation/webkit/wknavigationaction
@MainActor
open class WKNavigationAction: NSObject {
    open var request: URLRequest { fatalError() }
    open var sourceFrame: WKFrameInfo { fatalError() }
    open var targetFrame: WKFrameInfo? { fatalError() }
}

// Source: WebKit/WKNavigationDelegate.h; developer.apple.com/documentation/webkit/wknavigationactionpolicy
public enum WKNavigationActionPolicy: Int, Sendable {
    case cancel, allow
    @available(iOS 14.5, *) case download
}

// Source: WebKit/WKScriptMessage.h; developer.apple.com/documentation/webkit/wkscriptmessage
@MainActor
open class WKScriptMessage: NSObject {
    open var body: Any { fatalError() }
    open var frameInfo: WKFrameInfo { fatalError() }
    open var name: String { fatalError() }
    open weak var webView: WKWebView?
}

// Source: WebKit/WKScriptMessageHandler.h; developer.apple.com/documentation/webkit/wkscriptmessagehandler
@MainActor
public protocol WKScriptMessageHandler: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

// Source: WebKit/WKUserContentController.h; developer.apple.com/documentation/webkit/wkusercontentcontroller
@MainActor
open class WKUserContentController: NSObject {
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {}
    open func removeScriptMessageHandler(forName name: String) {}
    open func removeAllScriptMessageHandlers() {}
}

// Source: WebKit/WKWebViewConfiguration.h; developer.apple.com/documentation/webkit/wkwebviewconfiguration
@MainActor
open class WKWebViewConfiguration: NSObject {
    public override init() { fatalError() }
    open var userContentController: WKUserContentController
}

// Source: WebKit/WKContentWorld.h; developer.apple.com/documentation/webkit/wkcontentworld
@available(iOS 14.0, *)
@MainActor
open class WKContentWorld: NSObject {
    open class var page: WKContentWorld { fatalError() }
}

// Source: WebKit/WKNavigationDelegate.h (the async decision: Swift's import of its decisionHandler); developer.apple.com/documentation/webkit/wknavigationdelegate
@MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async
        -> WKNavigationActionPolicy
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)
}

// Source: WebKit/WKNavigationDelegate.h (the optional methods, as defaults)
extension WKNavigationDelegate {
    public func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async
        -> WKNavigationActionPolicy
    { .allow }
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {}
}

// Source: WebKit/WKUIDelegate.h (async forms: Swift's import of their completion handlers); developer.apple.com/documentation/webkit/wkuidelegate
@MainActor
public protocol WKUIDelegate: NSObjectProtocol {
    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView?
    func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo
    ) async
    func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo
    ) async -> Bool
    func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo
    ) async -> String?
}

// Source: WebKit/WKUIDelegate.h (the optional methods, as defaults)
extension WKUIDelegate {
    public func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? { nil }
    public func webView(
        _ webView: WKWebView, runJavaScriptAlertPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo
    ) async {}
    public func webView(
        _ webView: WKWebView, runJavaScriptConfirmPanelWithMessage message: String,
        initiatedByFrame frame: WKFrameInfo
    ) async -> Bool { false }
    public func webView(
        _ webView: WKWebView, runJavaScriptTextInputPanelWithPrompt prompt: String, defaultText: String?,
        initiatedByFrame frame: WKFrameInfo
    ) async -> String? { nil }
}

// Source: WebKit/WKWebView.h; WebKit's Swift overlay WebKitSwiftOverlay.swift (callAsyncJavaScript async); developer.apple.com/documentation/webkit/wkwebview
@MainActor
open class WKWebView: UIView {
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { fatalError() }
    public required init?(coder: NSCoder) { fatalError() }

    open weak var navigationDelegate: (any WKNavigationDelegate)?
    open weak var uiDelegate: (any WKUIDelegate)?
    open var configuration: WKWebViewConfiguration { fatalError() }
    open var url: URL? { nil }
    @available(iOS 16.4, *)
    open var isInspectable: Bool

    // Objective-C methods' results are discardable in Swift.
    @discardableResult
    open func load(_ request: URLRequest) -> WKNavigation? { nil }
    @discardableResult
    open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? { nil }
    open func stopLoading() {}
    // The async form is WebKit's Swift overlay's, iOS 15 (the completion-handler form is iOS 14).
    @available(iOS 15.0, *)
    open func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil,
        contentWorld: WKContentWorld
    ) async throws -> Any? { nil }
}
