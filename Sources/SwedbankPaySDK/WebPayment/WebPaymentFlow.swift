import Foundation

extension SwedbankPaySDK {
    /// The web payment's state, the same shape as the native session's (`PaymentSessionState`):
    /// one phase enum whose cases carry what each phase has, and the one controller setting the
    /// decisions read. ``reduce(_:)`` (`WebPaymentFlow+Reduce.swift`) is the whole decision table;
    /// `WebPaymentRunner` carries out the ``WebPaymentEffect``s it returns and decides nothing.
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
        /// Where the payment is, with what that phase has.
        var phase = Phase.idle
        /// The controller's `webRedirectBehavior`, which the navigation policy and the stuck
        /// prompt read; set before, during and after a payment.
        var redirectBehavior = SwedbankPaySDKController.WebRedirectBehavior.Default

        enum Phase: Sendable, Equatable {
            /// Nothing started: no page, no watch, no configuration.
            case idle
            /// Started and not ended.
            case running(RunningPayment)
            /// Ended; no event changes its outcome.
            case ended(EndedPayment)
        }

        /// The phase as restoration saves it and the controller reports it.
        var payment: WebPaymentState {
            switch phase {
            case .idle: .idle
            case .running(let running): running.state
            case .ended(let ended): ended.state
            }
        }

        /// The running payment, if one runs.
        var running: RunningPayment? {
            if case .running(let running) = phase { return running }
            return nil
        }

        /// What the payment runs (or ran, while its page stays shown) with.
        var run: PaymentRun? {
            switch phase {
            case .idle: nil
            case .running(let running): running.run
            case .ended(let ended): ended.run
            }
        }

