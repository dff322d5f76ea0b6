import Foundation
import SwedbankPaySDK

/// Issues the tokens a paid payment order asked for (`generatePaymentToken`,
/// `generateRecurrenceToken`, `generateUnscheduledToken`) and saves the payer-owned ones.
///
/// Two steps, because the order is changed inside the store's synchronous update while the token
/// store is another actor: ``issueIfRequested(for:cardBrand:maskedPan:expiryDate:ids:)`` inside the
/// update, right after `markPaid`; ``saveIssuedTokens(of:in:)`` after the update.
enum PaymentTokenIssuer {
    /// Only cards make tokens in the sandbox.
    static let tokenizingInstruments: Set<String> = ["CreditCard"]

    /// The `paid.tokens[]` entries the order asked for, for a card payment: `payment` (one-click,
    /// only with a `payer.payerReference`), `recurrence` and `unscheduled`. Pure apart from ids.
    static func tokens(
        for order: SwedbankPaySDK.PaymentOrder, maskedPan: String, expiryDate: String, ids: IDGenerator
    ) -> [SwedbankPaySDK.JSONObject] {
        var wanted: [String] = []
        if order.generatePaymentToken, order.payer?.payerReference != nil { wanted.append("payment") }
        if order.generateRecurrenceToken { wanted.append("recurrence") }
        if order.generateUnscheduledToken { wanted.append("unscheduled") }
        return wanted.map { type in
            [
                "type": .string(type), "token": .string(ids.guid()), "name": .string(maskedPan),
                "expiryDate": .string(expiryDate),
            ]
        }
    }

    /// Call right after `markPaid` on a paid order: when it was paid by card and asked for tokens,
    /// adds them to `record.paid.tokens` (and the card brand to `paid.details`). Returns the
    /// `paid.tokens[]` entries (empty when none were asked for). Calling it again changes nothing.
    @discardableResult
    static func issueIfRequested(
        for record: inout PaymentOrderRecord, cardBrand: String, maskedPan: String, expiryDate: String,
        ids: IDGenerator
    ) -> [SwedbankPaySDK.JSONObject] {
        guard var paid = record.paid, tokenizingInstruments.contains(paid.instrument) else { return [] }
        guard paid.tokens.isEmpty else { return paid.tokens }
        paid.tokens = tokens(for: record.order, maskedPan: maskedPan, expiryDate: expiryDate, ids: ids)
        if !paid.tokens.isEmpty, paid.details["cardBrand"] == nil { paid.details["cardBrand"] = cardBrand }
        record.paid = paid
        return paid.tokens
    }

    /// The payer-owned token records of a paid order's `payment` tokens.
    static func payerTokens(of record: PaymentOrderRecord) -> [PayerTokenRecord] {
        guard let paid = record.paid, let payerReference = record.order.payer?.payerReference else { return [] }
        return paid.tokens.compactMap { entry in
            guard entry["type"]?.stringValue == "payment", let token = entry["token"]?.stringValue else { return nil }
            var parameters: [String: String] = [:]
            parameters["expiryDate"] = entry["expiryDate"]?.stringValue
            parameters["cardBrand"] = paid.details["cardBrand"]
            return PayerTokenRecord(
                token: token, payerReference: payerReference, instrument: paid.instrument,
                instrumentDisplayName: entry["name"]?.stringValue ?? "", instrumentParameters: parameters)
        }
    }

    /// Call after the update that paid `record`: saves its payment tokens as the payer's, so they
    /// are listed and can be deleted. Tokens already saved are not saved twice.
    static func saveIssuedTokens(of record: PaymentOrderRecord, in store: SandboxStore) async {
        if let paid = record.paid {
            for entry in paid.tokens {
                guard let type = entry["type"]?.stringValue, let token = entry["token"]?.stringValue,
                    await store.issued(token) == nil
                else { continue }
                await store.addIssued(
                    IssuedToken(
                        type: type, token: token, instrument: paid.instrument,
                        maskedPan: entry["name"]?.stringValue ?? "", expiryDate: entry["expiryDate"]?.stringValue ?? "",
                        cardBrand: paid.details["cardBrand"] ?? "",
                        correlationId: PayerTokenDocument.correlationId(token)))
            }
        }
        let issued = payerTokens(of: record)
        guard let payerReference = issued.first?.payerReference else { return }
        let known = Set(await store.tokens(payerReference: payerReference).map(\.token))
        for token in issued where !known.contains(token.token) {
            await store.addToken(token)
        }
    }
}
