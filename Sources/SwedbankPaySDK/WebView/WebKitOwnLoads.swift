import Foundation

extension SwedbankPaySDK {
    /// The `WKWebView` adapter's bookkeeping of the loads the SDK itself asked for (`loadHTML`,
    /// `load`), kept apart from WebKit's types so that every platform tests it. The adapter tells
    /// it what WebKit reports and carries out what it answers.
    ///
    /// `Navigation` is what tells WebKit's navigations apart (the adapter uses the
    /// `WKNavigation`'s identity); `Waiter` is what an own load's caller waits on (the adapter's
    /// continuation).
    struct WebKitOwnLoads<Navigation: Hashable, Waiter> {
        /// The URL of the SDK's latest load until WebKit asks about it: that one navigation action
        /// is allowed without asking the decider.
        private(set) var expectedURL: URL?
        /// The SDK's loads that WebKit started, until they end.
        private var waiting: [Navigation: Waiter] = [:]

        /// How a navigation ended, as WebKit reports it.
        enum Ending {
            case finished
            case failed(any Error)
        }

        /// What the adapter does with an ending.
        enum Outcome {
            /// Own loads ended: their callers return, or throw the failure. One load, except when
            /// WebKit did not name the navigation (see ``end(_:_:)``).
            case resume([Waiter], Result<Void, WebViewLoadFailure>)
            /// A load of the page's failed: the load-failure handler hears it.
            case report(WebViewLoadFailure)
            /// Nothing to do (a navigation of the page's that finished or only ended).
            case ignore
        }

        /// The SDK is about to load `url`.
        mutating func expect(_ url: URL) {
            expectedURL = url
        }

        /// WebKit started the SDK's load as `navigation`; `waiter` waits for its end.
        mutating func started(_ navigation: Navigation, _ waiter: Waiter) {
            waiting[navigation] = waiter
        }

        /// The step for a navigation action WebKit asks about (``WebKitNavigationRules/step``);
        /// once the SDK's load was allowed, the next action to its URL is asked about again.
        mutating func step(url: URL?, method: String?, targetIsMainFrame: Bool?, body: Data?)
            -> WebKitNavigationRules.Step
        {
            let step = WebKitNavigationRules.step(
                url: url, method: method, targetIsMainFrame: targetIsMainFrame, body: body, ownLoadURL: expectedURL)
            if step == .allowOwnLoad { expectedURL = nil }
            return step
        }

        /// `navigation` ended. An own load that was cancelled or replaced
        /// (``WebKitNavigationRules/isQuietEnd(errorDomain:code:)``) returns without an error, and
        /// a quiet end of the page's is nobody's business; any other failure is thrown to the own
        /// load's caller, or else reported to the load-failure handler.
        ///
        /// WebKit passes no navigation (`nil` in its `WKNavigation!` parameters) for navigations
        /// it cannot name, such as some through the back/forward cache. Such an end is a
        /// top-level navigation ending, so no own load started before it is still loading: every
        /// own load still waiting ends with it (a failure is thrown to them; with none waiting it
        /// is the page's, as above). A caller of `load` never waits for a navigation WebKit will
        /// not name again.
        mutating func end(_ navigation: Navigation?, _ ending: Ending) -> Outcome {
            var failure: WebViewLoadFailure?
            if case .failed(let error) = ending { failure = Self.loadFailure(error) }
            let waiters: [Waiter]
            if let navigation {
                waiters = waiting.removeValue(forKey: navigation).map { [$0] } ?? []
            } else {
                waiters = Array(waiting.values)
                waiting.removeAll()
            }
            guard !waiters.isEmpty else {
                guard let failure else { return .ignore }
                return .report(failure)
            }
            guard let failure else { return .resume(waiters, .success(())) }
            return .resume(waiters, .failure(failure))
        }

        /// The web view closes: every own load still waiting returns, as a cancelled one does
        /// (WebKit reports nothing more once the adapter stops being its delegate).
        mutating func close() -> [Waiter] {
            defer { waiting.removeAll() }
            return Array(waiting.values)
        }

        /// A failure as the SDK reports it, or nil when the load only ended.
        private static func loadFailure(_ error: any Error) -> WebViewLoadFailure? {
            let nsError = error as NSError
            if WebKitNavigationRules.isQuietEnd(errorDomain: nsError.domain, code: nsError.code) { return nil }
            return WebViewLoadFailure(
                url: nsError.userInfo[NSURLErrorFailingURLErrorKey] as? URL, description: nsError.localizedDescription)
        }
    }
}
