#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Why a payment attempt failed: the `problem` node of the session model and the problem of the
/// order's failed attempt. `type` is the Swedbank Pay problem URI the SDK hands to the app as is.
struct PaymentAttemptProblem: Sendable, Equatable {
    var type: String
    var title: String
    var status: Int
    var detail: String
    /// What the acquirer, Swish or the client said, in its own words.
    var originalDetail: String

    /// The RFC 7807 members, as kept in the order's `failedAttempts` and shown in the session.
    var document: SwedbankPaySDK.JSONObject {
        [
            "type": .string(type), "title": .string(title), "status": .integer(Int64(status)),
            "detail": .string(detail), "originalDetail": .string(originalDetail),
        ]
    }
}
#endif
