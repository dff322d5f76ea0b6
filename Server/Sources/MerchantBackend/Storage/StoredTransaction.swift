import Foundation
import ServerSupport

/// A capture, cancellation or reversal the merchant asked for through the admin API, as the
/// backend records it: before the call to Swedbank Pay (state `pending`), then with Swedbank Pay's
/// transaction id and number (`done`) or its problem (`rejected`) — `unknown` when the movement
/// was sent and its answer lost (it may have happened), `failed` when it was never sent (the order
/// could not be read). The same idempotency key resolves either (``TransactionDecision``).
struct StoredTransaction: Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable {
        case capture, cancellation, reversal

        /// The collection at Swedbank Pay (`…/captures`) and in the admin API.
        var collection: String {
            switch self {
            case .capture: "captures"
            case .cancellation: "cancellations"
            case .reversal: "reversals"
            }
        }

        /// The operation rels that offer it: Checkout v3, then v2.
        var rels: [PaymentOrderRel] {
            switch self {
            case .capture: [.capture, .createPaymentOrderCapture]
            case .cancellation: [.cancel, .createPaymentOrderCancel]
            case .reversal: [.reversal, .createPaymentOrderReversal]
            }
        }
    }

    enum State: String, Sendable, CaseIterable {
        case pending, done, rejected, failed, unknown
    }

    var id: String
    var orderID: String
    var kind: Kind
    var idempotencyKey: String?
    var requestHash: String
    /// This transaction's own reference at Swedbank Pay (unique, as the portal asks).
    var payeeReference: String
    /// Nil for a cancellation (it takes what remains authorized) until Swedbank Pay says.
    var amount: Int64?
    var vatAmount: Int64?
    var description: String
    var state: State
    var pspTransactionID: String?
    var pspNumber: Int64?
    var responseStatus: Int?
    var responseBody: String?
    var createdAt: Int64
    var updatedAt: Int64
}
