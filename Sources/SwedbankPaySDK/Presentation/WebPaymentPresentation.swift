import Foundation

extension SwedbankPaySDK {
    /// One web payment shown by an app's UI — the SwiftUI modifier
    /// `swedbankPayPayment(isPresented:configuration:paymentOrder:onCompletion:)` uses it — as a
    /// value with one ending: it makes the ``SwedbankPaySDKController``, is its delegate, and
    /// reports the ``PaymentResult`` exactly once, to ``onCompletion`` and to every caller of
    /// ``result()``.
    ///
    /// If the payer closes the view before the payment ended (a sheet swiped down), call
    /// ``dismissedByPayer()``: the payment is aborted, so it cannot be paid later in a menu
    /// nobody sees, and ends `canceled` (or `failed`, if the abort failed).
    ///
    /// It is cross-platform: on Linux give it a ``WebViewHost``, as to the controller.
    ///
    /// ```swift
    /// let presentation = SwedbankPaySDK.WebPaymentPresentation(
    ///     configuration: configuration, paymentOrder: paymentOrder)
    /// presentation.start()
    /// // show presentation.controller, then:
    /// let result = await presentation.result()
    /// ```
    @MainActor
    public final class WebPaymentPresentation {
        /// Where the presentation is.
        public enum Phase: CustomStringConvertible {
            /// Made; ``start()`` not called yet.
            case notStarted
            /// The payment runs in ``controller``.
            case running
            /// The payer closed the view; the payment is being aborted.
            case aborting
            /// The payment ended.
            case ended(PaymentResult)

            /// `notStarted`, `running`, `aborting` or `ended(<result>)`.
            public var description: String {
                switch self {
                case .notStarted: "notStarted"
                case .running: "running"
                case .aborting: "aborting"
                case .ended(let result): "ended(\(result))"
                }
            }
        }

        /// The controller that shows the payment; present it (SwiftUI does so for you).
        public let controller: SwedbankPaySDKController
        /// Where the presentation is.
        public private(set) var phase = Phase.notStarted
        /// Called once, on the main actor, when the payment ends.
        public var onCompletion: ((PaymentResult) -> Void)?
        /// Hears every delegate call of the controller too (the page shown, instrument changes,
        /// JavaScript events), before the presentation acts on an ending.
        public weak var observer: SwedbankPaySDKDelegate?

        private let startPayment: (SwedbankPaySDKController) -> Void
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private let relay = DelegateRelay()

        /// Prepares a payment of `paymentOrder` with `configuration`: Digital Payments (v3) unless
        /// `isV3` is false, with a checkin first when `useCheckin` is true (v2 identifies
        /// `consumer`; v3 lets the payment menu identify the payer).
        ///
        /// - Parameters:
        ///   - configuration: How to reach your backend.
        ///   - paymentOrder: The order to pay; nil when your configuration makes it itself.
        ///   - isV3: Whether to use Digital Payments (v3). Default true.
        ///   - useCheckin: Whether the payer is identified first.
        ///   - consumer: The v2 checkin's consumer.
        ///   - userData: Passed to your configuration unchanged.
        ///   - webViewHost: Where pages are shown; nil for the platform's (`WKWebView` on iOS)
        ///     or ``SwedbankPaySDKController/defaultWebViewHost``.
        ///   - appLauncher: What opens other apps; nil for the platform's or
        ///     ``SwedbankPaySDKController/defaultAppLauncher``.
        public init(
            configuration: SwedbankPaySDKConfiguration,
            paymentOrder: PaymentOrder?,
            isV3: Bool = true,
            useCheckin: Bool = false,
            consumer: Consumer? = nil,
            userData: Any? = nil,
            webViewHost: (any WebViewHost)? = nil,
            appLauncher: (any AppLauncher)? = nil
        ) {
            controller = SwedbankPaySDKController(
                configuration: configuration, webViewHost: webViewHost, appLauncher: appLauncher)
            startPayment = { controller in
                controller.startPayment(
                    withCheckin: useCheckin, isV3: isV3, consumer: consumer, paymentOrder: paymentOrder,
                    userData: userData)
            }
            relay.owner = self
        }

