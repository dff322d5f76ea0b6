#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// One store's byte account, as `GET /sandbox/storage` and ``PaymentSandbox/storeAccounts()`` give
/// it: what the store holds by its own estimate (``StoredBytes``) against its budget
/// (``SandboxStoreBudgets``).
public struct StoreAccount: Sendable, Equatable {
    /// The store: `paymentOrders`, `paymentSessions`, `hostedViews`, `consumerSessions`,
    /// `payerTokens`, `issuedTokens`, `requestLog`, `eventLog`, `callbackLog`.
    public let store: String
    /// Entries held.
    public let entries: Int
    /// Bytes held by the account.
    public let bytes: Int
    /// The most bytes the store holds.
    public let budget: Int
    /// Open entries dropped for room (payment orders a payer could still pay or a merchant still
    /// capture), since the start or the last reset: each is also a warning in the server's log.
    public let openDropped: Int

    public init(store: String, entries: Int, bytes: Int, budget: Int, openDropped: Int = 0) {
        self.store = store
        self.entries = entries
        self.bytes = bytes
        self.budget = budget
        self.openDropped = openDropped
    }

    var json: SwedbankPaySDK.JSONValue {
        .object([
            "store": .string(store), "entries": .integer(Int64(entries)), "bytes": .integer(Int64(bytes)),
            "budget": .integer(Int64(budget)), "openDropped": .integer(Int64(openDropped)),
        ])
    }
}
#endif
