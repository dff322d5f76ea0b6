import Foundation

extension SwedbankPaySDK {
    /// The rules of the SDK's `WKWebView` adapter (Apple only, in
    /// `Apple/SwedbankPaySDKController+UIKit.swift`), as pure functions so that every platform
    /// tests them. The adapter reads WebKit's values, asks these, and carries out the answer.
    enum WebKitNavigationRules {
        /// What to do with a navigation action WebKit asks about.
        enum Step: Equatable, Sendable {
            /// The top-level load the SDK itself started (`loadHTML`, `load`): allowed without
            /// asking the decider, once.
            case allowOwnLoad
            /// Anything else goes to the decider as this request.
            case ask(WebNavigationRequest)
        }

        /// What WebKit is told once the decider has answered.
        enum Answer: Equatable, Sendable {
            case allow
            case cancel
            /// An allowed popup: WebKit is told no, and the adapter loads its request in place
            /// (the SDK never opens windows).
            case cancelAndLoadInPlace
        }

        /// The step for a navigation action: `targetIsMainFrame` is nil when the action has no
        /// target frame (a new window, which is a new top-level document).
        static func step(
            url: URL?, method: String?, targetIsMainFrame: Bool?, body: Data?, ownLoadURL: URL?
        ) -> Step {
            let url = url ?? URL(string: "about:blank")!
            // The SDK's own loads target the existing top-level frame; a popup to the same URL is
            // the page's, and asked about.
            if targetIsMainFrame == true, let ownLoadURL, url == ownLoadURL { return .allowOwnLoad }
            let isMainFrame = targetIsMainFrame ?? true
            return .ask(
                WebNavigationRequest(
                    url: url, method: method ?? "GET", isMainFrame: isMainFrame, isNewWindow: targetIsMainFrame == nil,
                    body: body))
        }

        /// Asks `decider` about `request` and says what WebKit is told; without a decider
        /// everything is allowed (a web view nobody decides for navigates as WebKit would).
        @MainActor
        static func answer(_ request: WebNavigationRequest, by decider: WebNavigationDecider?) async -> Answer {
            answer(await decider?(request) ?? .allow, for: request)
        }

        /// What the decider's `decision` on `request` means for WebKit.
        static func answer(_ decision: WebNavigationDecision, for request: WebNavigationRequest) -> Answer {
            guard decision == .allow else { return .cancel }
            return request.isNewWindow ? .cancelAndLoadInPlace : .allow
        }

        /// The base URL WebKit is given for HTML the SDK shows at `baseURL`: none when the SDK
        /// asks for `about:blank` (a document of no origin of its own).
        static func htmlBaseURL(_ baseURL: URL) -> URL? {
            baseURL.absoluteString == "about:blank" ? nil : baseURL
        }

        /// Whether a failed navigation only ended: cancelled (by the decider, or by a newer load)
        /// or interrupted by WebKit's own policy change (`WebKitErrorDomain` 102, "frame load
        /// interrupted"), which is not a load failure to report.
        static func isQuietEnd(errorDomain: String, code: Int) -> Bool {
            (errorDomain == NSURLErrorDomain && code == NSURLErrorCancelled)
                || (errorDomain == "WebKitErrorDomain" && code == 102)
        }
    }
}
