import Foundation

extension SwedbankPaySDK {
    /// A native payment session: fetches a payment order's payment session, lists the ways to pay
    /// it, and pays with the one the payer picks — Swish, a saved card (with 3-D Secure), Apple Pay,
    /// or a new card and other methods through the web payment menu.
    ///
    /// ```swift no-check
    /// let paymentSession = SwedbankPaySDK.SwedbankPayPaymentSession()
    /// paymentSession.delegate = self
    /// paymentSession.fetchPaymentSession(sessionURL: sessionURL)
    /// ```
    ///
    /// What happens is told to the ``delegate`` on the main actor, and to every ``events`` stream.
    /// The session registers for returning payment URLs (``SwedbankPaySDK/open(url:)``) while it
    /// exists; releasing it cancels its requests and polling.
    ///
    /// `@preconcurrency`: 5.0.3's session had no actor isolation, so code written for it in Swift 5
    /// mode with minimal checking compiles without isolation diagnostics; from complete checking on,
    /// using it outside the main actor is diagnosed.
    @preconcurrency @MainActor
    public final class SwedbankPayPaymentSession {
        /// Told what happens, on the main actor. Held weakly.
        public weak var delegate: (any SwedbankPaySDKPaymentSessionDelegate)?

        /// The order info given at creation; nil when the session's own `urls` are used.
        public let manualOrderInfo: ViewPaymentOrderInfo?

        /// The order info in use, as in the 5.0.3 SDK: the manual one, or the one made from the
        /// fetched session's `urls` (nil before). Setting it makes the session use it from then on
        /// (in order with the calls made before), as if given at creation; setting nil lets the
        /// next fetch configure itself from the session's `urls` again.
        public var orderInfo: ViewPaymentOrderInfo? {
            get { runner.urlState.currentOrderInfo }
            set {
                runner.urlState.set(orderInfo: newValue)
                commands.yield(.set(.setOrderInfo(newValue)))
            }
        }

        /// Style for the web payment menu of ``createSwedbankPaySDKController(mode:)`` (and of a new
        /// card), passed on to ``SwedbankPaySDKController/paymentMenuStyle``. Styling needs an
        /// agreement with Swedbank Pay.
        public var paymentMenuStyle: [String: Any]?

        /// Whether the session fetched last takes a card the payer enters
        /// (``PaymentAttemptInstrument/newCreditCard(enabledPaymentDetailsConsentCheckbox:)``, paid
        /// in the web payment menu): it has a card method and can be put in card instrument mode.
        /// Set before ``SwedbankPaySDKPaymentSessionDelegate/paymentSessionFetched(availableInstruments:)``
        /// is called, so read it there. Not a case of ``AvailableInstrument``, whose cases are
        /// 5.0.3's so that an app's exhaustive `switch` over them compiles.
        public private(set) var newCreditCardAvailable = false

        private let runner: PaymentSessionRunner
        private let commands: AsyncStream<Command>.Continuation
        private let deliveries: AsyncStream<Delivery>.Continuation
        private let subscribers = EventSubscribers()

        /// What the runner hands to the main actor, in order.
        private enum Delivery: Sendable {
            case event(PaymentSessionEvent)
            case newCreditCardAvailable(Bool)
        }

        private enum Command: Sendable {
            case call(PaymentSessionInput, method: String, values: JSONObject)
            /// A property the app set: no method call to log.
            case set(PaymentSessionInput)
            case returned(URL)
            case delivered(PaymentSessionEvent, toDelegate: Bool)
        }

        /// Creates a session. With `manualOrderInfo` nil (the default) the complete, cancel and
        /// payment URLs come from the session itself; otherwise from the given info.
        public convenience init(manualOrderInfo: ViewPaymentOrderInfo? = nil) {
            self.init(manualOrderInfo: manualOrderInfo, environment: .standard)
        }

