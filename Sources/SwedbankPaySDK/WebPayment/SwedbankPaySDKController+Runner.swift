import Foundation

// The controller as the runner's port, and the public calls that forward to the runner.
extension SwedbankPaySDKController: SwedbankPaySDK.WebPaymentPort {
    var activeDialogPresenter: (any SwedbankPaySDK.PayerDialogPresenter)? {
        dialogPresenter ?? Self.defaultDialogPresenter ?? Self.platformDialogPresenter()
    }

    var viewControllerForDialogs: SwedbankPaySDK.PlatformViewController { self }

    /// Reads the time for the stuck prompt; tests set a manual clock.
    var clock: any SwedbankPaySDK.Clock {
        get { runner.clock }
        set { runner.clock = newValue }
    }

    /// The payer came back to the app (UIKit tells the controller; other platforms' hosts call
    /// it): a payment left in another app may be stuck.
    public func applicationDidBecomeActive() {
        runner.appBecameActive()
    }

    /// Closes the terms of service page, if shown.
    public func dismissTermsOfService() {
        runner.dismissTermsOfService()
    }

    /// The terms of service page shown now, if any (its web view's view controller).
    public var termsOfServicePage: SwedbankPaySDK.PlatformViewController? {
        runner.termsWebView?.viewController
    }

    // MARK: Restoration

    /// The payment as data, for restoring it in a later process with ``restorePayment(from:)``:
    /// its state, consumer, payment order, the order's ``SwedbankPaySDK/IdempotencyKey`` and user
    /// data. Save it when the app may be terminated
    /// (UIKit state restoration does this for you).
    ///
    /// User data and errors of types not registered with
    /// ``SwedbankPaySDK/registerCodable(_:encodedTypeName:)`` cannot be saved: a payment holding
    /// such user data is saved as failed with ``StateRestorationError/unregisteredCodable(_:)``.
    public func paymentRestorationData() throws -> Data {
        try runner.restorationData(configurationWasGiven: givenConfiguration != nil)
    }

    /// Restores a payment saved with ``paymentRestorationData()`` into this controller, which must
    /// not have started a payment. Work that was in flight is done again (a payment order being
    /// created is requested again, with the same idempotency key, so a backend that keeps keys
    /// answers the order it may already have made), and a payment menu that was shown is shown again. Data that
    /// cannot be read ends the payment with ``StateRestorationError``, reported to the delegate.
    public func restorePayment(from data: Data) {
        runner.restore(from: data, configurationIsGiven: givenConfiguration != nil, setup: runnerSetup())
    }
}

#if !canImport(UIKit)
    extension SwedbankPaySDKController {
        static func platformWebViewHost() -> (any SwedbankPaySDK.WebViewHost)? { nil }

        static func platformDialogPresenter() -> (any SwedbankPaySDK.PayerDialogPresenter)? { nil }

        static func platformAppLauncher() -> any SwedbankPaySDK.AppLauncher { SwedbankPaySDK.NoAppLauncher() }

        /// Without a view system the host shows the terms page's web view; nothing to present.
        func presentTermsOfService(_ viewController: SwedbankPaySDK.PlatformViewController, title: String) {
            viewController.title = title
        }

        func dismissTermsOfServicePresentation(_ viewController: SwedbankPaySDK.PlatformViewController) {}

        /// Without a view system there is nothing to embed: the host shows the web view.
        func embed(_ viewController: SwedbankPaySDK.PlatformViewController) {}
    }
#endif
