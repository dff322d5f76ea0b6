#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The operations a session offers in its current state: top level and per method. The view
/// renders exactly these and the transition allows exactly these, so the two cannot disagree.
struct PaymentSessionOffer: Sendable {
    /// A method of the model; `operations` is nil for web-based methods (no operations member).
    struct Method: Sendable {
        let name: SandboxInstrument
        var operations: [SessionOperation]?
    }

    /// The methods the SDK can pay with natively; every other name is web-based.
    static let nativeMethods: Set<SandboxInstrument> = [.swish, .creditCard, .applePay]

    private(set) var operations: [SessionOperation] = []
    private(set) var methods: [Method] = []

    init(session: PaymentSessionRecord, order: PaymentOrderRecord, links: PaymentSessionLinks) {
        guard order.status == .initialized, session.phase != .finished else {
            operations = Self.terminalOperations(order: order) + [.post(.eventLogging, links.events)]
            return
        }
        // Not offered without a cancelUrl, nor while the payer is in an app (a Vipps attempt
        // started in the web view, say): the order offers no abort then.
        let abort: [SessionOperation] =
            order.order.urls.cancelUrl == nil || order.payersApp != nil ? [] : [.post(.abortPayment, links.abort)]
        let available = Self.availableMethods(session: session, order: order)
        switch session.phase {
        case .fresh, .finished:  // .finished is handled by the guard above
            operations = [.post(.preparePayment, links.prepare, next: true)]
        case .choosing:
            methods = available.map { Method(name: $0, operations: Self.choosingOperations($0, session, links)) }
            operations = abort
            // An order in instrument mode cannot leave it; offering customize would make the SDK
            // loop on it (§3.8), so it is not offered there.
            if !order.isInstrumentMode { operations.append(.post(.customizePayment, links.customize)) }
            operations.append(.get(.viewPayment, links.viewPayment(order)))
        case .swish(let attempt):
            methods = Self.idleMethods(available, active: .swish, Self.swishOperations(attempt, links))
        case .card(let attempt):
            methods = Self.idleMethods(available, active: .creditCard, [Self.cardOperation(attempt, links)])
            operations = abort
        case .applePay:
            let payload = Self.attemptPayload(order: order, links: links)
            methods = Self.idleMethods(
                available, active: .applePay, [payload, .post(.failPaymentAttempt, links.fail(.applePay))])
            operations = abort
        }
        operations.append(.post(.eventLogging, links.events))
    }

    /// Whether the model offers `rel` (on `paymentMethod`, or top level when nil).
    func offers(rel: PaymentSessionRel, paymentMethod: String?) -> Bool {
        let candidates =
            paymentMethod.map { name in methods.first { $0.name.rawValue == name }?.operations ?? [] } ?? operations
        return candidates.contains { $0.rel == rel }
    }

    /// The methods shown: the order's, narrowed by customize-payment's instrument mode or
    /// restriction (in the order's order).
    static func availableMethods(session: PaymentSessionRecord, order: PaymentOrderRecord) -> [SandboxInstrument] {
        let enabled = order.availableInstruments
        if let mode = session.instrumentModePaymentMethod { return enabled.filter { $0.rawValue == mode } }
        if let restriction = session.restrictToPaymentMethods {
            return enabled.filter { restriction.contains($0.rawValue) }
        }
        return enabled
    }

    private static func terminalOperations(order: PaymentOrderRecord) -> [SessionOperation] {
        switch order.status {
        case .paid, .cancelled, .reversed:
            return [.get(.redirectPayer, order.order.urls.completeUrl.absoluteString, next: true)]
        case .aborted:
            // Without a cancelUrl there is nowhere to send the payer; the SDK reports the end state.
            return order.order.urls.cancelUrl.map { [.get(.redirectPayer, $0.absoluteString, next: true)] } ?? []
        case .initialized, .failed:
            return []
        }
    }

    private static func choosingOperations(
        _ method: SandboxInstrument, _ session: PaymentSessionRecord, _ links: PaymentSessionLinks
    )
        -> [SessionOperation]?
    {
        switch method {
        case .swish, .applePay:
            return [
                .post(.startPaymentAttempt, links.start(method)), .post(.failPaymentAttempt, links.fail(method)),
            ]
        case .creditCard:
            guard session.expandedMethods.contains(method.rawValue) else {
                return [.post(.expandMethod, links.expand(method))]
            }
            return [
                .post(.startPaymentAttempt, links.start(method)), .post(.failPaymentAttempt, links.fail(method)),
            ]
        case .invoice, .invoiceNo, .invoiceFi, .trustly, .vipps, .mobilePay:
            return nil
        }
    }

    /// During an attempt only the attempt's method has operations; the others stay listed so the
    /// payer's choices do not change under the app.
    private static func idleMethods(
        _ available: [SandboxInstrument], active: SandboxInstrument, _ operations: [SessionOperation]
    ) -> [Method] {
        available.map { name in
            guard nativeMethods.contains(name) else { return Method(name: name, operations: nil) }
            return Method(name: name, operations: name == active ? operations : [])
        }
    }

    private static func swishOperations(_ attempt: SwishPaymentAttempt, _ links: PaymentSessionLinks)
        -> [SessionOperation]
    {
        var poll = SessionOperation.get(.getPayment, links.session, next: true)
        guard attempt.isLocalStart else { return [poll] }
        // No callbackurl: the SDK appends the app's paymentUrl itself.
        poll.tasks = [
            IntegrationTask(
                rel: .launchClientApp, method: "GET", href: "swish://paymentrequest?token=\(attempt.swishToken)")
        ]
        return [poll, .post(.failPaymentAttempt, links.fail(.swish))]
    }

    private static func cardOperation(_ attempt: CardPaymentAttempt, _ links: PaymentSessionLinks) -> SessionOperation {
        switch attempt.step {
        case .awaitingAuthentication:
            var operation = SessionOperation.post(.createAuthentication, links.createAuthentication, next: true)
            operation.expects = [
                .string("NotificationUrl", links.notification), .string("methodCompletionIndicator", "N"),
            ]
            operation.tasks = [
                IntegrationTask(
                    rel: .scaMethodRequest, method: "POST", href: links.acsMethod,
                    contentType: "application/x-www-form-urlencoded",
                    expects: [
                        .string(
                            "threeDSMethodData", attempt.transaction.methodData(notificationURL: links.notification))
                    ])
            ]
            return operation
        case .awaitingChallenge:
            var operation = SessionOperation.post(.completeAuthentication, links.completeAuthentication, next: true)
            operation.tasks = [
                IntegrationTask(
                    rel: .scaRedirect, method: "POST", href: links.acsChallenge,
                    contentType: "application/x-www-form-urlencoded",
                    expects: [.string("creq", attempt.transaction.creq)])
            ]
            return operation
        }
    }

    private static func attemptPayload(order: PaymentOrderRecord, links: PaymentSessionLinks) -> SessionOperation {
        var operation = SessionOperation.post(.attemptPayload, links.payload(.applePay), next: true)
        operation.tasks = [
            IntegrationTask(
                rel: .walletSDK,
                expects: [
                    .string("TotalAmountLabel", order.order.payeeInfo.payeeName ?? "Sandbox Merchant"),
                    .string("TotalAmount", majorUnits(order.order.amount)),
                    .string("CurrencyCode", order.order.currency),
                    .string("Locale", order.order.culture.rawValue),
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
#endif
