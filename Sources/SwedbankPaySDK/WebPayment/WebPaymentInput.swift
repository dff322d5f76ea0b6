import Foundation

extension SwedbankPaySDK {
    /// Everything that happens to a web payment, as the runner reports it: the app's calls, the
    /// configuration's answers, the page's messages and loads, the web view's navigations and what
    /// came of carrying them out, dialogs, prompts and the clock. Each is a fact; what follows from
    /// it is decided by `WebPaymentFlow.reduce`.
    enum WebPaymentInput: Sendable, Equatable {
        // The app's calls.
        /// The app started a payment.
        case start(useCheckin: Bool, isV3: Bool, WebPaymentLaunch)
        /// The app gave saved data to restore (read as `RestoredPayment`, or not).
        case restore(RestoredPayment, WebPaymentLaunch)
        case updateRequested(updateInfo: AppValue)
        case abortRequested
        /// The app set a delegate: it hears a payment that ended.
        case delegateSet
        /// The app set (or the payer's choice changed) the controller's `webRedirectBehavior`.
        case redirectBehaviorSet(SwedbankPaySDKController.WebRedirectBehavior)
        /// A URL given to `SwedbankPaySDK.open(url:)`, with whether the configuration's
        /// `url(_:matchesPaymentUrl:)` said it is this payment's paymentUrl.
        case paymentURLOpened(URL, configurationMatches: Bool)

        // The configuration's answers.
        case consumerSessionCreated(ViewConsumerIdentificationInfo)
        case paymentOrderCreated(ViewPaymentOrderInfo)
        /// `postConsumers` or `postPaymentorders` failed.
        case creationFailed(WebPaymentError)
        case updateSucceeded(update: Int, ViewPaymentOrderInfo)
        case updateFailed(update: Int, WebPaymentError)
        case abortSucceeded
        case abortFailed(WebPaymentError)
        /// `expandPayerAfterIdentified` succeeded.
        case payerExpanded
        /// Where `decidePolicyForPaymentMenuRedirect` placed a third-party page.
        case configurationPlaced(WebNavigation, ConfigurationPlacement)

        // The web view.
        /// A page posted a message to the SDK.
        case posted(page: Int, JSONValue)
        /// A page finished loading, or could not be loaded.
        case pageLoaded(page: Int)
        case pageLoadFailed(page: Int, WebViewLoadFailure)
        /// The web view could not be made, or a page it navigated to failed.
        case webViewFailed(WebPaymentError)
        /// A navigation the payment's web view asks about, with whether the configuration's
        /// `url(_:matchesPaymentUrl:)` said its URL is the payment's paymentUrl.
        case navigation(WebNavigation, configurationMatchesPaymentUrl: Bool)
        /// A navigation the terms of service page's web view asks about.
        case termsNavigation(WebNavigation)
        /// The delegate was offered the terms of service; `taken` when it shows them itself.
        case termsOffered(WebNavigation, url: URL, taken: Bool)
        /// The SDK's terms page is shown (or the browser opened them).
        case termsShown(WebNavigation)
        /// An app, the browser or an app link was opened for a navigation, or could not be.
        case opened(WebNavigation, WebOpening, succeeded: Bool, at: TimeInterval)

        // Dialogs, prompts and the clock.
        /// A page opened a JavaScript dialog; `presentable` when the controller has a presenter.
        case pageDialog(id: Int, WebDialog, presentable: Bool)
        /// The payer answered a prompt, or it closed (or could not be shown).
        case promptAnswered(number: Int, WebPrompt, PromptAnswer)
        case appBecameActive(at: TimeInterval)
        case checkDue(at: TimeInterval)

        /// The input's name alone, for tables of transitions.
        enum Kind: String, Sendable, CaseIterable {
            case start, restore, updateRequested, abortRequested, delegateSet, redirectBehaviorSet
            case paymentURLOpened, consumerSessionCreated, paymentOrderCreated, creationFailed
            case updateSucceeded, updateFailed, abortSucceeded, abortFailed, payerExpanded
            case configurationPlaced, posted, pageLoaded, pageLoadFailed, webViewFailed, navigation
            case termsNavigation, termsOffered, termsShown, opened, pageDialog, promptAnswered
            case appBecameActive, checkDue
        }

