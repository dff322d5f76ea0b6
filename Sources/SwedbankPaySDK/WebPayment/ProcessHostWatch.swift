import Foundation

extension SwedbankPaySDK {
    /// Where the payment is going on while the payment menu is shown, and when to ask the payer
    /// whether it is stuck — the pure rules behind the controller's "payment may be stuck" prompt
    /// (shown only under ``SwedbankPaySDKController/WebRedirectBehavior/Default``) and its
    /// browser notice.
    ///
    /// A page the menu led to may open another app (a bank's, Swish). If the payer comes back and
    /// nothing happened, the payment may be stuck: some bank pages do not work inside a web view.
    /// Once an app was opened at least ``stuckAfter`` seconds ago and the payer has been back in
    /// this app for ``settleAfterActive`` seconds, the prompt offers to wait or to continue in the
    /// browser. Any navigation in the web view means the payment moved on: the prompt goes away.
    struct ProcessHostWatch: Equatable, Sendable {
        /// Where the payment goes on.
        enum Host: Equatable, Sendable {
            /// In the web view.
            case webView
            /// In another app, opened at this time.
            case externalApp(openedAt: TimeInterval)
            /// In the browser.
            case browser
        }

        /// What happened.
        enum Input: Equatable, Sendable {
            /// The web view's page opened another app.
            case openedApp(at: TimeInterval)
            /// A page was opened in the browser.
            case openedBrowser
            /// The web view navigated, or the menu was shown again.
            case webViewNavigated
            /// The payer came back to this app.
            case appBecameActive(at: TimeInterval)
            /// A check the watch scheduled is due.
            case checkDue(at: TimeInterval)
            /// The payer answered (or dismissed) the prompt shown.
            case promptClosed
            /// Whether the stuck prompt may be shown (the redirect behaviour is `Default`).
            case promptsAllowed(Bool)
        }

        /// What the controller does.
        enum Effect: Equatable, Sendable {
            /// Ask the payer whether the payment is stuck.
            case showMaybeStuck
            /// Tell the payer the payment continues in the browser.
            case showContinuesInBrowser
            /// Take the prompt shown away.
            case dismissPrompt
            /// Deliver ``Input/checkDue(at:)`` at this time, replacing any check scheduled.
            case scheduleCheck(at: TimeInterval)
            /// Forget the scheduled check.
            case cancelCheck
        }

        /// Which prompt is shown.
        enum Prompt: Equatable, Sendable {
            case maybeStuck, continuesInBrowser
        }

        static let stuckAfter: TimeInterval = 30
        static let settleAfterActive: TimeInterval = 3

        private(set) var host = Host.webView
        private(set) var prompt: Prompt?
        private(set) var lastActive: TimeInterval?
        private(set) var promptsAllowed = true

        mutating func reduce(_ input: Input) -> [Effect] {
            switch input {
            case .openedApp(let time):
                host = .externalApp(openedAt: time)
                return closePrompt() + evaluate(now: time)
            case .openedBrowser:
                host = .browser
                guard prompt != .continuesInBrowser else { return [.cancelCheck] }
                let close = closePrompt()
                prompt = .continuesInBrowser
                return close + [.cancelCheck, .showContinuesInBrowser]
            case .webViewNavigated:
                host = .webView
                return [.cancelCheck] + closePrompt()
            case .appBecameActive(let time):
                lastActive = time
                return evaluate(now: time)
            case .checkDue(let time):
                return evaluate(now: time)
            case .promptClosed:
                prompt = nil
                return []
            case .promptsAllowed(let allowed):
                promptsAllowed = allowed
                if !allowed, prompt == .maybeStuck { return [.cancelCheck] + closePrompt() }
                return allowed ? [] : [.cancelCheck]
            }
        }

        /// With the payment in another app: the prompt if it is time, else a check when it will be.
        private mutating func evaluate(now: TimeInterval) -> [Effect] {
            guard case .externalApp(let openedAt) = host, promptsAllowed, prompt == nil else { return [] }
            let due = max(openedAt + Self.stuckAfter, (lastActive ?? -.infinity) + Self.settleAfterActive)
            guard now >= due else { return [.scheduleCheck(at: due)] }
            prompt = .maybeStuck
            return [.showMaybeStuck]
        }

        private mutating func closePrompt() -> [Effect] {
            guard prompt != nil else { return [] }
            prompt = nil
            return [.dismissPrompt]
        }
    }
}
