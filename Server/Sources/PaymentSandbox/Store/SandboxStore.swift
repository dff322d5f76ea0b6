#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Logging
import ServerSupport
import SwedbankPaySDK

/// A consumer (checkin) session started with `POST /psp/consumers`.
struct ConsumerSessionRecord: Sendable {
    let token: String
    let language: String
    let shippingAddressRestrictedToCountryCodes: [String]
    let requireShippingAddress: Bool
    /// Set once the payer identified in the checkin view.
    var consumerProfileRef: String?

    /// Its cost in the consumer sessions' account (``StoredBytes``).
    var storedBytes: Int {
        256 + StoredBytes.of(token) + StoredBytes.of(language) + StoredBytes.of(consumerProfileRef)
            + shippingAddressRestrictedToCountryCodes.reduce(0) { $0 + StoredBytes.of($1) }
    }
}

/// A payment token a payer owns (made when a paid order asked for `generatePaymentToken`).
/// A token a paid order issued (`paid.tokens[]`), kept so the merchant can pay with it later
/// (`Recur`, `UnscheduledPurchase`) or delete it.
struct IssuedToken: Sendable, Codable, Equatable {
    let type: PaymentTokenType
    let token: String
    let instrument: SandboxInstrument
    let maskedPan: String
    let expiryDate: String
    let cardBrand: String
    let correlationId: String
    var deleted = false

    /// Its cost in the issued tokens' account (``StoredBytes``).
    var storedBytes: Int {
        256 + StoredBytes.of(token) + StoredBytes.of(maskedPan) + StoredBytes.of(expiryDate)
            + StoredBytes.of(cardBrand) + StoredBytes.of(correlationId)
    }
}

struct PayerTokenRecord: Sendable, Codable {
    let token: String
    let payerReference: String
    let instrument: SandboxInstrument
    let instrumentDisplayName: String
    let instrumentParameters: [String: String]
    /// A card saved by the scheme as a network token: the last four digits of the card and of
    /// the token, and the issuer (`payerownedtokens` lists them). Nil for other instruments.
    var networkToken: [String: String]? = nil
    var deleted = false
    var comment: String?

    /// Its cost in the payer tokens' account (``StoredBytes``).
    var storedBytes: Int {
        256 + StoredBytes.of(token) + StoredBytes.of(payerReference) + StoredBytes.of(instrumentDisplayName)
            + instrumentParameters.reduce(0) { $0 + StoredBytes.of($1.key) + StoredBytes.of($1.value) }
            + (networkToken?.reduce(0) { $0 + StoredBytes.of($1.key) + StoredBytes.of($1.value) } ?? 0)
            + StoredBytes.of(comment)
    }
}