        /// Whether the web view shows the SDK's payment page (the menu, not a page it led to).
        var showsPaymentOrder: Bool {
            switch phase {
            case .idle: false
            case .running(let running): running.step.paymentOrderInfo != nil && running.screen?.page.isOwn == true
            case .ended(let ended): ended.info != nil && ended.page?.isOwn == true
            }
        }
    }

    /// A payment between its start and its end.
    struct RunningPayment: Sendable, Equatable {
        var step: Step
        /// What the payment runs with.
        var run: PaymentRun

        /// The steps of a running payment (reference §2), each with what it shows: the SDK page
        /// and the stuck-prompt watch over it (``WebPaymentScreen``) where a page is shown, and
        /// none before the first.
        enum Step: Sendable, Equatable {
            /// Waiting for the configuration's `postConsumers` (v2 checkin); no page yet.
            case initializingConsumerSession
            /// The checkin page is shown; waiting for the payer to identify.
            case identifyingConsumer(ViewConsumerIdentificationInfo, WebPaymentScreen)
            /// Waiting for the configuration's `postPaymentorders`; the checkin page stays shown
            /// (v2 with checkin), or none is yet.
            case creatingPaymentOrder(consumerProfileRef: String?, WebPaymentScreen?)
            /// The payment menu is shown.
            case paying(ViewPaymentOrderInfo, WebPaymentScreen)
            /// The menu stays shown while the configuration updates the order. `update` numbers
            /// the update, so the result of one that was replaced or cancelled is ignored.
            case updatingPaymentOrder(ViewPaymentOrderInfo, WebPaymentScreen, update: Int, updateInfo: AppValue)
            /// Waiting for the configuration's `abortPayment`; the menu stays shown, or none is (an
            /// abort restored from saved data).
            case aborting(ViewPaymentOrderInfo, WebPaymentScreen?)

            var paymentOrderInfo: ViewPaymentOrderInfo? {
                switch self {
                case .paying(let info, _), .updatingPaymentOrder(let info, _, _, _), .aborting(let info, _): info
                case .initializingConsumerSession, .identifyingConsumer, .creatingPaymentOrder: nil
                }
            }

            /// What the step shows, if anything.
            var screen: WebPaymentScreen? {
                switch self {
                case .initializingConsumerSession: nil
                case .identifyingConsumer(_, let screen), .paying(_, let screen),
                    .updatingPaymentOrder(_, let screen, _, _):
                    screen
                case .creatingPaymentOrder(_, let screen), .aborting(_, let screen): screen
                }
            }

            /// The step with `screen` changed (a step that shows nothing stays as it is).
            func with(_ screen: WebPaymentScreen) -> Step {
                switch self {
                case .initializingConsumerSession: self
                case .identifyingConsumer(let info, _): .identifyingConsumer(info, screen)
                case .creatingPaymentOrder(let ref, _): .creatingPaymentOrder(consumerProfileRef: ref, screen)
                case .paying(let info, _): .paying(info, screen)
                case .updatingPaymentOrder(let info, _, let update, let updateInfo):
                    .updatingPaymentOrder(info, screen, update: update, updateInfo: updateInfo)
                case .aborting(let info, _): .aborting(info, screen)
                }
            }
        }

        /// What the payment shows, if anything.
        var screen: WebPaymentScreen? { step.screen }

        var state: WebPaymentState {
            let options = run.options
            return switch step {
            case .initializingConsumerSession: .initializingConsumerSession(options: options)
            case .identifyingConsumer(let info, _): .identifyingConsumer(info, options: options)
            case .creatingPaymentOrder(let ref, _): .creatingPaymentOrder(consumerProfileRef: ref, options: options)
            case .paying(let info, _): .paying(info, options: options)
            case .updatingPaymentOrder(let info, _, let update, _):
                .updatingPaymentOrder(info, options: options, update: update)
            case .aborting(let info, _): .aborting(info, options: options)
            }
        }
    }

    /// A payment that ended: how, the order it paid (if any), and the page left in the web view.
    struct EndedPayment: Sendable, Equatable {
        enum Ending: Sendable, Equatable {
            case complete, canceled
            case failed(WebPaymentError)
        }

        var ending: Ending
        var info: ViewPaymentOrderInfo?
        var page: WebPaymentScreen.ShownPage?
        /// What it ran with, while its page stays in the web view (nil when it never ran here:
        /// restored as ended, or failed to start).
        var run: PaymentRun?

        var state: WebPaymentState {
            switch ending {
            case .complete: .complete(info)
            case .canceled: .canceled(info)
            case .failed(let error): .failed(info, error)
            }
        }

        /// What the delegate hears of it.
        var notice: WebPaymentNotice {
            switch ending {
            case .complete: .complete
            case .canceled: .canceled
            case .failed(let error): .failed(error)
            }
        }
    }

    /// What a running payment runs with: its options and order key, which the decisions read, and
    /// the app's values and the configuration with its hosts, which the flow carries for the
    /// runner's calls and never looks into (two runs are equal when their options and keys are).
    struct PaymentRun: Sendable, Equatable {
        var options: VersionOptions
        /// The idempotency key of the payment's order: sent by every creation of it (a retry, or
        /// the creation redone after restoring) and saved with it.
        var orderKey: IdempotencyKey
        var arguments: FlowArguments
        var setup: WebPaymentSetup

        static func == (lhs: PaymentRun, rhs: PaymentRun) -> Bool {
            lhs.options == rhs.options && lhs.orderKey == rhs.orderKey
        }
    }

    /// What a payment runs with, once it runs: the configuration, and where pages are shown and
    /// other apps opened. The app's configuration is not `Sendable`; the setup is made, held and
    /// used on the main actor (by the controller and its runner), which makes the box sound.
    struct WebPaymentSetup: @unchecked Sendable {
        var configuration: SwedbankPaySDKConfiguration
        var webViewHost: (any WebViewHost)?
        var appLauncher: any AppLauncher
    }

    /// A value of the app's (`updateInfo`), typed `Any` by the documented API: carried to the
    /// configuration and the delegate untouched. Two are equal when they describe the same value,
    /// as ``WebPaymentError``s are.
    struct AppValue: @unchecked Sendable, Equatable {
        let value: Any

        init(_ value: Any) { self.value = value }

        static func == (lhs: AppValue, rhs: AppValue) -> Bool {
            String(reflecting: lhs.value) == String(reflecting: rhs.value)
        }
    }
}
