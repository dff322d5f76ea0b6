import Foundation

/// Everything the decision engine remembers about one payment session. `fetchPaymentSession`
/// starts a new one; nothing survives it.
struct PaymentSessionMemory: Sendable, Equatable {
    /// The app's order info; nil means automatic configuration from the session's `urls`.
    let manualOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?
    /// The URL given to `fetchPaymentSession`; the 409 re-fetch uses it. Nil once the session ended.
    var sessionURL: URL?
    /// The URLs the session redirects to and returns with.
    var orderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?
    /// The latest model.
    var model: SessionModel?
    /// The instrument of `makeNativePaymentAttempt` until its attempt is started.
    var pendingInstrument: SwedbankPaySDK.PaymentAttemptInstrument?
    /// The mode of `createSwedbankPaySDKController` until the controller is made.
    var pendingControllerMode: SwedbankPaySDK.SwedbankPayPaymentSessionSDKControllerMode?
    /// The customize-payment body sent for the pending instrument or mode; sending the same one
    /// twice would be a loop.
    var customizeSent: SessionRequestBody.CustomizeBody?
    /// Whether expand-method was sent for the pending instrument.
    var expandSent = false
    var applePayMerchantIdentifier: String?
    var instrumentsDelivered = false
    /// While the web payment menu runs, returning payment URLs are its own.
    var webControllerActive = false
    /// The problems shown, by acknowledge href (or content when a problem has none).
    var shownProblems: Set<String> = []
    /// The `launch-client-app` hrefs already opened.
    var launchedAppURLs: Set<String> = []
    /// 3-D Secure method requests done (`threeDSMethodData` → `Y` or `N`) and running.
    var methodRequests: [String: String] = [:]
    var methodRequestsRunning: Set<String> = []
    /// 3-D Secure challenges shown (by `creq`) and the `cres` each ended with.
    var challengesShown: Set<String> = []
    var challengeResults: [String: String] = [:]
    /// The `NotificationUrl` of create-authentication: where the challenge ends.
    var notificationUrl: String?
    /// Whether the wallet sheet was shown for the current Apple Pay attempt.
    var walletPresented = false
    /// A redirect-payer was reached.
    var finished = false

    init(manualOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo?) {
        self.manualOrderInfo = manualOrderInfo
        orderInfo = manualOrderInfo
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.manualOrderInfo == rhs.manualOrderInfo && lhs.sessionURL == rhs.sessionURL
            && lhs.orderInfo == rhs.orderInfo && lhs.model == rhs.model
            && lhs.pendingInstrument == rhs.pendingInstrument
            && lhs.pendingControllerMode == rhs.pendingControllerMode && lhs.customizeSent == rhs.customizeSent
            && lhs.expandSent == rhs.expandSent && lhs.applePayMerchantIdentifier == rhs.applePayMerchantIdentifier
            && lhs.instrumentsDelivered == rhs.instrumentsDelivered
            && lhs.webControllerActive == rhs.webControllerActive && lhs.shownProblems == rhs.shownProblems
            && lhs.launchedAppURLs == rhs.launchedAppURLs && lhs.methodRequests == rhs.methodRequests
            && lhs.methodRequestsRunning == rhs.methodRequestsRunning && lhs.challengesShown == rhs.challengesShown
            && lhs.challengeResults == rhs.challengeResults && lhs.notificationUrl == rhs.notificationUrl
            && lhs.walletPresented == rhs.walletPresented && lhs.finished == rhs.finished
    }
}
