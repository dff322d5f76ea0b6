#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// Runs the hosted views' payer actions: under the view's lock it loads the order and the view's
/// state, applies a pure ``HostedViewPayment`` step to the live order inside the store's update
/// (so a merchant's change made meanwhile is neither lost nor contradicted), saves the state,
/// and tells the merchant when the order's status changed.
struct HostedViewService: Sendable {
    let services: SandboxServices
    let states: HostedViewStateStore
    private let lock = PaymentSessionLock()

    init(services: SandboxServices) {
        self.services = services
        states = HostedViewStateStore(configuration: services.configuration, clock: services.clock)
    }

    /// Applies `step` to the order of `viewToken` (404 when there is none). With `readFirst`, the
    /// step runs on a copy first and the order is only written when the step changed it, so polls
    /// leave the order alone.
    func perform<Result: Sendable>(
        viewToken: String, readFirst: Bool = false,
        _ step: @escaping @Sendable (inout HostedViewPayment) throws -> Result
    ) async throws -> (result: Result, payment: HostedViewPayment) {
        // A view token has the form the sandbox issues (``Identifier``), or names no order.
        guard Identifier.accepts(viewToken, as: .hexToken) else { throw Self.unknown(viewToken) }
        return try await lock.withLock(viewToken) {
            guard let order = await services.store.order(viewToken: viewToken) else {
                throw Self.unknown(viewToken)
            }
            let state = await states.state(viewToken: viewToken)
            var storedTokens: [PayerTokenRecord] = []
            if let payerReference = order.order.payer?.payerReference {
                storedTokens = await services.store.tokens(payerReference: payerReference)
            }
            let context = HostedViewContext(
                date: services.date, now: services.clock.now, ids: services.ids, storedTokens: storedTokens,
                swishApprovalDelay: services.configuration.swishWebApprovalDelay)
            if readFirst {
                var trial = HostedViewPayment(order: order, state: state, context: context)
                let result = try step(&trial)
                if !Self.changed(trial.order, from: order) {
                    await states.save(trial.state, viewToken: viewToken)
                    return (result, trial)
                }
            }
            let done = try await services.store.updateOrder(id: order.id) { live in
                var payment = HostedViewPayment(order: live, state: state, context: context)
                let result = try step(&payment)
                live = payment.order
                return (result, payment)
            }
            guard let done else { throw Self.unknown(viewToken) }
            await states.save(done.1.state, viewToken: viewToken)
            if done.1.statusChanged {
                if done.1.order.status == .paid {
                    await PaymentTokenIssuer.saveIssuedTokens(of: done.1.order, in: services.store)
                }
                services.callbacks.orderChanged(done.1.order)
            }
            return done
        }
    }

    /// Whether a step changed what the order records.
    static func changed(_ order: PaymentOrderRecord, from original: PaymentOrderRecord) -> Bool {
        order.status != original.status || order.history.count != original.history.count
            || order.integration != original.integration
    }

    static func unknown(_ viewToken: String) -> SandboxProblem {
        .notFound("No payment order has the view token \(viewToken), or it has expired.")
    }

    /// The links an outcome's JSON needs, for a request reaching the sandbox at `base`.
    func links(_ order: PaymentOrderRecord, base: PublicURL) -> HostedViewOutcome.Links {
        let frame = base.url("/checkout/frame/\(order.viewToken)")
        return HostedViewOutcome.Links(
            completeUrl: order.order.urls.completeUrl.absoluteString,
            cancelUrl: order.order.urls.cancelUrl?.absoluteString,
            acsUrl: frame + "/acs", invoiceUrl: frame + "/invoice",
            bankUrl: BankHost.base(forSandboxBase: base.base) + "/sandbox/bank/\(order.viewToken)",
            walletAppUrl: frame + "/app")
    }

    func reset() async {
        await states.reset()
    }
}
#endif
