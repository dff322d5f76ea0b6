import Foundation

/// The operations a session offers in its current state: top level and per method. The view
/// renders exactly these and the transition allows exactly these, so the two cannot disagree.
struct PaymentSessionOffer: Sendable {
    /// A method of the model; `operations` is nil for web-based methods (no operations member).
    struct Method: Sendable {
        let name: String
        var operations: [SessionOperation]?
    }

    /// The methods the SDK can pay with natively; every other name is web-based.
    static let nativeMethods: Set<String> = ["Swish", "CreditCard", "ApplePay"]

    private(set) var operations: [SessionOperation] = []
    private(set) var methods: [Method] = []

    init(session: PaymentSessionRecord, order: PaymentOrderRecord, links: PaymentSessionLinks) {
        guard order.status == .initialized, session.phase != .finished else {
            operations = Self.terminalOperations(order: order) + [.post("event-logging", links.events)]
            return
        }
        let abort: [SessionOperation] = order.order.urls.cancelUrl == nil ? [] : [.post("abort-payment", links.abort)]
        let available = Self.availableMethods(session: session, order: order)
        switch session.phase {
        case .fresh, .finished:  // .finished is handled by the guard above
            operations = [.post("prepare-payment", links.prepare, next: true)]
        case .choosing:
            methods = available.map { Method(name: $0, operations: Self.choosingOperations($0, session, links)) }
            operations = abort
            // An order in instrument mode cannot leave it; offering customize would make the SDK
            // loop on it (§3.8), so it is not offered there.
            if !order.isInstrumentMode { operations.append(.post("customize-payment", links.customize)) }
            operations.append(.get("view-payment", links.viewPayment(order)))
        case .swish(let attempt):
            methods = Self.idleMethods(available, active: "Swish", Self.swishOperations(attempt, links))
        case .card(let attempt):
            methods = Self.idleMethods(available, active: "CreditCard", [Self.cardOperation(attempt, links)])
            operations = abort
        case .applePay:
            let payload = Self.attemptPayload(order: order, links: links)
            methods = Self.idleMethods(
                available, active: "ApplePay", [payload, .post("fail-payment-attempt", links.fail("ApplePay"))])
            operations = abort
        }
        operations.append(.post("event-logging", links.events))
    }

    /// Whether the model offers `rel` (on `paymentMethod`, or top level when nil).
    func offers(rel: String, paymentMethod: String?) -> Bool {
        let candidates =
            paymentMethod.map { name in methods.first { $0.name == name }?.operations ?? [] } ?? operations
        return candidates.contains { $0.rel == rel }
    }

    /// The methods shown: the order's, narrowed by customize-payment's instrument mode or
    /// restriction (in the order's order).
    static func availableMethods(session: PaymentSessionRecord, order: PaymentOrderRecord) -> [String] {
        let enabled = order.availableInstruments
        if let mode = session.instrumentModePaymentMethod { return enabled.filter { $0 == mode } }
        if let restriction = session.restrictToPaymentMethods { return enabled.filter(restriction.contains) }
        return enabled
    }

    private static func terminalOperations(order: PaymentOrderRecord) -> [SessionOperation] {
        switch order.status {
        case .paid, .cancelled, .reversed:
            return [.get("redirect-payer", order.order.urls.completeUrl.absoluteString, next: true)]
        case .aborted:
            // Without a cancelUrl there is nowhere to send the payer; the SDK reports the end state.
            return order.order.urls.cancelUrl.map { [.get("redirect-payer", $0.absoluteString, next: true)] } ?? []
        case .initialized, .failed:
            return []
        }
    }

    private static func choosingOperations(
        _ method: String, _ session: PaymentSessionRecord, _ links: PaymentSessionLinks
    )
        -> [SessionOperation]?
    {
        switch method {
        case "Swish", "ApplePay":
            return [
                .post("start-payment-attempt", links.start(method)), .post("fail-payment-attempt", links.fail(method)),
            ]
        case "CreditCard":
            guard session.expandedMethods.contains(method) else {
                return [.post("expand-method", links.expand(method))]
            }
            return [
                .post("start-payment-attempt", links.start(method)), .post("fail-payment-attempt", links.fail(method)),
            ]
        default:
            return nil
        }
    }

    /// During an attempt only the attempt's method has operations; the others stay listed so the
    /// payer's choices do not change under the app.
    private static func idleMethods(_ available: [String], active: String, _ operations: [SessionOperation]) -> [Method]
    {
        available.map { name in
            guard nativeMethods.contains(name) else { return Method(name: name, operations: nil) }
            return Method(name: name, operations: name == active ? operations : [])
        }
    }

    private static func swishOperations(_ attempt: SwishPaymentAttempt, _ links: PaymentSessionLinks)
        -> [SessionOperation]
    {
        var poll = SessionOperation.get("get-payment", links.session, next: true)
        guard attempt.isLocalStart else { return [poll] }
        // No callbackurl: the SDK appends the app's paymentUrl itself.
        poll.tasks = [
            IntegrationTask(
                rel: "launch-client-app", method: "GET", href: "swish://paymentrequest?token=\(attempt.swishToken)")
        ]
        return [poll, .post("fail-payment-attempt", links.fail("Swish"))]
    }

    private static func cardOperation(_ attempt: CardPaymentAttempt, _ links: PaymentSessionLinks) -> SessionOperation {
        switch attempt.step {
        case .awaitingAuthentication:
            var operation = SessionOperation.post("create-authentication", links.createAuthentication, next: true)
            operation.expects = [
                .string("NotificationUrl", links.notification), .string("methodCompletionIndicator", "N"),
            ]
            operation.tasks = [
                IntegrationTask(
                    rel: "sca-method-request", method: "POST", href: links.acsMethod,
                    contentType: "application/x-www-form-urlencoded",
                    expects: [
                        .string(
                            "threeDSMethodData", attempt.transaction.methodData(notificationURL: links.notification))
                    ])
            ]
            return operation
        case .awaitingChallenge:
            var operation = SessionOperation.post("complete-authentication", links.completeAuthentication, next: true)
            operation.tasks = [
                IntegrationTask(
                    rel: "sca-redirect", method: "POST", href: links.acsChallenge,
                    contentType: "application/x-www-form-urlencoded",
                    expects: [.string("creq", attempt.transaction.creq)])
            ]
            return operation
        }
    }

    private static func attemptPayload(order: PaymentOrderRecord, links: PaymentSessionLinks) -> SessionOperation {
        var operation = SessionOperation.post("attempt-payload", links.payload("ApplePay"), next: true)
        operation.tasks = [
            IntegrationTask(
                rel: "wallet-sdk",
                expects: [
                    .string("TotalAmountLabel", order.order.payeeInfo.payeeName ?? "Sandbox Merchant"),
                    .string("TotalAmount", majorUnits(order.order.amount)),
                    .string("CurrencyCode", order.order.currency),
                    .string("Locale", order.order.language.rawValue),
                    .strings("MerchantCapabilities", ["supports3DS"]),
                    .strings("SupportedNetworks", ["visa", "masterCard", "amex"]),
                    .strings("SupportedCountries", ["SE", "NO", "DK", "FI"]),
                    .strings("RequiredShippingContactFields", []),
                ])
        ]
        return operation
    }

    /// `1500` → `"15.00"`: every currency the sandbox takes has two decimals.
    static func majorUnits(_ amount: Int64) -> String {
        let sign = amount < 0 ? "-" : ""
        let magnitude = amount.magnitude
        return sign + "\(magnitude / 100)." + String(format: "%02d", Int(magnitude % 100))
    }
}
