#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// The session as `GET /sandbox/sessions` lists it, with the values a test script needs to drive
/// the simulators (Swish token, 3-D Secure transaction).
extension PaymentSessionRecord {
    var summary: SwedbankPaySDK.JSONValue {
        var object: SwedbankPaySDK.JSONObject = [
            "token": .string(token),
            "paymentOrder": .string("/psp/paymentorders/\(orderID)"),
            "phase": .string(phase.name),
            "instrumentModePaymentMethod": instrumentModePaymentMethod.map { .string($0) } ?? .null,
            "restrictToPaymentMethods": restrictToPaymentMethods.map { .array($0.map { .string($0) }) } ?? .null,
            "hideStoredPaymentOptions": .bool(hideStoredPaymentOptions),
            "expandedMethods": .array(expandedMethods.sorted().map { .string($0) }),
            "problem": problem.map {
                .object([
                    "number": .integer(Int64($0.number)), "type": .string($0.problem.type),
                    "acknowledged": .bool($0.acknowledged),
                ])
            } ?? .null,
            "swish": .null,
            "threeDSecure": .null,
        ]
        switch phase {
        case .swish(let attempt):
            object["swish"] = .object([
                "swishToken": .string(attempt.swishToken), "msisdn": attempt.msisdn.map { .string($0) } ?? .null,
                "attempt": .integer(attempt.number),
            ])
        case .card(let attempt):
            object["threeDSecure"] = .object([
                "threeDSServerTransID": .string(attempt.transaction.serverTransactionID),
                "acsTransID": .string(attempt.transaction.acsTransactionID),
                "methodCompleted": .bool(attempt.transaction.methodCompleted),
                "maskedPan": .string(attempt.card.maskedPan),
                "attempt": .integer(attempt.number),
            ])
        default:
            break
        }
        return .object(object)
    }
}
#endif
