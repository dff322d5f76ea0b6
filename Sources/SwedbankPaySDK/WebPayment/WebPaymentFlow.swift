import Foundation

extension SwedbankPaySDK {
    /// Everything the web payment decides with, as one value: the payment's phase (what
    /// restoration saves), the SDK page shown and whether the web view still shows it, the watch
    /// behind the "payment may be stuck" prompt and the number of the prompt shown.
    ///
    /// ``reduce(_:)`` is the web payment's whole decision table: `WebPaymentRunner` feeds it
    /// every input (the app's calls, configuration results, page messages and loads, navigations
    /// and what came of their app launches, dialogs, prompts, the clock) and carries out the
    /// ``WebPaymentAction``s it returns. Nothing here does I/O.
    ///
    /// ```
    /// idle ─start─▶ initializingConsumerSession ─▶ identifyingConsumer ─▶ creatingPaymentOrder
    ///   └───────────start (no v2 checkin)─────────────────────────────────▶ creatingPaymentOrder
    /// creatingPaymentOrder ─created─▶ paying ⇄ updatingPaymentOrder
    /// paying ─paymentUrl (after 500 ms) / "continue in browser" (at once)─▶ paying, the menu shown again
    /// paying, updatingPaymentOrder ─abort─▶ aborting ─▶ canceled | failed
    /// paying, updatingPaymentOrder, aborting ─paid / cancelUrl / page failed─▶ complete | canceled | failed
    /// before paying: abort ─▶ canceled; creation failed ─▶ failed
    /// ```
    struct WebPaymentFlow: Sendable, Equatable {
        /// Where the payment is.
        var payment = WebPaymentState.idle
        /// The SDK's page shown last; messages from any other are ignored.
        var page: ShownPage?
        /// Where the payment goes on, for the stuck prompt.
        var watch = ProcessHostWatch()
        /// Numbers the prompts: an answer to a prompt taken away is ignored.
        var promptNumber = 0

        /// One of the SDK's pages, numbered in the order shown.
        struct ShownPage: Sendable, Equatable {
            var page: WebPaymentPage
            var number: Int
            /// Whether the web view still shows it rather than a page it navigated to.
            var isOwn = true
        }

        /// Whether the web view shows the SDK's payment page (the menu, not a page it led to).
        var showsPaymentOrder: Bool {
            payment.paymentOrderInfo != nil && page?.isOwn == true
        }
    }

    /// What happens to a web payment.
    enum WebPaymentInput: Sendable, Equatable {
        /// The app started a payment; `configured` is false when the controller has no
        /// configuration.
        case start(useCheckin: Bool, isV3: Bool, configured: Bool)
        /// A saved payment was read (or could not be).
        case restore(RestoredPayment)
        /// The payment's own events: configuration results, the app's update and abort, the
        /// paymentUrl's return.
        case payment(WebPaymentEvent)
        /// The app set a delegate: it hears a payment that ended.
        case delegateSet
        /// The configuration expanded the payer.
        case payerExpanded
        /// A page posted a message to the SDK.
        case posted(page: Int, JSONValue)
        /// A page finished loading, or could not be loaded.
        case pageLoaded(page: Int)
        case pageLoadFailed(page: Int, WebViewLoadFailure)
        /// The web view could not be made, or a page it navigated to failed.
        case webViewFailed(WebPaymentError)
        /// A navigation the web view asks about, with what the navigation policy says of it.
        case navigation(WebNavigation, NavigationOutcome)
        /// The delegate was offered the terms of service; `taken` when it shows them itself.
        case termsOffered(WebNavigation, url: URL, taken: Bool)
        /// The SDK's terms page is shown (or the browser opened them).
        case termsShown(WebNavigation)
        /// An app, the browser or an app link was opened for a navigation, or could not be.
        case opened(WebNavigation, WebOpening, succeeded: Bool, at: TimeInterval)
        /// The configuration said where a third-party page opens.
        case configurationPlaced(WebNavigation, inWebView: Bool)
        /// A page's JavaScript dialog is about to be shown to the payer.
        case pageDialog
        /// The payer answered a prompt (nil: it was taken away).
        case promptAnswered(number: Int, WebPrompt, button: Int?)
        /// The stuck prompt is allowed (the redirect behaviour is `Default`) or not.
        case promptsAllowed(Bool)
        case appBecameActive(at: TimeInterval)
        case checkDue(at: TimeInterval)

