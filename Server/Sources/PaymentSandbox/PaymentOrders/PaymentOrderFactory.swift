#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// Turns a `POST /psp/paymentorders` request into a new ``PaymentOrderRecord``: version
/// detection, validation, decoding into the SDK model, the payee check and fresh ids.
enum PaymentOrderFactory {
    /// What the request says besides its body.
    struct RequestFacts: Sendable {
        var contentType: String?
        var accept: String?
        var userAgent: String?
    }

    /// Checkout v3 when the body says `productName: "Checkout3"` (v3.0) or a `Content-Type` or
    /// `Accept` header carries `version=3.x` (v3.1); Checkout v2 otherwise.
    static func isV3(productName: String?, contentType: String?, accept: String?) -> Bool {
        if productName == "Checkout3" { return true }
        // Parameter names in any letter case, the value quoted or not; `Accept` may list several types.
        return [contentType, accept].contains { header in
            guard let header else { return false }
            return header.split(separator: ",").contains { element in
                MediaType.parameter("version", in: String(element))?.hasPrefix("3.") == true
            }
        }
    }

    /// Checkout v3.1: a `version=3.x` header other than 3.0. Its callbacks name only the payment
    /// order; v3.0 and v2 callbacks also name the payment and the transaction.
    static func isV31(contentType: String?, accept: String?) -> Bool {
        [contentType, accept].contains { header in
            guard let header else { return false }
            return header.split(separator: ",").contains { element in
                guard let version = MediaType.parameter("version", in: String(element)) else { return false }
                return version.hasPrefix("3.") && version != "3.0"
            }
        }
    }

    /// Validates `body` and makes the record. Throws 400 `inputerror` for bad fields and 403
    /// `forbidden` when the payee is not the sandbox's merchant.
    static func makeRecord(
        body: SwedbankPaySDK.JSONObject, facts: RequestFacts, configuration: SandboxConfiguration,
        ids: IDGenerator, now: Date
    ) throws -> PaymentOrderRecord {
        let raw = try PaymentOrderValidator.envelope(body)
        let normalized = try PaymentOrderValidator.validate(raw)
        var order = try RequestJSON.decode(
            SwedbankPaySDK.PaymentOrder.self, from: .object(PaymentOrderValidator.decodable(normalized)),
            at: "paymentorder")
        if let payeeId = configuration.payeeId, order.payeeInfo.payeeId != payeeId {
            throw SandboxProblem.forbidden(
                "The payee \(order.payeeInfo.payeeId) is not the merchant of this access token.")
        }
        let userAgent = facts.userAgent.flatMap { $0.isEmpty ? nil : $0 }
        order.initiatingSystemUserAgent = userAgent ?? order.userAgent
        let id = ids.guid()
        let viewToken = ids.token()
        let sessionToken = ids.token()
        let firstAttemptNumber = ids.number(digits: 10)
        // What the model does not carry (metadata, implementation, urls.logoUrl, payer names, ...)
        // is kept as sent beside it, so that GET can show it again: see RequestMember.
        let requestMembers = PaymentOrderRecord.RequestMember.kept(from: raw)
        var record = PaymentOrderRecord(
            id: id, created: now, updated: now,
            isV3: isV3(productName: order.productName, contentType: facts.contentType, accept: facts.accept),
            order: order, requestMembers: requestMembers, viewToken: viewToken, sessionToken: sessionToken,
            nextAttemptNumber: firstAttemptNumber)
        record.callbackNamesPayment = !isV31(contentType: facts.contentType, accept: facts.accept)
        if OrderItemsValidator.hasDecimalQuantity(normalized["orderItems"]) {
            record.orderItemsAsSent = normalized["orderItems"]?.arrayValue
        }
        if let operation = normalized["operation"]?.stringValue,
            let initiated = PaymentOrderValidator.serverInitiated(operation),
            let token = normalized[initiated.tokenType.member]?.stringValue
        {
            record.serverInitiated = PaymentOrderRecord.ServerInitiated(
                operation: initiated.operation, tokenType: initiated.tokenType,
                token: token)
        }
        record.history.append(HistoryEntry(created: now, name: .paymentCreated, initiatedBy: .payee))
        return record
    }
}
#endif
