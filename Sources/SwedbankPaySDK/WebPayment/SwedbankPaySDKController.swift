import Foundation

#if canImport(UIKit)
    import UIKit
#endif

/// Shows one payment order's payment menu — after a consumer identification (checkin), if asked —
/// and reports how the payment ended to its ``delegate``.
///
/// On UIKit platforms it is a `UIViewController` hosting a `WKWebView`: present it any way you
/// like. Elsewhere it is a ``SwedbankPaySDK/PlatformViewController`` that shows its pages through a
/// ``SwedbankPaySDK/WebViewHost`` (set ``defaultWebViewHost`` or pass one to
/// ``init(configuration:webViewHost:appLauncher:)``). The flow is the same everywhere:
///
/// ```swift no-check
/// let paymentController = SwedbankPaySDKController()
/// paymentController.delegate = self
/// paymentController.startPayment(paymentOrder: paymentOrder)
/// present(paymentController, animated: true, completion: nil)
/// ```
@MainActor
open class SwedbankPaySDKController: SwedbankPaySDK.PlatformViewController {
    /// Where the pages a payment menu redirects to (a bank's 3-D Secure page, say) are opened.
    public enum WebRedirectBehavior: Sendable, Hashable {
        /// As the configuration's `decidePolicyForPaymentMenuRedirect` decides (by default, in
        /// the web view).
        case Default
        /// Always in the web view.
        case AlwaysUseWebView
        /// Always in the browser; the payer comes back through the paymentUrl.
        case AlwaysUseBrowser
    }

    /// The configuration of controllers that were not given one.
    public static var defaultConfiguration: SwedbankPaySDKConfiguration?

    /// The web view host of controllers made with ``init()``. On UIKit platforms nil means the
    /// SDK's `WKWebView` host; elsewhere it must be set before a payment starts.
    public static var defaultWebViewHost: (any SwedbankPaySDK.WebViewHost)?

    /// The app launcher of controllers made with ``init()``. On UIKit platforms nil means the
    /// app's foreground scene (`SceneAppLauncher`; nothing in an app extension, which must set
    /// one); elsewhere nil means no other app or browser can be opened.
    public static var defaultAppLauncher: (any SwedbankPaySDK.AppLauncher)?

    /// Observes the payment. Setting it when the payment has already ended tells the new delegate
    /// how it ended, at once.
    public weak var delegate: SwedbankPaySDKDelegate? {
        didSet { runner.send(.delegateSet) }
    }

    /// Style passed to the hosted view as its `style` parameter, as JSON. Values JSON cannot
    /// hold are dropped.
    public var paymentMenuStyle: [String: Any]?

    /// Where redirected pages open; see ``WebRedirectBehavior``. Under `Default` the controller
    /// also watches for a payment stuck in another app and offers to continue in the browser.
    public var webRedirectBehavior: WebRedirectBehavior = .Default {
        didSet { runner.send(.redirectBehaviorSet(webRedirectBehavior)) }
    }

    /// Told the URL of every navigation the payment's web view asks about, before it is decided
    /// (5.0.3's `webNavigationLogger`). For logs; it decides nothing.
    public var webNavigationLogger: ((URL) -> Void)?

    /// Shows the payer the page's JavaScript dialogs and the SDK's own prompts. Nil uses
    /// ``defaultDialogPresenter``, then the platform's (`UIAlertController` on UIKit); without
    /// any, page dialogs are answered as an engine without a UI answers them and prompts are not
    /// shown.
    public var dialogPresenter: (any SwedbankPaySDK.PayerDialogPresenter)?

    /// The dialog presenter of controllers that were not given one.
    public static var defaultDialogPresenter: (any SwedbankPaySDK.PayerDialogPresenter)?

    /// The payment order being paid, once the configuration created it.
    public var currentPaymentOrder: SwedbankPaySDK.ViewPaymentOrderInfo? {
        runner.flow.payment.paymentOrderInfo
    }

    /// Whether the web view shows the payment menu page (not a page it redirected to).
    public var showingPaymentOrder: Bool {
        runner.flow.showsPaymentOrder
    }

    /// Whether an `updatePaymentOrder(updateInfo:)` is in progress.
    public var updatingPaymentOrder: Bool {
        if case .updatingPaymentOrder = runner.flow.payment { return true }
        return false
    }

