#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// One step of the payment session state machine: `(session, order, request) -> (session', order',
/// changes, reply)`. It is pure (time, ids and the payer's cards come in the context), so every
/// operation in every phase is tested without HTTP; the routes only load, store and render.
///
/// A request whose operation the current model does not offer is answered 409
/// `paymentsessions/operationnotallowed`; nothing changes then, except that an other-device Swish
/// payment whose approval time has come is settled first.
struct PaymentSessionTransition: Sendable {
    var session: PaymentSessionRecord
    var order: PaymentOrderRecord
    /// What happened to the order, in order.
    var changes: [PaymentOrderChange] = []
    var reply: PaymentSessionReply = .model
    let context: PaymentSessionContext

    /// The number the sandbox's simulated Swish app pays from when the payer started locally.
    static let localSwishPayer = "+46739000001"

    static func apply(
        _ request: PaymentSessionRequest, to session: PaymentSessionRecord, order: PaymentOrderRecord,
        context: PaymentSessionContext
    ) -> PaymentSessionTransition {
        var transition = PaymentSessionTransition(session: session, order: order, context: context)
        transition.settleSwishApproval()
        let settled = transition
        do {
            try transition.handle(request)
        } catch {
            // A refused request changes nothing (beyond the settling above).
            transition = settled
            transition.reply = .problem(problem(for: error))
        }
        return transition
    }

    private mutating func handle(_ request: PaymentSessionRequest) throws {
        if let operation = request.operation, operation.rel != .getPayment {
            let offer = PaymentSessionOffer(session: session, order: order, links: context.links)
            guard offer.offers(rel: operation.rel, paymentMethod: operation.paymentMethod) else {
                let owner = operation.paymentMethod.map { " for \($0)" } ?? ""
                throw SandboxProblem.operationNotAllowed(
                    "The operation \(operation.rel.rawValue)\(owner) is not offered now (session \(session.phase.name), "
                        + "payment order \(order.status.rawValue)).")
            }
        }
        switch request {
        case .getPayment:
            recordLoaded()
        case .preparePayment(let body):
            try prepare(PaymentSessionBody(body))
        case .expandMethod(let method, let body):
            try expand(method, PaymentSessionBody(body))
        case .customizePayment(let body):
            try customize(PaymentSessionBody(body))
        case .startPaymentAttempt(let method, let body):
            try startAttempt(method, PaymentSessionBody(body))
        case .createAuthentication(let body):
            try createAuthentication(PaymentSessionBody(body))
        case .completeAuthentication(let body):
            try completeAuthentication(PaymentSessionBody(body))
        case .attemptPayload(_, let body):
            try attemptPayload(PaymentSessionBody(body))
        case .failPaymentAttempt(let method, let body):
            try failPaymentAttempt(method, PaymentSessionBody(body))
        case .acknowledgeFailedAttempt(let number):
            try acknowledge(number)
        case .abortPayment:
            try abort()
        case .eventLogging:
            reply = .noContent
        case .swishAnswer(let token, let approved):
            try answerSwish(token: token, approved: approved)
        case .threeDSMethodCompleted(let transactionID):
            try methodCompleted(transactionID)
        }
    }

    private mutating func startAttempt(_ method: String, _ body: PaymentSessionBody) throws {
        switch SandboxInstrument(rawValue: method) {
        case .swish: try startSwish(body)
        case .creditCard: try startCard(body)
        case .applePay: try startApplePay(body)
        case .invoice, .invoiceNo, .invoiceFi, .trustly, .vipps, .mobilePay, nil:
            throw SandboxProblem.operationNotAllowed("\(method) cannot be paid natively.")
        }
    }

    // MARK: Shared steps

    /// `PaymentLoaded` with integration `App`, the first time the order is opened at all.
    mutating func recordLoaded() {
        let before = order.integration
        order.recordLoaded(integration: .app, now: context.date)
        if order.integration != before { changes.append(.loaded) }
    }

    mutating func beginAttempt(_ instrument: SandboxInstrument) throws -> Int64 {
        let number = try order.startAttempt(instrument: instrument, now: context.date)
        changes.append(.attemptStarted(instrument: instrument, number: number))
        return number
    }

    /// Fails the attempt: the order records it, the session offers the methods again and shows
    /// the problem until it is acknowledged.
    mutating func failAttempt(_ instrument: SandboxInstrument, number: Int64, problem: PaymentAttemptProblem) {
        order.failAttempt(instrument: instrument, number: number, problem: problem.document, now: context.date)
        changes.append(.attemptFailed(instrument: instrument, number: number, problemType: problem.type))
        session.phase = .choosing
        raise(problem)
    }

    mutating func raise(_ problem: PaymentAttemptProblem) {
        session.problemCount += 1
        session.problem = PendingPaymentProblem(number: session.problemCount, problem: problem)
    }

    mutating func pay(
        _ instrument: SandboxInstrument, number: Int64, transactionType: TransactionType, details: [String: String]
    )
        throws
    {
        try order.markPaid(
            instrument: instrument, number: number, transactionType: transactionType, details: details,
            now: context.date)
        changes.append(.paid(instrument: instrument, number: number))
        session.phase = .finished
    }

    static func problem(for error: any Error) -> SandboxProblem {
        switch error {
        case let problem as SandboxProblem:
            return problem
        case PaymentOrderRecord.LifecycleError.notInitialized(let status):
            return .operationNotAllowed("The payment order is \(status.rawValue).")
        case PaymentOrderRecord.LifecycleError.payerInApp(let app):
            return .operationNotAllowed(PaymentOrderRecord.LifecycleError.payerInAppDetail(app))
        case PaymentOrderRecord.LifecycleError.instrumentNotAvailable(let instrument):
            return .operationNotAllowed("\(instrument.rawValue) is not available for this payment order.")
        default:
            return .systemError("The payment session failed: \(error).")
        }
    }
}
#endif