        /// Prepares the payment saved by another presentation's ``restorationData()`` — in an
        /// earlier run of the app, say — to go on where it was: ``start()`` restores it
        /// (``SwedbankPaySDKController/restorePayment(from:)``) instead of starting a new one.
        /// Data that cannot be read ends the payment `failed` with
        /// ``SwedbankPaySDKController/StateRestorationError``.
        ///
        /// - Parameters:
        ///   - configuration: How to reach your backend (the one the saved payment used).
        ///   - data: What ``restorationData()`` returned.
        ///   - webViewHost: Where pages are shown; nil for the platform's (`WKWebView` on iOS)
        ///     or ``SwedbankPaySDKController/defaultWebViewHost``.
        ///   - appLauncher: What opens other apps; nil for the platform's or
        ///     ``SwedbankPaySDKController/defaultAppLauncher``.
        public init(
            configuration: SwedbankPaySDKConfiguration,
            restoringFrom data: Data,
            webViewHost: (any WebViewHost)? = nil,
            appLauncher: (any AppLauncher)? = nil
        ) {
            controller = SwedbankPaySDKController(
                configuration: configuration, webViewHost: webViewHost, appLauncher: appLauncher)
            startPayment = { controller in controller.restorePayment(from: data) }
            relay.owner = self
        }

        /// The running payment as data to keep for restoring it — in `SceneStorage`, or a scene's
        /// state restoration activity — and to give to ``init(configuration:restoringFrom:webViewHost:appLauncher:)``
        /// if the app was terminated before the payment ended. Nil when there is nothing to
        /// restore: not started, being aborted, ended, or saving failed (which the ``observer``
        /// hears as `paymentRestorationSaveFailed(error:)`; without an observer, the system log). Read it when the app goes to the
        /// background; the `swedbankPayPayment(isPresented:…restorationData:…)` modifier does.
        public func restorationData() -> Data? {
            guard case .running = phase else { return nil }
            return controller.restorationDataToSave()
        }

        /// Starts the payment. Only the first call does anything.
        public func start() {
            guard case .notStarted = phase else { return }
            phase = .running
            controller.delegate = relay
            startPayment(controller)
        }

        /// The payer closed the view: a running payment is aborted and ends `canceled` once the
        /// abort is done; an ended one stays as it ended; one never started ends `canceled`.
        public func dismissedByPayer() {
            switch phase {
            case .notStarted:
                end(.canceled(nil))
            case .running:
                phase = .aborting
                controller.abortPayment()
            case .aborting, .ended:
                return
            }
        }

        /// Whether the payment has ended.
        public var isEnded: Bool {
            if case .ended = phase { return true }
            return false
        }

        /// Waits for the payment to end and returns how. Returns at once if it has.
        public func result() async -> PaymentResult {
            while true {
                if case .ended(let result) = phase { return result }
                // Woken on the main actor when the payment ends; the result is read from `phase`
                // (results hold errors, which are not Sendable).
                await withCheckedContinuation { waiting.append($0) }
            }
        }

        fileprivate func end(_ result: PaymentResult) {
            guard !isEnded else { return }
            phase = .ended(result)
            let waiting = waiting
            self.waiting = []
            waiting.forEach { $0.resume() }
            onCompletion?(result)
        }
    }
}

/// The controller's delegate: passes every call to the observer and ends the presentation.
@MainActor
private final class DelegateRelay: SwedbankPaySDKDelegate {
    weak var owner: SwedbankPaySDK.WebPaymentPresentation?

    func paymentComplete() {
        owner?.observer?.paymentComplete()
        owner?.end(.complete(owner?.controller.currentPaymentOrder))
    }
    func paymentCanceled() {
        owner?.observer?.paymentCanceled()
        owner?.end(.canceled(owner?.controller.currentPaymentOrder))
    }
    func paymentFailed(error: Error) {
        owner?.observer?.paymentFailed(error: error)
        owner?.end(.failed(error, owner?.controller.currentPaymentOrder))
    }
    func paymentOrderDidShow(info: SwedbankPaySDK.ViewPaymentOrderInfo) {
        owner?.observer?.paymentOrderDidShow(info: info)
    }
    func paymentOrderDidHide() { owner?.observer?.paymentOrderDidHide() }
    func updatePaymentOrderFailed(updateInfo: Any, error: Error) {
        owner?.observer?.updatePaymentOrderFailed(updateInfo: updateInfo, error: error)
    }
    func overrideTermsOfServiceTapped(url: URL) -> Bool {
        owner?.observer?.overrideTermsOfServiceTapped(url: url) ?? false
    }
    func instrumentSelected() { owner?.observer?.instrumentSelected() }
    func shippingAddressIsKnown() { owner?.observer?.shippingAddressIsKnown() }
    func javaScriptEvent(name: String, arguments: [String: Any]) {
        owner?.observer?.javaScriptEvent(name: name, arguments: arguments)
    }
    func paymentRestorationSaveFailed(error: Error) {
        guard let observer = owner?.observer else {
            // Nobody hears it (the SwiftUI modifier has no observer): never dropped silently.
            return NSLog("SwedbankPaySDK: the payment could not be saved for restoration: %@", "\(error)")
        }
        observer.paymentRestorationSaveFailed(error: error)
    }
}
