import Foundation

/// A payment order as the backend records it: who created it, what for, where it is at Swedbank
/// Pay, and — for idempotent replays — the answer the app got.
struct StoredOrder: Sendable, Equatable {
    /// How far the creation at Swedbank Pay got.
    enum Creation: String, Sendable {
        /// Recorded, the call to Swedbank Pay not yet answered (or the process died meanwhile).
        case pending
        /// Swedbank Pay created it; ``StoredOrder/pspID`` is set.
        case created
        /// Swedbank Pay refused it (a 4xx problem); the problem is the stored answer.
        case rejected
        /// The call failed without a verdict (timeout, no connection, 5xx); may be tried again.
        case failed
    }

    var id: String
    var payeeReference: String
    var userID: String
    var idempotencyKey: String?
    /// Identifies the request body, so a reused idempotency key with another body is refused.
    var requestHash: String
    var operation: String
    var currency: String
    var amount: Int64
    var vatAmount: Int64
    var payerReference: String?
    var creation: Creation
    /// The Swedbank Pay status (`Initialized`, `Paid`, `Failed`, `Cancelled`, `Aborted`, ...).
    var status: OrderStatus?
    /// `/psp/paymentorders/<guid>`.
    var pspID: String?
    var responseStatus: Int?
    var responseBody: String?
    /// Milliseconds since 1970.
    var createdAt: Int64
    var updatedAt: Int64

    /// Whether Swedbank Pay changes nothing more on its own.
    var isFinal: Bool { status?.isFinal ?? false }
}