        /// Creates a session that talks to the world through `environment` (tests, other platforms).
        public init(manualOrderInfo: ViewPaymentOrderInfo? = nil, environment: PaymentSessionEnvironment) {
            self.manualOrderInfo = manualOrderInfo
            let (deliveryStream, deliveries) = AsyncStream<Delivery>.makeStream()
            let (commandStream, commands) = AsyncStream<Command>.makeStream()
            self.deliveries = deliveries
            self.commands = commands
            let views = ThreeDSecureWebViews(host: environment.webViewHost, clock: environment.clock)
            let runner = PaymentSessionRunner(
                manualOrderInfo: manualOrderInfo, environment: environment,
                walletDevice: environment.walletAuthorizer.device, views: views,
                deliver: { deliveries.yield(.event($0)) },
                offerNewCreditCard: { deliveries.yield(.newCreditCardAvailable($0)) })
            self.runner = runner
            // One consumer each way keeps commands and events in the order they were made.
            Task {
                for await command in commandStream {
                    switch command {
                    case .call(let input, let method, let values):
                        await runner.call(input, method: method, values: values)
                    case .set(let input): await runner.handle(input)
                    case .returned(let url): await runner.returned(to: url)
                    case .delivered(let event, let toDelegate):
                        await runner.callbackDelivered(event, toDelegate: toDelegate)
                    }
                }
            }
            Task { [weak self] in
                for await delivery in deliveryStream {
                    guard let self else { return }
                    switch delivery {
                    case .event(let event): self.deliver(event)
                    case .newCreditCardAvailable(let available): self.newCreditCardAvailable = available
                    }
                }
            }
            PaymentURLRouter.shared.register(self)
        }

        deinit {
            commands.finish()
            deliveries.finish()
            subscribers.finishAll()
            let runner = runner
            Task { await runner.shutdown() }
        }

        // MARK: The Swedbank Pay SDK's API

        /// Fetches the session at `sessionURL` (the payment order's `view-paymentsession` href),
        /// forgetting any session fetched before. ``SwedbankPaySDKPaymentSessionDelegate/paymentSessionFetched(availableInstruments:)``
        /// follows.
        public func fetchPaymentSession(sessionURL: URL) {
            commands.yield(.call(.fetch(sessionURL), method: "startPaymentSession", values: [:]))
        }

        /// Pays with `instrument`. Needs a fetched session; an MSISDN for another device must be
        /// `+`, the country code and digits, without spaces (otherwise
        /// ``PaymentSessionProblem/internalInconsistencyError`` and nothing is sent).
        public func makeNativePaymentAttempt(instrument: PaymentAttemptInstrument) {
            commands.yield(
                .call(.attempt(instrument), method: "makePaymentAttempt", values: EventLog.attemptValues(instrument)))
        }

        /// Makes the web payment menu for `mode` and hands it to
        /// ``SwedbankPaySDKPaymentSessionDelegate/showSwedbankPaySDKController(viewController:)``.
        public func createSwedbankPaySDKController(mode: SwedbankPayPaymentSessionSDKControllerMode) {
            let values: JSONObject
            switch mode {
            case .menu(let instruments):
                values = [
                    "mode": .string("menu"),
                    "restrictedToInstruments": instruments.map {
                        .string($0.map(\.paymentMethod).joined(separator: ";"))
                    } ?? .null,
                ]
            case .instrumentMode(let instrument):
                values = ["mode": .string("instrumentMode"), "instrument": .string(instrument.paymentMethod)]
            }
            commands.yield(.call(.createController(mode), method: "createSwedbankPaySDKController", values: values))
        }

        /// Aborts the payment; ``SwedbankPaySDKPaymentSessionDelegate/paymentSessionCanceled()``
        /// follows, or ``PaymentSessionProblem/abortPaymentNotAllowed`` when the session cannot be
        /// aborted now.
        public func abortPaymentSession() {
            commands.yield(.call(.abort, method: "abortPaymentSession", values: [:]))
        }