    /// The configuration used for this controller's payment: the one given to an initializer,
    /// else ``defaultConfiguration``. Subclasses may override it (as with 5.0.3, to choose a
    /// configuration that state restoration can find again). It is read once, when the payment
    /// starts or is restored.
    ///
    /// When neither was set, it is a stand-in that the controller recognises: the payment fails
    /// with ``ControllerError/missingConfiguration`` (5.0.3 stopped the app with a
    /// precondition failure).
    open var configuration: SwedbankPaySDKConfiguration {
        givenConfiguration ?? Self.defaultConfiguration ?? MissingConfiguration()
    }

    // MARK: What the adapter holds

    /// The configuration given to an initializer.
    var givenConfiguration: SwedbankPaySDKConfiguration?
    let injectedWebViewHost: (any SwedbankPaySDK.WebViewHost)?
    let injectedAppLauncher: (any SwedbankPaySDK.AppLauncher)?
    /// Runs the payment; the controller is its port (`+Runner.swift`).
    lazy var runner = WebPaymentRunner(port: self)
    #if canImport(UIKit)
        /// Tells the controller when the app becomes active, while the view is loaded.
        var activationObserver: ActivationObserver?
    #endif

    // MARK: Creating

    #if canImport(UIKit)
        /// Creates a controller using ``configuration`` (by default ``defaultConfiguration``), the
        /// SDK's `WKWebView` and the app's foreground scene for other apps. It is its own restoration class: UIKit state
        /// restoration makes a new one with this initializer.
        public required init() {
            injectedWebViewHost = nil
            injectedAppLauncher = nil
            super.init(nibName: nil, bundle: nil)
            restorationClass = Self.self
        }

        /// Creates a controller from a storyboard; it uses ``defaultConfiguration``.
        public required init?(coder: NSCoder) {
            injectedWebViewHost = nil
            injectedAppLauncher = nil
            super.init(coder: coder)
        }
    #else
        /// Creates a controller using ``defaultConfiguration``, ``defaultWebViewHost`` and
        /// ``defaultAppLauncher``.
        public required override init() {
            injectedWebViewHost = nil
            injectedAppLauncher = nil
            super.init()
        }
    #endif

    #if canImport(UIKit)
        // UIKit's state restoration. In the class body, not an extension: Swift overrides only
        // Objective-C methods from extensions, and this source is also type-checked without the
        // Objective-C runtime (`scripts/check-apple-only`).

        /// Saves the payment in progress with the app's restorable state.
        open override func encodeRestorableState(with coder: NSCoder) {
            super.encodeRestorableState(with: coder)
            if let data = restorationDataToSave() {
                coder.encode(data, forKey: Self.restorationKey)
            }
        }

        /// Restores the payment saved by ``encodeRestorableState(with:)``.
        open override func decodeRestorableState(with coder: NSCoder) {
            super.decodeRestorableState(with: coder)
            if let data = coder.decodeObject(of: NSData.self, forKey: Self.restorationKey) {
                restorePayment(from: data as Data)
            }
        }

        private static let restorationKey = "com.swedbankpay.mobilesdk.payment"

        /// Makes the controller UIKit restores: a new one of this class (`init()`), which then
        /// decodes its payment. As 5.0.3's, it restores subclasses too.
        open class func viewController(
            withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder
        ) -> UIViewController? {
            let viewController = Self()
            viewController.restorationIdentifier = identifierComponents.last
            viewController.restorationClass = self
            return viewController
        }