        var kind: Kind {
            switch self {
            case .start: .start
            case .restore: .restore
            case .updateRequested: .updateRequested
            case .abortRequested: .abortRequested
            case .delegateSet: .delegateSet
            case .redirectBehaviorSet: .redirectBehaviorSet
            case .paymentURLOpened: .paymentURLOpened
            case .consumerSessionCreated: .consumerSessionCreated
            case .paymentOrderCreated: .paymentOrderCreated
            case .creationFailed: .creationFailed
            case .updateSucceeded: .updateSucceeded
            case .updateFailed: .updateFailed
            case .abortSucceeded: .abortSucceeded
            case .abortFailed: .abortFailed
            case .payerExpanded: .payerExpanded
            case .configurationPlaced: .configurationPlaced
            case .posted: .posted
            case .pageLoaded: .pageLoaded
            case .pageLoadFailed: .pageLoadFailed
            case .webViewFailed: .webViewFailed
            case .navigation: .navigation
            case .termsNavigation: .termsNavigation
            case .termsOffered: .termsOffered
            case .termsShown: .termsShown
            case .opened: .opened
            case .pageDialog: .pageDialog
            case .promptAnswered: .promptAnswered
            case .appBecameActive: .appBecameActive
            case .checkDue: .checkDue
            }
        }
    }

    /// What the app hands a payment it starts or restores: its values, this controller's setup
    /// (nil when it has no configuration) and a new order key (used when the payment has none).
    /// Two are equal when their keys and whether they have a setup are: the flow decides by
    /// nothing else of them.
    struct WebPaymentLaunch: Sendable, Equatable {
        var arguments: FlowArguments
        var setup: WebPaymentSetup?
        var newOrderKey: IdempotencyKey

        static func == (lhs: WebPaymentLaunch, rhs: WebPaymentLaunch) -> Bool {
            lhs.newOrderKey == rhs.newOrderKey && (lhs.setup == nil) == (rhs.setup == nil)
        }
    }

    /// A saved payment as the runner read it.
    enum RestoredPayment: Sendable, Equatable {
        /// The data could not be read.
        case unreadable(SwedbankPaySDKController.StateRestorationError)
        /// The saved phase and order key (nil in data saved before keys were kept), and what the
        /// saved and the restoring controller were given.
        case saved(WebPaymentState, orderKey: IdempotencyKey?, RestoringConfiguration)
    }

    /// Whether the saved and the restoring controller were given their configuration by an
    /// initializer: one given that way is not in the saved data, so only a controller given one of
    /// its own can go on.
    struct RestoringConfiguration: Sendable, Equatable {
        /// Nil in data saved before this was recorded.
        var wasGiven: Bool?
        var isGiven: Bool
    }

    /// Where the configuration's `decidePolicyForPaymentMenuRedirect` places a page.
    enum ConfigurationPlacement: Sendable, Hashable {
        case webView, browser
        /// It could not be asked: no configuration, or no navigation action to show it.
        case notAsked
    }

    /// How a prompt closed.
    enum PromptAnswer: Sendable, Hashable {
        /// The payer chose this button.
        case button(Int)
        /// It was taken away, or closed without a choice.
        case dismissed
        /// No presenter could show it.
        case unshown
    }

    /// One navigation a web view waits for an answer to.
    struct WebNavigation: Sendable, Hashable {
        var id: Int
        var request: WebNavigationRequest
    }

    /// What a navigation opens outside the web view.
    enum WebOpening: Sendable, Hashable {
        /// Another app (custom scheme).
        case app(URL)
        /// The browser.
        case browser(URL)
        /// An app that may claim a third-party page; if none does, the page opens as `placement` says.
        case appLink(URL, placement: ThirdPartyPlacement)
    }

    /// The SDK's own prompts.
    enum WebPrompt: Sendable, Hashable {
        case maybeStuck, continuesInBrowser
    }
}
