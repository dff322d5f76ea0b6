#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// Renders a payment order as the API answers create, GET and PATCH:
/// `{"paymentOrder": {...}, "operations": [...]}`.
enum PaymentOrderDocument {
    /// The whole answer. Sub-resources in `expand` are inlined into their `{"id": ...}` members.
    static func render(
        _ record: PaymentOrderRecord, expand: Set<PaymentOrderSubResource>, operations: [SwedbankPaySDK.Operation]
    ) -> SwedbankPaySDK.JSONObject {
        [
            "paymentOrder": .object(paymentOrder(record, expand: expand)),
            "operations": .array(operations.map(json(of:))),
        ]
    }

    /// An operation as JSON (nil members left out), built directly: this is on every answer.
    static func json(of operation: SwedbankPaySDK.Operation) -> SwedbankPaySDK.JSONValue {
        var object: SwedbankPaySDK.JSONObject = [:]
        if let rel = operation.rel { object["rel"] = .string(rel) }
        if let method = operation.method { object["method"] = .string(method) }
        if let href = operation.href { object["href"] = .string(href) }
        if let contentType = operation.contentType { object["contentType"] = .string(contentType) }
        return .object(object)
    }

    /// The `paymentOrder` member.
    static func paymentOrder(_ record: PaymentOrderRecord, expand: Set<PaymentOrderSubResource>)
        -> SwedbankPaySDK.JSONObject
    {
        let order = record.order
        var object: SwedbankPaySDK.JSONObject = [
            "id": .string(record.path),
            "created": .string(PSPTimestamp.format(record.created)),
            "updated": .string(PSPTimestamp.format(record.updated)),
            "operation": .string(record.serverInitiated?.operation.rawValue ?? order.operation.rawValue),
            "status": .string(record.status.rawValue),
            "currency": .string(order.currency),
            "amount": .integer(order.amount),
            "vatAmount": .integer(order.vatAmount),
            "description": .string(order.description),
            "initiatingSystemUserAgent": .string(order.initiatingSystemUserAgent ?? order.userAgent),
            "language": .string(order.culture.rawValue),
            "availableInstruments": .array(record.availableInstruments.map { .string($0.rawValue) }),
            // The request's `implementation` when it named one; the API's default otherwise.
            "implementation": .string(record.requested(.implementation)?.stringValue ?? "PaymentsOnly"),
            "integration": .string(record.integration?.rawValue ?? ""),
            "instrumentMode": .bool(record.isInstrumentMode),
            "guestMode": .bool(record.isGuest),
        ]
        for (name, value) in remainingAmounts(record) { object[name] = .integer(value) }
        if let instrument = order.instrument { object["instrument"] = .string(instrument.rawValue) }
        if !record.isV3 {
            object["state"] = .string(v2State(record.status).rawValue)
            // Checkout v2's order model: the payer's user agent, its payments, and the card brands
            // its menu offers.
            object["userAgent"] = .string(order.userAgent)
            for (member, path) in V2Resources.members {
                object[member] = .object(["id": .string(record.path + "/" + path)])
            }
            // The v2 pages name the payer's resource `payers` as well as `payer`.
            object["payers"] = .object(["id": .string(record.path + "/payers")])
            // A paid v2 order carries its payment's figures and `paid` inline, as the v2 status
            // models page shows it (without `$expand`).
            if let paid = record.paid, record.status == .paid {
                object["transactionType"] = .string(paid.transactionType.rawValue)
                object["submittedAmount"] = .integer(paid.amount)
                object["feeAmount"] = .integer(0)
                object["discountAmount"] = .integer(0)
            }
            // An instrument-mode order can be switched to cards (SetInstrument), so it lists them too,
            // as the portal's invoice instrument-mode order does.
            if record.availableInstruments.contains(.creditCard) || record.isInstrumentMode {
                object["items"] = .array([
                    .object(["creditCard": .object(["cardBrands": .array(V2Resources.cardBrands.map { .string($0) })])])
                ])
            }
        }
        let tokenGenerated = SwedbankPaySDK.JSONValue.bool(
            record.paid?.tokens.contains { $0["type"]?.stringValue == PaymentTokenType.payment.rawValue } ?? false)
        let inline = !record.isV3 && record.status == .paid ? expand.union([.paid]) : expand
        for resource in PaymentOrderSubResource.allCases {
            var member: SwedbankPaySDK.JSONObject =
                inline.contains(resource)
                ? resource.render(record) : ["id": .string(record.path + "/" + resource.pathName)]
            // The portal's orders say it on these three members even unexpanded.
            if [.paid, .cancelled, .reversed].contains(resource) { member["paymentTokenGenerated"] = tokenGenerated }
            object[resource.memberName] = .object(member)
        }
        return object
    }

    /// `remainingCaptureAmount`, `remainingCancellationAmount` and `remainingReversalAmount` as
    /// the portal's examples show them: a paid order has the first two, and the third once money
    /// was captured; a reversed one the first and the third; a cancelled one none. Checkout v2
    /// shows all three on every order (0 until there is money to move).
    static func remainingAmounts(_ record: PaymentOrderRecord) -> [(String, Int64)] {
        let amounts = record.amounts
        let capture = ("remainingCaptureAmount", amounts.remainingCapture)
        let cancellation = ("remainingCancellationAmount", amounts.remainingCapture)
        let reversal = ("remainingReversalAmount", amounts.remainingReversal)
        if !record.isV3 { return [capture, cancellation, reversal] }
        guard record.paid != nil else { return [] }
        switch record.status {
        case .paid: return amounts.captured ? [capture, cancellation, reversal] : [capture, cancellation]
        case .reversed: return [capture, reversal]
        case .cancelled, .initialized, .failed, .aborted: return []
        }
    }

    /// The Checkout v2 `state`: the order itself stays `Ready` through payment; only failing or
    /// aborting changes it.
    static func v2State(_ status: PaymentOrderStatus) -> PaymentOrderState {
        switch status {
        case .failed: .failed
        case .aborted: .aborted
        case .initialized, .paid, .cancelled, .reversed: .ready
        }
    }

    /// The answer of `GET /psp/paymentorders/<id>/<sub>`.
    static func subResource(_ resource: PaymentOrderSubResource, of record: PaymentOrderRecord)
        -> SwedbankPaySDK.JSONObject
    {
        var document: SwedbankPaySDK.JSONObject = [
            "paymentOrder": .string(record.path), resource.memberName: .object(resource.render(record)),
        ]
        // The portal's metadata example names the order `payment`; both names are given.
        if resource == .metadata { document["payment"] = .string(record.path) }
        return document
    }
}
#endif
