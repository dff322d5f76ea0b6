#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// The hosted views' state per view token, bounded like the orders it belongs to, and in bytes
/// (``SandboxStoreBudgets/hostedViews``).
actor HostedViewStateStore {
    private let clock: any SwedbankPaySDK.Clock
    private var states: BoundedStore<String, HostedViewState>

    init(configuration: SandboxConfiguration, clock: any SwedbankPaySDK.Clock) {
        self.clock = clock
        states = BoundedStore(
            capacity: configuration.maxPaymentOrders, lifetime: configuration.resourceLifetime,
            byteBudget: configuration.storeBudgets.hostedViews,
            cost: { 1_024 + StoredBytes.of($0.redirectPage) + StoredBytes.of($0.identifiedEmail) })
    }

    /// The state of a view token; empty when nothing happened yet.
    func state(viewToken: String) -> HostedViewState {
        states.get(viewToken, now: clock.now) ?? HostedViewState()
    }

    func save(_ state: HostedViewState, viewToken: String) {
        states.set(viewToken, state, now: clock.now)
    }

    /// The states' byte account.
    func account() -> StoreAccount {
        states.account("hostedViews")
    }

    func reset() {
        states.removeAll()
    }
}
#endif
