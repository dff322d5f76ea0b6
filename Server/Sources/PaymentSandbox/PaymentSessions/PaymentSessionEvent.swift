#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// A beacon the SDK posted to a session's event-logging operation, as `GET /sandbox/events`
/// lists it.
struct PaymentSessionEvent: Sendable {
    let sessionToken: String
    let received: Date
    let beacon: SwedbankPaySDK.JSONObject

    /// The largest event body taken (413 beyond): the SDK's beacons are well under 2 KiB, and a
    /// bound at the edge keeps one post from costing the event log megabytes once parsed.
    static let maxBodyBytes = 16 * 1_024

    /// Its cost in the event log's account (``StoredBytes``).
    var storedBytes: Int { 128 + StoredBytes.of(sessionToken) + StoredBytes.of(beacon) }

    var json: SwedbankPaySDK.JSONValue {
        .object([
            "paymentSession": .string(sessionToken),
            "received": .string(received.formatted(.iso8601)),
            "event": .object(beacon),
        ])
    }
}
#endif
