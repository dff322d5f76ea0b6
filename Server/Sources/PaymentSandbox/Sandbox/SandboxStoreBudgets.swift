#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The most bytes each of the sandbox's stores may hold by its own account (``StoreAccount``):
/// a store over its budget drops its least recently used entries (finished payment orders before
/// open ones), a log its oldest. Counts (``SandboxConfiguration/maxPaymentOrders``, …) still
/// bound the entries too; whichever is reached first applies.
///
/// With ``defaultTotal`` all stores together hold at most 256 MiB; `swedbankpay serve` and
/// `swedbankpay sandbox` take the total as `--sandbox-max-stored-bytes` and share it out as
/// ``init(total:)`` does.
public struct SandboxStoreBudgets: Sendable, Equatable {
    /// Payment orders, with their order lines and history.
    public var paymentOrders: Int
    /// Payment sessions (the native payment API).
    public var paymentSessions: Int
    /// The hosted views' state per view token.
    public var hostedViews: Int
    /// Consumer (checkin) sessions and the profile references they made.
    public var consumerSessions: Int
    /// Payer-owned tokens, per payer.
    public var payerTokens: Int
    /// Tokens paid orders issued (recurrence, unscheduled, payment tokens).
    public var issuedTokens: Int
    /// The request log (`GET /sandbox/requests`).
    public var requestLog: Int
    /// The payment sessions' event log (`GET /sandbox/events`).
    public var eventLog: Int
    /// The callback log (`GET /sandbox/callbacks`).
    public var callbackLog: Int

    /// All stores together, 256 MiB, unless set otherwise.
    public static let defaultTotal = 256 * 1_024 * 1_024
    /// The allowed total: at least 1 MiB, so that each store holds several entries of the largest
    /// size (a request body, an event); at most 64 GiB.
    public static let totalRange = (1_024 * 1_024)...(64 * 1_024 * 1_024 * 1_024)
    /// Each store's share of a total, in 32nds (together 31: the rest is room for what no store
    /// counts — the fault rules, tables' spare slots).
    static var shares: [(store: WritableKeyPath<Self, Int>, share: Int)] {
        [
            (\.paymentOrders, 16), (\.paymentSessions, 4), (\.hostedViews, 2), (\.consumerSessions, 1),
            (\.payerTokens, 1), (\.issuedTokens, 1), (\.requestLog, 2), (\.eventLog, 2), (\.callbackLog, 2),
        ]
    }

    /// `total` shared out: payment orders 16/32, payment sessions 4/32, hosted views, the request,
    /// event and callback logs 2/32 each, consumer sessions, payer tokens and issued tokens 1/32
    /// each (1/32 is left for what no store counts).
    public init(total: Int = SandboxStoreBudgets.defaultTotal) {
        paymentOrders = 0
        paymentSessions = 0
        hostedViews = 0
        consumerSessions = 0
        payerTokens = 0
        issuedTokens = 0
        requestLog = 0
        eventLog = 0
        callbackLog = 0
        for (path, share) in Self.shares {
            self[keyPath: path] = Swift.max(1, total / 32 * share)
        }
    }

    /// Every store's budget added up.
    public var total: Int { Self.shares.reduce(0) { $0 + self[keyPath: $1.store] } }
}
#endif
