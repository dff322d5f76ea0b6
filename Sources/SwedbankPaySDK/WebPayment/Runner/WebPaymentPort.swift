import Foundation

extension SwedbankPaySDK {
    /// What the web payment's runner reaches of the app-facing object running it — the
    /// ``SwedbankPaySDKController``, or a test's stand-in: the delegate, the values the app set,
    /// and the view controller that embeds the web view and presents dialogs and the terms page.
    ///
    /// It is narrow on purpose: everything else the runner needs (the configuration, the web view
    /// host, the app launcher, the clock) is handed to it, so it runs without a view controller.
    @MainActor
    protocol WebPaymentPort: AnyObject {
        /// Hears how the payment goes.
        var delegate: (any SwedbankPaySDKDelegate)? { get }
        /// The hosted view's `style`.
        var paymentMenuStyle: [String: Any]? { get }
        /// Where redirected pages open; the runner sets `AlwaysUseBrowser` when the payer chooses
        /// to continue in the browser.
        var webRedirectBehavior: SwedbankPaySDKController.WebRedirectBehavior { get set }
        /// Told every navigation's URL before it is decided.
        var webNavigationLogger: ((URL) -> Void)? { get }
        /// Shows page dialogs and prompts; nil when there is none.
        var activeDialogPresenter: (any PayerDialogPresenter)? { get }
        /// What dialogs are presented over.
        var viewControllerForDialogs: PlatformViewController { get }
        /// Shows the web view's view controller in the payment's view.
        func embed(_ viewController: PlatformViewController)
        /// Shows the terms page's view controller over the payment, and takes it away.
        func presentTermsOfService(_ viewController: PlatformViewController, title: String)
        func dismissTermsOfServicePresentation(_ viewController: PlatformViewController)
    }
}
