#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// One attempt to deliver a callback to a merchant, as kept in the callback log and listed by
/// `GET /sandbox/callbacks`.
struct CallbackDelivery: Sendable, Codable, Equatable {
    /// The payment order the callback is about (`/psp/paymentorders/<id>`).
    let paymentOrder: String
    /// Where it was posted (`urls.callbackUrl`).
    let url: String
    /// 1 for the first try, 2 for the first retry, ...
    let attempt: Int
    /// Seconds on the sandbox clock since the first attempt of this callback.
    let offset: TimeInterval
    /// The wall-clock time of the attempt, ISO 8601.
    let sent: String
    /// The body that was posted.
    let body: SwedbankPaySDK.JSONValue
    /// The merchant's HTTP status, when it answered.
    let statusCode: Int?
    /// Why the attempt failed without an answer (connection refused, timeout, ...).
    let error: String?
    /// Whether the merchant answered 2xx.
    let delivered: Bool
    /// Whether another attempt is scheduled.
    let willRetry: Bool

    /// Its cost in the callback log's account (``StoredBytes``).
    var storedBytes: Int {
        256 + StoredBytes.of(paymentOrder) + StoredBytes.of(url) + StoredBytes.of(sent) + StoredBytes.of(body)
            + StoredBytes.of(error)
    }
}
#endif