        /// The input's name alone, for tables of transitions.
        enum Kind: String, Sendable, CaseIterable {
            case start, restore, payment, delegateSet, payerExpanded, posted, pageLoaded, pageLoadFailed
            case webViewFailed, navigation, termsOffered, termsShown, opened, configurationPlaced, pageDialog
            case promptAnswered, promptsAllowed, appBecameActive, checkDue
        }

        var kind: Kind {
            switch self {
            case .start: .start
            case .restore: .restore
            case .payment: .payment
            case .delegateSet: .delegateSet
            case .payerExpanded: .payerExpanded
            case .posted: .posted
            case .pageLoaded: .pageLoaded
            case .pageLoadFailed: .pageLoadFailed
            case .webViewFailed: .webViewFailed
            case .navigation: .navigation
            case .termsOffered: .termsOffered
            case .termsShown: .termsShown
            case .opened: .opened
            case .configurationPlaced: .configurationPlaced
            case .pageDialog: .pageDialog
            case .promptAnswered: .promptAnswered
            case .promptsAllowed: .promptsAllowed
            case .appBecameActive: .appBecameActive
            case .checkDue: .checkDue
            }
        }
    }

    /// A saved payment as the runner read it.
    enum RestoredPayment: Sendable, Equatable {
        /// The data could not be read.
        case unreadable(SwedbankPaySDKController.StateRestorationError)
        /// The saved phase, and what the saved and the restoring controller know of their
        /// configuration (the flow decides whether this controller can go on with it).
        case saved(WebPaymentState, RestoringConfiguration)
    }

    /// The configuration facts a restoration turns on: a configuration given to an initializer is
    /// not in the saved data, so only a controller that has one of its own can go on.
    struct RestoringConfiguration: Sendable, Equatable {
        /// Whether the saved controller was given its configuration by an initializer (nil in
        /// data saved before this was recorded).
        var wasGiven: Bool?
        /// Whether the restoring controller was given its configuration by an initializer.
        var isGiven: Bool
        /// Whether the restoring controller has a configuration at all (given, or a default).
        var isAvailable: Bool

        /// A restoring controller with a configuration (given to it when `given`), of data that
        /// says nothing against it.
        static func available(given: Bool = false) -> Self {
            Self(wasGiven: nil, isGiven: given, isAvailable: true)
        }
    }

    /// One navigation the web view waits for an answer to.
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

    /// What the delegate hears.
    enum WebPaymentNotice: Sendable, Equatable {
        case complete, canceled
        case failed(WebPaymentError)
        case updateFailed(WebPaymentError)
        case paymentOrderDidShow(ViewPaymentOrderInfo)
        case paymentOrderDidHide
        case instrumentSelected
        case javaScriptEvent(name: String, arguments: JSONObject)
        case shippingAddressIsKnown
    }

    /// What the runner does, in order.
    enum WebPaymentAction: Sendable, Equatable {
        /// A configuration call (or its cancellation).
        case configuration(WebPaymentEffect)
        /// Load one of the SDK's pages in the web view.
        case showPage(WebPaymentPage, number: Int, baseURL: URL?, delayed: Bool)
        case notify(WebPaymentNotice)
        /// Answer the web view's question about a navigation.
        case answer(WebNavigation, WebNavigationDecision)
        /// Offer the terms of service to the delegate.
        case offerTerms(WebNavigation, URL)
        /// Show the terms page over the payment (in the browser when no web view can be made).
        case showTerms(WebNavigation, URL)
        case open(WebNavigation, WebOpening)
        /// Ask the configuration's `decidePolicyForPaymentMenuRedirect` where the page opens.
        case askConfiguration(WebNavigation)
        case presentPrompt(WebPrompt, number: Int)
        case dismissPrompt
        case scheduleCheck(at: TimeInterval)
        case cancelCheck
        /// Later pages open in the browser (the payer chose to continue there).
        case useBrowserFromNowOn
        /// The controller takes (or no longer takes) returning paymentUrls.
        case registerForPaymentURLs
        case unregisterFromPaymentURLs
    }
}
