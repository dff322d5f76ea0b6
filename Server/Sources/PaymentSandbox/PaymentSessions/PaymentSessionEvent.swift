#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// A beacon the SDK posted to a session's event-logging operation, as `GET /sandbox/events`
/// lists it.
struct PaymentSessionEvent: Sendable {
    let sessionToken: String
    let received: Date
    let beacon: SwedbankPaySDK.JSONObject

    var json: SwedbankPaySDK.JSONValue {
        .object([
            "paymentSession": .string(sessionToken),
            "received": .string(received.formatted(.iso8601)),
            "event": .object(beacon),
        ])
    }
}
#endif
