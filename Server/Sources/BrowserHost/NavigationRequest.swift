import Foundation

/// A navigation a page is about to make, offered to the host before it happens, as
/// `webView(_:decidePolicyFor:decisionHandler:)` offers it on iOS.
public struct NavigationRequest: Sendable, Equatable {
    /// Where the page wants to go.
    public var url: URL
    /// `GET`, or `POST` for a submitted form (3-D Secure ends with one).
    public var method: String
    /// Whether the top-level document is replaced (false for iframes).
    public var isMainFrame: Bool
    /// The request body of a POST, as sent.
    public var body: Data?
    /// Whether a server redirect (a 3xx answer to the previous request) leads here.
    public var isRedirect: Bool

    /// Creates a request.
    public init(url: URL, method: String, isMainFrame: Bool, body: Data? = nil, isRedirect: Bool = false) {
        self.url = url
        self.method = method
        self.isMainFrame = isMainFrame
        self.body = body
        self.isRedirect = isRedirect
    }

    /// The body as form fields (`application/x-www-form-urlencoded`), or empty.
    public var formFields: [String: String] {
        guard let body, let text = String(data: body, encoding: .utf8) else { return [:] }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) in
                part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(part)
            }
            fields[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }
}

/// What the host decides about a navigation.
public enum NavigationDecision: Sendable, Equatable {
    /// Let it happen.
    case allow
    /// Stop it; the page stays where it is.
    case cancel
}

/// A top-level document that could not be loaded, as Chromium reports it.
public struct LoadFailure: Sendable, Equatable {
    /// The URL that failed.
    public var url: URL
    /// Chromium's reason, as a network error name (`net::ERR_CONNECTION_REFUSED`).
    public var errorText: String

    /// Creates a failure.
    public init(url: URL, errorText: String) {
        self.url = url
        self.errorText = errorText
    }
}
