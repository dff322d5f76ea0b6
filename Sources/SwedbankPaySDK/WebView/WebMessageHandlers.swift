import Foundation

extension SwedbankPaySDK {
    /// A web view adapter's message handlers by name, and the ``WebView`` contract's rule for the
    /// posts that reach them: only the top-level document speaks to the SDK. The `WKWebView`
    /// adapter (Apple only) hands each script message here.
    @MainActor
    struct WebMessageHandlers {
        private var handlers: [String: WebViewMessageHandler] = [:]

        subscript(name: String) -> WebViewMessageHandler? {
            get { handlers[name] }
            set { handlers[name] = newValue }
        }

        mutating func removeAll() {
            handlers.removeAll()
        }

        /// Gives a post to handler `name` as JSON, if the main frame's document posted it.
        func deliver(name: String, body: Any, isMainFrame: Bool) {
            guard isMainFrame else { return }
            handlers[name]?(JSONValue(anyObject: body))
        }
    }
}
