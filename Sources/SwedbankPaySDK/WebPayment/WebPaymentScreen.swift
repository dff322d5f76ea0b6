import Foundation

extension SwedbankPaySDK {
    /// What the web view shows of a running payment: the SDK page shown last, and the watch
    /// behind the "payment may be stuck" prompt (shown only under
    /// ``SwedbankPaySDKController/WebRedirectBehavior/Default``) and the browser notice.
    ///
    /// A page the menu led to may open another app (a bank's, Swish). If the payer comes back and
    /// nothing happened, the payment may be stuck: some bank pages do not work inside a web view.
    /// Once an app was opened at least ``stuckAfter`` seconds ago and the payer has been back in
    /// this app for ``settleAfterActive`` seconds, the prompt offers to wait or to continue in the
    /// browser. Any navigation in the web view means the payment moved on: the prompt goes away.
    ///
    /// It exists only while a payment runs and a page is shown, so nothing before a payment
    /// starts or after it ended is watched. Its rules are steps of `WebPaymentFlow.reduce`, each
    /// returning the flow's own ``WebPaymentEffect``s.
    struct WebPaymentScreen: Sendable, Equatable {
        /// One of the SDK's pages, numbered in the order shown: messages and loads of any other
        /// are ignored.
        struct ShownPage: Sendable, Equatable {
            var page: WebPaymentPage
            var number: Int
            /// Whether the web view still shows it rather than a page it navigated to.
            var isOwn = true
        }

        /// Where the payment goes on.
        enum Host: Sendable, Equatable {
            case webView
            /// In another app, opened at this time.
            case externalApp(openedAt: TimeInterval)
            case browser
        }

        static let stuckAfter: TimeInterval = 30
        static let settleAfterActive: TimeInterval = 3

        var page: ShownPage
        private(set) var host = Host.webView
        /// The prompt shown, if any.
        private(set) var prompt: WebPrompt?
        /// Numbers the prompts: an answer to a prompt taken away is ignored.
        private(set) var promptNumber = 0
        private(set) var lastActive: TimeInterval?

        init(page: ShownPage) {
            self.page = page
        }

        /// The next page replaces the one shown: the payment is back in the web view.
        mutating func show(_ shown: WebPaymentPage) -> [WebPaymentEffect] {
            page = ShownPage(page: shown, number: page.number + 1)
            return webViewNavigated()
        }

        /// The web view navigated, or a page was shown: the payment moved on.
        mutating func webViewNavigated() -> [WebPaymentEffect] {
            host = .webView
            return [.cancelCheck] + closePrompt()
        }

        /// The web view's page opened another app.
        mutating func appOpened(at time: TimeInterval, promptsAllowed: Bool) -> [WebPaymentEffect] {
            host = .externalApp(openedAt: time)
            return closePrompt() + evaluate(now: time, promptsAllowed: promptsAllowed)
        }

        /// A page was opened in the browser: the payer is told, under any redirect behaviour.
        mutating func browserOpened() -> [WebPaymentEffect] {
            host = .browser
            guard prompt != .continuesInBrowser else { return [.cancelCheck] }
            return closePrompt() + [.cancelCheck] + present(.continuesInBrowser)
        }

        mutating func appBecameActive(at time: TimeInterval, promptsAllowed: Bool) -> [WebPaymentEffect] {
            lastActive = time
            return evaluate(now: time, promptsAllowed: promptsAllowed)
        }

        mutating func checkDue(at time: TimeInterval, promptsAllowed: Bool) -> [WebPaymentEffect] {
            evaluate(now: time, promptsAllowed: promptsAllowed)
        }

        /// The redirect behaviour changed: away from `Default`, no stuck prompt.
        mutating func promptsAllowedChanged(_ allowed: Bool) -> [WebPaymentEffect] {
            guard !allowed else { return [] }
            return [.cancelCheck] + (prompt == .maybeStuck ? closePrompt() : [])
        }

        /// The payer answered prompt `number` (or it could not be shown); whether it was the one
        /// shown.
        mutating func promptClosed(number: Int) -> Bool {
            guard number == promptNumber, prompt != nil else { return false }
            prompt = nil
            return true
        }

        /// A page's JavaScript dialog takes the place of the SDK's own prompt.
        mutating func pageDialogShown() -> [WebPaymentEffect] {
            closePrompt()
        }

        /// The payment ended: its check is cancelled and a prompt shown taken away.
        mutating func stop() -> [WebPaymentEffect] {
            var effects: [WebPaymentEffect] = []
            if case .externalApp = host { effects.append(.cancelCheck) }
            host = .webView
            return effects + closePrompt()
        }

        /// With the payment in another app: the prompt if it is time, else a check when it will be.
        private mutating func evaluate(now: TimeInterval, promptsAllowed: Bool) -> [WebPaymentEffect] {
            guard case .externalApp(let openedAt) = host, promptsAllowed, prompt == nil else { return [] }
            let due = max(openedAt + Self.stuckAfter, (lastActive ?? -.infinity) + Self.settleAfterActive)
            guard now >= due else { return [.scheduleCheck(at: due)] }
            return present(.maybeStuck)
        }

        private mutating func present(_ shown: WebPrompt) -> [WebPaymentEffect] {
            prompt = shown
            promptNumber += 1
            return [.presentPrompt(shown, number: promptNumber)]
        }

        private mutating func closePrompt() -> [WebPaymentEffect] {
            guard prompt != nil else { return [] }
            prompt = nil
            promptNumber += 1
            return [.dismissPrompt]
        }
    }
}