/// The sandbox's payment orders, consumer sessions and payer tokens, bounded in count, bytes and
/// lifetime (see ``SandboxConfiguration``, ``SandboxStoreBudgets``). All access is serialised by the
/// actor.
actor SandboxStore {
    private let clock: any SwedbankPaySDK.Clock
    private let time: SandboxTime
    /// The ``PaymentOrderRecord/sequence`` of the next order stored.
    private var nextSequence: Int64 = 0
    private var orders: BoundedStore<String, PaymentOrderRecord>
    private var ordersByViewToken: [String: String] = [:]
    private var ordersBySessionToken: [String: String] = [:]
    /// `payeeId|payeeReference` of live orders: a reference may be used once per payee.
    private var payeeReferences: Set<Identifier.Exact> = []
    private var consumers: BoundedStore<String, ConsumerSessionRecord>
    /// consumerProfileRef → the consumer session that produced it.
    private var consumerProfiles: BoundedStore<String, String>
    /// A payer's tokens, under the payer reference's key (``PayerReferenceMatching``): never a
    /// `String` key, which would take canonically equivalent spellings for one payer.
    private var tokens: BoundedStore<Identifier.Exact, [PayerTokenRecord]>
    private let payerMatching: PayerReferenceMatching
    /// Every token a paid order issued (payment, recurrence, unscheduled), by token.
    private var issuedTokens: BoundedStore<String, IssuedToken>
    /// Open orders dropped for room since the start or the last reset (each logged).
    private var openOrdersDropped = 0
    private let logger = Logger(label: "PaymentSandbox")

    /// Orders stored without any of the order tables growing. Each growth rehashed every order
    /// on the actor while every request waited: 68 ms at 49,152 orders in a release build, with
    /// the records already boxed. The room costs 2^18 slots in each of the four tables: 31 MB by
    /// their layout (40, 32, 32 and 16 bytes a slot), resident as they fill.
    static let ordersReserved = 131_072

    init(configuration: SandboxConfiguration, time: SandboxTime) {
        clock = time.clock
        self.time = time
        let reserved = Swift.min(configuration.maxPaymentOrders, Self.ordersReserved)
        let budgets = configuration.storeBudgets
        orders = BoundedStore(
            capacity: configuration.maxPaymentOrders, lifetime: configuration.resourceLifetime, reserving: reserved,
            byteBudget: budgets.paymentOrders, cost: { $0.storedBytes }, isFinished: { $0.isFinishedForStorage })
        ordersByViewToken.reserveCapacity(reserved)
        ordersBySessionToken.reserveCapacity(reserved)
        payeeReferences.reserveCapacity(reserved)
        // The consumer sessions' budget is shared by the sessions and the profile references.
        consumers = BoundedStore(
            capacity: configuration.maxConsumerSessions, lifetime: configuration.resourceLifetime,
            byteBudget: Swift.max(1, budgets.consumerSessions / 4 * 3), cost: { $0.storedBytes })
        consumerProfiles = BoundedStore(
            capacity: configuration.maxConsumerSessions, lifetime: configuration.resourceLifetime,
            byteBudget: Swift.max(1, budgets.consumerSessions / 4), cost: { StoredBytes.of($0) + 64 })
        payerMatching = configuration.payerReferenceMatching
        tokens = BoundedStore(
            capacity: configuration.maxPaymentOrders, lifetime: configuration.resourceLifetime,
            byteBudget: budgets.payerTokens, cost: { $0.reduce(64) { $0 + $1.storedBytes } })
        issuedTokens = BoundedStore(
            capacity: configuration.maxPaymentOrders, lifetime: configuration.resourceLifetime,
            byteBudget: budgets.issuedTokens, cost: { $0.storedBytes })
    }

    private var now: TimeInterval { clock.now }

    func reset() {
        orders.removeAll()
        ordersByViewToken.removeAll(keepingCapacity: true)
        ordersBySessionToken.removeAll(keepingCapacity: true)
        payeeReferences.removeAll(keepingCapacity: true)
        consumers.removeAll()
        consumerProfiles.removeAll()
        tokens.removeAll()
        issuedTokens.removeAll()
        openOrdersDropped = 0
    }

    /// The byte accounts of the orders, consumer sessions and tokens.
    func accounts() -> [StoreAccount] {
        [
            StoreAccount(
                store: "paymentOrders", entries: orders.count, bytes: orders.bytes, budget: orders.byteBudget,
                openDropped: openOrdersDropped),
            StoreAccount(
                store: "consumerSessions", entries: consumers.count + consumerProfiles.count,
                bytes: consumers.bytes + consumerProfiles.bytes,
                budget: consumers.byteBudget + consumerProfiles.byteBudget),
            StoreAccount(store: "payerTokens", entries: tokens.count, bytes: tokens.bytes, budget: tokens.byteBudget),
            StoreAccount(
                store: "issuedTokens", entries: issuedTokens.count, bytes: issuedTokens.bytes,
                budget: issuedTokens.byteBudget),
        ]
    }

    // MARK: Payment orders

    /// Stores a new order; fails (returns false) if its payee reference is already used.
    func insert(_ record: PaymentOrderRecord) -> Bool {
        let reference = Self.referenceKey(record)
        guard !payeeReferences.contains(reference) else { return false }
        var record = record
        // Orders made in the same instant (a test's clock stands still) keep their order.
        record.sequence = nextSequence
        nextSequence += 1
        payeeReferences.insert(reference)
        ordersByViewToken[record.viewToken] = record.id
        ordersBySessionToken[record.sessionToken] = record.id
        forget(orders.store(record.id, record, now: now))
        return true
    }

    func order(id: String) -> PaymentOrderRecord? {
        orders.get(id, now: now)
    }

    func order(viewToken: String) -> PaymentOrderRecord? {
        ordersByViewToken[viewToken].flatMap { orders.get($0, now: now) }
    }

    func order(sessionToken: String) -> PaymentOrderRecord? {
        ordersBySessionToken[sessionToken].flatMap { orders.get($0, now: now) }
    }

    /// Changes an order in place; nil when there is no such live order. The closure may throw
    /// (for example a conflict), in which case nothing changes.
    func updateOrder<Result: Sendable>(
        id: String, _ body: (inout PaymentOrderRecord) throws -> Result
    ) throws -> Result? {
        let result = try orders.update(id, now: now) { record in
            let result = try body(&record)
            record.updated = time.date
            return result
        }
        forget(orders.lastUpdateDrops)
        return result
    }

    /// Every live order, oldest use first.
    func allOrders() -> [PaymentOrderRecord] {
        orders.values(now: now)
    }

    var orderCount: Int { orders.count }

    /// Forgets the indexes of orders the store dropped; an open one dropped for room is a warning:
    /// a payer or merchant may still have wanted it.
    private func forget(_ dropped: [BoundedStore<String, PaymentOrderRecord>.Dropped]) {
        for entry in dropped {
            forgetIndexes(of: entry.value)
            guard entry.forRoom, !entry.finished else { continue }
            openOrdersDropped += 1
            logger.warning(
                "An open payment order was dropped for room: no finished order was left",
                metadata: [
                    "paymentOrder": "\(entry.value.path)", "orders": "\(orders.count)",
                    "bytes": "\(orders.bytes)", "budget": "\(orders.byteBudget)",
                ])
        }
    }

    private func forgetIndexes(of record: PaymentOrderRecord) {
        ordersByViewToken[record.viewToken] = nil
        ordersBySessionToken[record.sessionToken] = nil
        payeeReferences.remove(Self.referenceKey(record))
    }

    private static func referenceKey(_ record: PaymentOrderRecord) -> Identifier.Exact {
        Identifier.Exact(record.order.payeeInfo.payeeId + "|" + record.order.payeeInfo.payeeReference)
    }

    // MARK: Consumers

    func insert(_ consumer: ConsumerSessionRecord) {
        consumers.set(consumer.token, consumer, now: now)
    }

    func consumer(token: String) -> ConsumerSessionRecord? {
        consumers.get(token, now: now)
    }

    /// Marks the consumer session identified and remembers the profile reference it produced.
    func identify(consumerToken: String, consumerProfileRef: String) -> Bool {
        guard consumers.update(consumerToken, now: now, { $0.consumerProfileRef = consumerProfileRef }) != nil
        else { return false }
        consumerProfiles.set(consumerProfileRef, consumerToken, now: now)
        return true
    }

    /// Whether a consumerProfileRef was produced by a checkin here (and is still live).
    func isKnown(consumerProfileRef: String) -> Bool {
        consumerProfiles.peek(consumerProfileRef, now: now) != nil
    }

    // MARK: Issued tokens (server-initiated payments)

    func addIssued(_ token: IssuedToken) {
        issuedTokens.set(token.token, token, now: now)
    }

    /// The token, when issued and not deleted.
    func issued(_ token: String) -> IssuedToken? {
        issuedTokens.get(token, now: now).flatMap { $0.deleted ? nil : $0 }
    }

    /// The token, when issued, deleted or not (a deleted token is the portal's
    /// `paymenttokeninactive`, an unknown one its `inputerror`).
    func issuedEvenIfDeleted(_ token: String) -> IssuedToken? {
        issuedTokens.get(token, now: now)
    }

    /// Marks an issued token of `type` deleted; returns it, or nil when there is none.
    func deleteIssued(_ token: String, type: PaymentTokenType) -> IssuedToken? {
        guard var found = issuedTokens.get(token, now: now), found.type == type else { return nil }
        found.deleted = true
        issuedTokens.set(token, found, now: now)
        return found
    }

    // MARK: Payer tokens

    func addToken(_ token: PayerTokenRecord) {
        let key = payerMatching.key(token.payerReference)
        var list = tokens.get(key, now: now) ?? []
        list.append(token)
        tokens.set(key, list, now: now)
    }

    func tokens(payerReference: String) -> [PayerTokenRecord] {
        tokens.get(payerMatching.key(payerReference), now: now) ?? []
    }

    /// Marks a token deleted; returns it, or nil when no payer has it.
    func deleteToken(_ token: String, comment: String) -> PayerTokenRecord? {
        for list in tokens.values(now: now) {
            guard let index = list.firstIndex(where: { Identifier.same($0.token, token) }) else { continue }
            var updated = list
            updated[index].deleted = true
            updated[index].comment = comment
            tokens.set(payerMatching.key(updated[index].payerReference), updated, now: now)
            return updated[index]
        }
        return nil
    }
}
#endif
