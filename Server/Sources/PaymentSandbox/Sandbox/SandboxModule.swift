#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import SwedbankPaySDK

/// What every part of the sandbox shares: configuration, ids, time, and the stores.
struct SandboxServices: Sendable {
    let configuration: SandboxConfiguration
    let ids: IDGenerator
    let clock: any SwedbankPaySDK.Clock
    /// Wall time derived from `clock` (``SandboxTime``); read `date`, never `Date()`.
    let time: SandboxTime
    let store: SandboxStore
    /// Posts callbacks to merchants; call `callbacks.orderChanged(record)` after an order's status
    /// changes.
    let callbacks: CallbackDispatcher
    /// What the control API changes at run time (strictness).
    let settings: SandboxSettings

    /// Now, on the wall.
    var date: Date { time.date }

    /// The public URL builder for a request.
    func urls(for request: Request) -> PublicURL {
        PublicURL(
            configured: configuration.publicBaseURL, api: configuration.apiBaseURL, scheme: configuration.scheme,
            request: request)
    }
}

/// One part of the sandbox (payment orders, payment sessions, control API, ...): it adds its routes
/// and forgets its state on reset.
protocol SandboxModule: Sendable {
    /// Adds the part's routes that answer merchants (bearer token required) to `merchant`, and the
    /// rest (views, payer-facing pages, session API, control API) to `open`.
    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>)
    /// Forgets everything (`POST /sandbox/reset`).
    func reset() async
    /// The byte accounts of the part's own stores (``StoreAccount``); none by default.
    func accounts() async -> [StoreAccount]
}

extension SandboxModule {
    func accounts() async -> [StoreAccount] { [] }
}
#endif
