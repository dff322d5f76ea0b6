#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// Runs session requests: under the session's lock it loads the order and the session, applies
/// the pure ``PaymentSessionTransition``, stores what changed and renders the reply. After a payment
/// or an abort it saves the payer's new tokens and starts the merchant's callback. The session
/// routes and the simulators both go through it.
struct PaymentSessionService: Sendable {
    let services: SandboxServices
    let sessions: PaymentSessionStore
    let events: BoundedLog<PaymentSessionEvent>
    private let lock = PaymentSessionLock()

    init(services: SandboxServices) {
        self.services = services
        sessions = PaymentSessionStore(configuration: services.configuration, clock: services.clock)
        events = BoundedLog(
            capacity: max(1, services.configuration.maxLogEntries),
            byteBudget: services.configuration.storeBudgets.eventLog, cost: { $0.storedBytes })
    }

    /// Applies `request` to the session of `token` (a 404 problem when no order has it).
    func perform(_ request: PaymentSessionRequest, token: String, urls: PublicURL) async throws
        -> PaymentSessionTransition
    {
        try await lock.withLock(token) {
            guard let order = await services.store.order(sessionToken: token) else {
                throw SandboxProblem.notFound("There is no payment session \(token).")
            }
            let session = await sessions.session(token: token) ?? PaymentSessionRecord(token: token, orderID: order.id)
            var storedTokens: [PayerTokenRecord] = []
            if let payerReference = order.order.payer?.payerReference {
                storedTokens = await services.store.tokens(payerReference: payerReference)
            }
            let context = PaymentSessionContext(
                links: PaymentSessionLinks(urls: urls, token: token), now: services.clock.now, date: services.date,
                ids: services.ids, storedTokens: storedTokens,
                swishApprovalDelay: services.configuration.swishOtherDeviceApprovalDelay)
            var transition = PaymentSessionTransition.apply(request, to: session, order: order, context: context)
            if !transition.changes.isEmpty {
                // Apply it again to the live order inside the store, so a merchant's change made
                // since the read (an update, an abort) is neither lost nor contradicted.
                let live = try await services.store.updateOrder(id: order.id) { current in
                    let again = PaymentSessionTransition.apply(request, to: session, order: current, context: context)
                    if !again.changes.isEmpty { current = again.order }
                    return again
                }
                guard let live else { throw SandboxProblem.notFound("There is no payment session \(token).") }
                transition = live
            }
            await sessions.save(transition.session)
            if transition.changes.contains(where: \.changesStatus) {
                await PaymentTokenIssuer.saveIssuedTokens(of: transition.order, in: services.store)
                services.callbacks.orderChanged(transition.order)
            }
            return transition
        }
    }

    /// The HTTP answer of a transition.
    func response(_ transition: PaymentSessionTransition) -> Response {
        switch transition.reply {
        case .model:
            return JSONResponse.make(
                PaymentSessionView.render(
                    session: transition.session, order: transition.order, context: transition.context))
        case .noContent:
            return JSONResponse.noContent()
        case .problem(let problem):
            return problem.response()
        }
    }

    func reset() async {
        await sessions.reset()
        await events.clear()
    }
}
#endif
