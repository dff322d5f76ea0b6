#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// The payment sessions, keyed by the order's session token, bounded in count, bytes and idle
/// lifetime like the orders (``SandboxConfiguration/maxPaymentSessions``,
/// ``SandboxStoreBudgets/paymentSessions``, ``SandboxConfiguration/resourceLifetime``).
/// It also finds a session by a Swish token or a 3-D Secure transaction, for the simulators.
actor PaymentSessionStore {
    private let clock: any SwedbankPaySDK.Clock
    private var sessions: BoundedStore<String, PaymentSessionRecord>
    private var bySwishToken: BoundedStore<String, String>
    private var byTransaction: BoundedStore<String, String>

    init(configuration: SandboxConfiguration, clock: any SwedbankPaySDK.Clock) {
        self.clock = clock
        let capacity = max(1, configuration.maxPaymentSessions)
        // The sessions take 7/8 of the budget, each index 1/16.
        let budget = configuration.storeBudgets.paymentSessions
        let indexEntry: @Sendable (String) -> Int = { StoredBytes.of($0) + 64 }
        sessions = BoundedStore(
            capacity: capacity, lifetime: configuration.resourceLifetime, byteBudget: Swift.max(1, budget / 8 * 7),
            cost: { $0.storedBytes })
        bySwishToken = BoundedStore(
            capacity: capacity, lifetime: configuration.resourceLifetime, byteBudget: Swift.max(1, budget / 16),
            cost: indexEntry)
        byTransaction = BoundedStore(
            capacity: capacity, lifetime: configuration.resourceLifetime, byteBudget: Swift.max(1, budget / 16),
            cost: indexEntry)
    }

    private var now: TimeInterval { clock.now }

    func session(token: String) -> PaymentSessionRecord? {
        sessions.get(token, now: now)
    }

    /// Stores the session and indexes its newest Swish token and transaction.
    func save(_ session: PaymentSessionRecord) {
        for (_, dropped) in sessions.set(session.token, session, now: now) {
            for token in dropped.swishTokens { bySwishToken.remove(token) }
            for id in dropped.transactionIDs { byTransaction.remove(id) }
        }
        if let token = session.swishTokens.last { bySwishToken.set(token, session.token, now: now) }
        if let id = session.transactionIDs.last { byTransaction.set(id, session.token, now: now) }
    }

    func sessionToken(swishToken: String) -> String? {
        bySwishToken.get(swishToken, now: now)
    }

    func sessionToken(transactionID: String) -> String? {
        byTransaction.get(transactionID, now: now)
    }

    /// Every live session, least recently used first.
    func all() -> [PaymentSessionRecord] {
        sessions.values(now: now)
    }

    /// The sessions' byte account, their indexes included.
    func account() -> StoreAccount {
        StoreAccount(
            store: "paymentSessions", entries: sessions.count,
            bytes: sessions.bytes + bySwishToken.bytes + byTransaction.bytes,
            budget: sessions.byteBudget + bySwishToken.byteBudget + byTransaction.byteBudget)
    }

    func reset() {
        sessions.removeAll()
        bySwishToken.removeAll()
        byTransaction.removeAll()
    }
}
extension PaymentSessionRecord {
    /// Its cost in the sessions' account (``StoredBytes``): a fixed part for the phase, the problem
    /// and the flags, and the lists that grow with attempts.
    var storedBytes: Int {
        1_024 + StoredBytes.of(token) + StoredBytes.of(orderID) + StoredBytes.of(instrumentModePaymentMethod)
            + (restrictToPaymentMethods?.reduce(0) { $0 + StoredBytes.of($1) } ?? 0)
            + expandedMethods.reduce(0) { $0 + StoredBytes.of($1) + 16 }
            + swishTokens.reduce(0) { $0 + StoredBytes.of($1) } + transactionIDs.reduce(0) { $0 + StoredBytes.of($1) }
    }
}
#endif
