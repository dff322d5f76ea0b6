import Foundation

extension SwedbankPaySDK {
    /// What the runner does, in order: the web payment's only effects. Effects are values: tests
    /// compare them exactly.
    enum WebPaymentEffect: Sendable, Equatable {
        // The configuration (each answer comes back as a `WebPaymentInput`).
        case createConsumerSession
        case createPaymentOrder(consumerProfileRef: String?, options: VersionOptions)
        case startUpdate(update: Int, ViewPaymentOrderInfo, updateInfo: AppValue)
        case cancelUpdate
        case abort(ViewPaymentOrderInfo)
        /// Cancels an in-flight `postConsumers` / `postPaymentorders`.
        case cancelCreation
        case expandPayer(ViewPaymentOrderInfo)
        /// Ask the configuration's `decidePolicyForPaymentMenuRedirect` where the page opens.
        case askConfiguration(WebNavigation)

        // The web view.
        /// Load one of the SDK's pages; `delayed` waits 500 ms before opening the hosted view, so
        /// a payment order changed by the page that returned has settled.
        case showPage(WebPaymentPage, number: Int, baseURL: URL?, delayed: Bool)
        /// Answer a web view's question about a navigation.
        case answer(WebNavigation, WebNavigationDecision)
        case open(WebNavigation, WebOpening)
        /// Offer the terms of service to the delegate.
        case offerTerms(WebNavigation, URL)
        /// Show the terms page over the payment (in the browser when no web view can be made).
        case showTerms(WebNavigation, URL)

        // The app and the payer.
        case notify(WebPaymentNotice)
        /// Show a page's dialog to the payer and give the page the answer.
        case presentDialog(id: Int, WebDialog)
        /// Give the page this answer to its dialog.
        case answerDialog(id: Int, WebDialogAnswer)
        case presentPrompt(WebPrompt, number: Int)
        case dismissPrompt
        /// Deliver `checkDue` at this time, replacing any check scheduled.
        case scheduleCheck(at: TimeInterval)
        case cancelCheck
        /// Later pages open in the browser (the payer chose to continue there).
        case useBrowserFromNowOn
        /// The controller takes (or no longer takes) returning paymentUrls.
        case registerForPaymentURLs
        case unregisterFromPaymentURLs
        /// Answer `SwedbankPaySDK.open(url:)`: whether this payment took the URL.
        case answerPaymentURL(taken: Bool)
    }

    /// What the delegate hears.
    enum WebPaymentNotice: Sendable, Equatable {
        case complete, canceled
        case failed(WebPaymentError)
        case updateFailed(WebPaymentError, updateInfo: AppValue)
        case paymentOrderDidShow(ViewPaymentOrderInfo)
        case paymentOrderDidHide
        case instrumentSelected
        case javaScriptEvent(name: String, arguments: JSONObject)
        case shippingAddressIsKnown
    }
}
