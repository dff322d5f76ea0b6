#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// The payment sessions, keyed by the order's session token, bounded in count and idle lifetime
/// like the orders (``SandboxConfiguration/maxPaymentSessions``, ``SandboxConfiguration/resourceLifetime``).
/// It also finds a session by a Swish token or a 3-D Secure transaction, for the simulators.
actor PaymentSessionStore {
    private let clock: any SwedbankPaySDK.Clock
    private var sessions: BoundedStore<String, PaymentSessionRecord>
    private var bySwishToken: BoundedStore<String, String>
    private var byTransaction: BoundedStore<String, String>

    init(configuration: SandboxConfiguration, clock: any SwedbankPaySDK.Clock) {
        self.clock = clock
        let capacity = max(1, configuration.maxPaymentSessions)
        sessions = BoundedStore(capacity: capacity, lifetime: configuration.resourceLifetime)
        bySwishToken = BoundedStore(capacity: capacity, lifetime: configuration.resourceLifetime)
        byTransaction = BoundedStore(capacity: capacity, lifetime: configuration.resourceLifetime)
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

    func reset() {
        sessions.removeAll()
        bySwishToken.removeAll()
        byTransaction.removeAll()
    }
}
#endif
