import Foundation

extension SwedbankPaySDK {
    /// A navigation a page is about to make, as a ``WebView`` offers it to its
    /// ``WebView/navigationDecider``.
    public struct WebNavigationRequest: Sendable, Hashable {
        /// Where the page wants to go.
        public var url: URL
        /// The HTTP method: `GET`, or `POST` for a submitted form (3-D Secure challenges end with one).
        public var method: String
        /// Whether the navigation replaces the top-level document; false for frames. A popup is a
        /// new top-level document, so it is true for popups.
        public var isMainFrame: Bool
        /// Whether the page asked for a new window (`window.open`, `target="_blank"`).
        public var isNewWindow: Bool
        /// The request body of a POST, as sent (`application/x-www-form-urlencoded` for forms).
        public var body: Data?

        /// Creates a request.
        public init(
            url: URL,
            method: String = "GET",
            isMainFrame: Bool = true,
            isNewWindow: Bool = false,
            body: Data? = nil
        ) {
            self.url = url
            self.method = method
            self.isMainFrame = isMainFrame
            self.isNewWindow = isNewWindow
            self.body = body
        }

        /// The body read as form fields (`application/x-www-form-urlencoded`), in order; empty when
        /// there is no body or it is not UTF-8.
        public var formFields: [(name: String, value: String)] {
            guard let body, let text = String(data: body, encoding: .utf8), !text.isEmpty else { return [] }
            return text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = parts.count > 1 ? Self.formDecode(parts[1]) : ""
                return (Self.formDecode(parts[0]), value)
            }
        }

        private static func formDecode(_ part: Substring) -> String {
            let spaced = part.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
    }

    /// What a ``WebNavigationDecider`` decides about a navigation.
    public enum WebNavigationDecision: Sendable, Hashable {
        /// Let it happen.
        case allow
        /// Stop it; the page stays where it was.
        case cancel
    }

    /// A top-level document that could not be loaded.
    public struct WebViewLoadFailure: Error, Sendable, Hashable, Codable {
        /// The URL that failed, when known.
        public var url: URL?
        /// The engine's description of the failure, for logs (`net::ERR_CONNECTION_REFUSED`,
        /// an `NSError`'s localized description).
        public var description: String

        /// Creates a failure.
        public init(url: URL?, description: String) {
            self.url = url
            self.description = description
        }
    }
}
