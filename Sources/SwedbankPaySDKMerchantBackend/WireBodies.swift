import Foundation
import SwedbankPaySDK

// The JSON bodies of the Merchant Backend API that only this module reads or writes.

/// `GET backendUrl`: where the backend's resources are. Both links are required, so a backend
/// that drops one is reported instead of half-working.
struct TopLevelResources: Decodable, Sendable {
    var consumers: String
    var paymentorders: String
}

/// The links of ``TopLevelResources`` resolved against the URL that answered.
struct DiscoveredEndpoints: Sendable, Hashable {
    var consumers: URL
    var paymentorders: URL
}

/// `POST consumers` answer.
struct ConsumersResponse: Decodable, Sendable {
    var operations: [SwedbankPaySDK.Operation]
}

/// `POST paymentorders` body.
struct PaymentOrderRequestBody: Encodable, Sendable {
    var paymentorder: SwedbankPaySDK.PaymentOrder
}

/// The payment-order answer of `POST paymentorders`, `PATCH patch` and v2 set-instrument. The
/// response key is `paymentOrder` (camel case), unlike the request's `paymentorder`.
struct PaymentOrderResponse: Decodable, Sendable {
    struct PaymentOrder: Decodable, Sendable {
        var id: String?
        var instrument: SwedbankPaySDK.Instrument?
        var availableInstruments: [SwedbankPaySDK.Instrument]?
    }

    struct MobileSDK: Decodable, Sendable {
        var setInstrument: String?
    }

    var paymentOrder: PaymentOrder?
    var operations: [SwedbankPaySDK.Operation]
    var mobileSDK: MobileSDK?
}

/// `PATCH patch` body: the operation to relay and where to.
struct PatchRequestBody: Encodable, Sendable {
    struct Operation: Encodable, Sendable {
        var operation: PaymentOrderPatchOperation
        var instrument: SwedbankPaySDK.Instrument?
        var abortReason: String?
    }

    var href: String?
    var paymentorder: Operation
}

/// `POST expand` body.
struct ExpandRequestBody: Encodable, Sendable {
    var resource: String
    var expand: [SwedbankPaySDK.ExpandResource]
}

/// Token delete body.
struct DeleteTokenRequestBody: Encodable, Sendable {
    var state = "Deleted"
    var comment: String
}

/// Any JSON object: for answers whose content the SDK does not use but whose shape it checks.
struct AnyJSONObject: Decodable, Sendable {
    var members: SwedbankPaySDK.JSONObject

    init(from decoder: any Decoder) throws {
        members = try SwedbankPaySDK.JSONObject(from: decoder)
    }
}