        // MARK: Swift concurrency

        /// A new stream of this session's events from now on, the same as the delegate's calls
        /// and in the same order. Every access makes a new stream; it ends when the session goes.
        public var events: AsyncStream<PaymentSessionEvent> {
            subscribers.add()
        }

        /// ``fetchPaymentSession(sessionURL:)``, returning the first event the app must act on
        /// (``PaymentSessionEvent/paymentSessionFetched(availableInstruments:)`` or a problem).
        public func fetch(sessionURL: URL) async -> PaymentSessionEvent {
            await outcome { $0.fetchPaymentSession(sessionURL: sessionURL) }
        }

        /// ``makeNativePaymentAttempt(instrument:)``, returning the first event the app must act on
        /// (complete, a problem, the web menu to show). 3-D Secure views come on ``events`` and the
        /// delegate meanwhile.
        public func attempt(instrument: PaymentAttemptInstrument) async -> PaymentSessionEvent {
            await outcome { $0.makeNativePaymentAttempt(instrument: instrument) }
        }

        /// ``abortPaymentSession()``, returning the first event the app must act on.
        public func abort() async -> PaymentSessionEvent {
            await outcome { $0.abortPaymentSession() }
        }

        /// ``createSwedbankPaySDKController(mode:)``, returning the first event the app must act on
        /// (normally ``PaymentSessionEvent/showSwedbankPaySDKController(viewController:)``).
        public func controller(mode: SwedbankPayPaymentSessionSDKControllerMode) async -> PaymentSessionEvent {
            await outcome { $0.createSwedbankPaySDKController(mode: mode) }
        }

        private func outcome(after call: (SwedbankPayPaymentSession) -> Void) async -> PaymentSessionEvent {
            let stream = events
            call(self)
            for await event in stream where event.isOutcome {
                return event
            }
            return .sdkProblemOccurred(problem: .internalInconsistencyError)
        }

        // MARK: Delivery

        private func deliver(_ event: PaymentSessionEvent) {
            if case .showSwedbankPaySDKController(let controller) = event {
                controller.paymentMenuStyle = paymentMenuStyle
            }
            let delegate = delegate
            if let delegate { event.deliver(to: delegate) }
            subscribers.yield(event)
            commands.yield(.delivered(event, toDelegate: delegate != nil))
        }
    }
}

extension SwedbankPaySDK.SwedbankPayPaymentSession: SwedbankPaySDK.PaymentURLReceiver {
    func receivePaymentURL(_ url: URL) -> Bool {
        guard runner.urlState.matches(url) else { return false }
        commands.yield(.returned(url))
        return true
    }
}

/// The continuations of ``SwedbankPaySDK/SwedbankPayPaymentSession/events`` streams; the session's
/// deinit finishes them, so it is not tied to the main actor.
final class EventSubscribers: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UInt64: AsyncStream<SwedbankPaySDK.PaymentSessionEvent>.Continuation] = [:]
    private var nextID: UInt64 = 0
    private var finished = false

    func add() -> AsyncStream<SwedbankPaySDK.PaymentSessionEvent> {
        let (stream, continuation) = AsyncStream<SwedbankPaySDK.PaymentSessionEvent>.makeStream()
        let id = lock.withLock { () -> UInt64? in
            guard !finished else { return nil }
            nextID += 1
            continuations[nextID] = continuation
            return nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func yield(_ event: SwedbankPaySDK.PaymentSessionEvent) {
        for continuation in lock.withLock({ Array(continuations.values) }) { continuation.yield(event) }
    }

    func finishAll() {
        let all = lock.withLock { () -> [AsyncStream<SwedbankPaySDK.PaymentSessionEvent>.Continuation] in
            finished = true
            defer { continuations = [:] }
            return Array(continuations.values)
        }
        for continuation in all { continuation.finish() }
    }
}