        /// Follows the system appearance and starts watching for the payer's return to the app.
        open override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            activationObserver = ActivationObserver { [weak self] in self?.applicationDidBecomeActive() }
        }
    #endif

    /// Creates a controller that shows its pages through `webViewHost` and opens other apps and
    /// the browser through `appLauncher`. Without a `configuration` it uses
    /// ``defaultConfiguration``; a nil host or launcher is chosen as ``init()`` chooses it (the
    /// defaults, then the platform's).
    public init(
        configuration: SwedbankPaySDKConfiguration? = nil,
        webViewHost: (any SwedbankPaySDK.WebViewHost)?,
        appLauncher: (any SwedbankPaySDK.AppLauncher)?
    ) {
        givenConfiguration = configuration
        injectedWebViewHost = webViewHost
        injectedAppLauncher = appLauncher
        #if canImport(UIKit)
            super.init(nibName: nil, bundle: nil)
        #else
            super.init()
        #endif
    }

    /// Creates a controller for `configuration` and starts a v2 payment at once, with checkin when
    /// a `consumer` is given. (5.0.3's older way to start; prefer ``init()`` and `startPayment`.)
    public convenience init(
        configuration: SwedbankPaySDKConfiguration,
        consumer: SwedbankPaySDK.Consumer? = nil,
        paymentOrder: SwedbankPaySDK.PaymentOrder?
    ) {
        self.init(
            configuration: configuration, withCheckin: consumer != nil, consumer: consumer, paymentOrder: paymentOrder,
            userData: nil)
    }

    /// Creates a controller for `configuration` and starts a v2 payment at once, with checkin when
    /// `withCheckin` is true. (5.0.3's older way to start; prefer ``init()`` and `startPayment`.)
    ///
    /// A controller made this way cannot be restored by UIKit state restoration, which makes a
    /// new controller that does not know `configuration`: the restored payment fails with
    /// ``StateRestorationError/nonpersistableConfiguration``, as in 5.0.3.
    public init(
        configuration: SwedbankPaySDKConfiguration,
        withCheckin: Bool,
        consumer: SwedbankPaySDK.Consumer?,
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?
    ) {
        givenConfiguration = configuration
        injectedWebViewHost = nil
        injectedAppLauncher = nil
        #if canImport(UIKit)
            super.init(nibName: nil, bundle: nil)
        #else
            super.init()
        #endif
        startPayment(withCheckin: withCheckin, consumer: consumer, paymentOrder: paymentOrder, userData: userData)
    }

    // MARK: Starting and changing the payment

    /// Starts a Digital Payments (v3) payment of `paymentOrder`. Does nothing if a payment was
    /// already started (or restored) on this controller.
    public func startPayment(paymentOrder: SwedbankPaySDK.PaymentOrder?, userData: Any? = nil) {
        start(useCheckin: false, isV3: true, consumer: nil, paymentOrder: paymentOrder, userData: userData)
    }

    /// Starts a v2 payment of `paymentOrder`, first identifying the payer with `consumer` when
    /// `withCheckin` is true. Does nothing if a payment was already started on this controller.
    public func startPayment(
        withCheckin: Bool,
        consumer: SwedbankPaySDK.Consumer?,
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?
    ) {
        start(useCheckin: withCheckin, isV3: false, consumer: consumer, paymentOrder: paymentOrder, userData: userData)
    }

    /// Starts a Digital Payments (v3) payment in which the payment menu identifies the payer
    /// (the configuration is asked with `options` containing both `isV3` and `useCheckin`, and its
    /// `expandPayerAfterIdentified` is called when the payer is identified).
    public func startPayment(
        withCheckin: Bool,
        isV3: Bool,
        consumer: SwedbankPaySDK.Consumer?,
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?
    ) {
        start(useCheckin: withCheckin, isV3: isV3, consumer: consumer, paymentOrder: paymentOrder, userData: userData)
    }

    /// Asks the configuration to update the payment order (for `MerchantBackendConfiguration`,
    /// `updateInfo` is the ``SwedbankPaySDK/Instrument`` to switch to). The menu reloads when it
    /// succeeds; a failure goes to ``SwedbankPaySDKDelegate/updatePaymentOrderFailed(updateInfo:error:)``
    /// and the menu stays. A new update replaces one in progress. Does nothing unless the menu is
    /// shown, nor while the payment is being aborted.
    public func updatePaymentOrder(updateInfo: Any) {
        runner.update(with: updateInfo)
    }

    /// Aborts the payment: the configuration aborts the payment order, then the delegate hears
    /// `paymentCanceled()` (or `paymentFailed(error:)` if the abort failed). Once a payment started,
    /// before its payment order exists, the payment is canceled at once. Before a payment starts,
    /// after it ended, or while an abort is in progress, it does nothing.
    public func abortPayment() {
        runner.abort()
    }

    private func start(
        useCheckin: Bool,
        isV3: Bool,
        consumer: SwedbankPaySDK.Consumer?,
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?
    ) {
        runner.start(
            useCheckin: useCheckin, isV3: isV3,
            arguments: SwedbankPaySDK.FlowArguments(consumer: consumer, paymentOrder: paymentOrder, userData: userData),
            setup: runnerSetup())
    }

    /// The runner's setup for ``configuration`` (read now, once), with the web view host and app
    /// launcher chosen: injected, else the defaults, else the platform's. Nil without a
    /// configuration.
    func runnerSetup() -> WebPaymentRunner.Setup? {
        let configuration = configuration
        guard !(configuration is MissingConfiguration) else { return nil }
        return WebPaymentRunner.Setup(
            configuration: configuration,
            webViewHost: injectedWebViewHost ?? Self.defaultWebViewHost ?? Self.platformWebViewHost(),
            appLauncher: injectedAppLauncher ?? Self.defaultAppLauncher ?? Self.platformAppLauncher())
    }
}
