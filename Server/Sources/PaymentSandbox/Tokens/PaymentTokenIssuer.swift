#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// Issues the tokens a paid payment order asked for (`generatePaymentToken`,
/// `generateRecurrenceToken`, `generateUnscheduledToken`) and saves the payer-owned ones.
///
/// Two steps, because the order is changed inside the store's synchronous update while the token
/// store is another actor: ``issueIfRequested(for:cardBrand:maskedPan:expiryDate:ids:)`` inside the
/// update, right after `markPaid`; ``saveIssuedTokens(of:in:)`` after the update.
enum PaymentTokenIssuer {
    /// The instruments that make tokens in the sandbox: cards every kind the order asks for, and
    /// Trustly the unscheduled token of a payout `Verify` (the bank account a `Payout` pays to).
    static let tokenizingInstruments: Set<SandboxInstrument> = [.creditCard, .trustly]

    /// The token types a paid order asked for and its instrument makes: `payment` (one-click,
    /// only with a `payer.payerReference`), `recurrence` and `unscheduled` by card; only
    /// `unscheduled` by Trustly, and only for an order `restrictedToPayoutInstruments`.
    static func wantedTypes(for record: PaymentOrderRecord, instrument: SandboxInstrument) -> [PaymentTokenType] {
        let order = record.order
        if instrument == .trustly {
            let forPayouts = record.requested(.restrictedToPayoutInstruments) == .bool(true)
            return forPayouts && order.generateUnscheduledToken ? [.unscheduled] : []
        }
        var wanted: [PaymentTokenType] = []
        if order.generatePaymentToken, order.payer?.payerReference != nil { wanted.append(.payment) }
        if order.generateRecurrenceToken { wanted.append(.recurrence) }
        if order.generateUnscheduledToken { wanted.append(.unscheduled) }
        return wanted
    }

    /// The `paid.tokens[]` entries of `types`. Pure apart from ids.
    static func tokens(types: [PaymentTokenType], maskedPan: String, expiryDate: String, ids: IDGenerator)
        -> [SwedbankPaySDK.JSONObject]
    {
        types.map { type in
            [
                "type": .string(type.rawValue), "token": .string(ids.guid()), "name": .string(maskedPan),
                "expiryDate": .string(expiryDate),
            ]
        }
    }

    /// Call right after `markPaid` on a paid order: when its instrument makes tokens and the order
    /// asked for them, adds them to `record.paid.tokens` (and a card's brand to `paid.details`).
    /// Returns the `paid.tokens[]` entries (empty when none were asked for). Calling it again
    /// changes nothing. A Trustly account is named by a masked account number, without expiry.
    @discardableResult
    static func issueIfRequested(
        for record: inout PaymentOrderRecord, cardBrand: String, maskedPan: String, expiryDate: String,
        ids: IDGenerator
    ) -> [SwedbankPaySDK.JSONObject] {
        guard var paid = record.paid, tokenizingInstruments.contains(paid.instrument) else { return [] }
        guard paid.tokens.isEmpty else { return paid.tokens }
        let types = wantedTypes(for: record, instrument: paid.instrument)
        if paid.instrument == .trustly {
            paid.tokens = tokens(types: types, maskedPan: trustlyAccount, expiryDate: "", ids: ids)
        } else {
            paid.tokens = tokens(types: types, maskedPan: maskedPan, expiryDate: expiryDate, ids: ids)
            if !paid.tokens.isEmpty, paid.details["cardBrand"] == nil { paid.details["cardBrand"] = cardBrand }
        }
        record.paid = paid
        return paid.tokens
    }

    /// The bank account a sandbox Trustly payer saves for payouts, masked.
    static let trustlyAccount = "************4321"

    /// The payer-owned token records of a paid order's `payment` tokens.
    static func payerTokens(of record: PaymentOrderRecord) -> [PayerTokenRecord] {
        guard let paid = record.paid, let payerReference = record.order.payer?.payerReference else { return [] }
        return paid.tokens.compactMap { entry in
            guard entry["type"]?.stringValue == PaymentTokenType.payment.rawValue,
                let token = entry["token"]?.stringValue
            else { return nil }
            var parameters: [String: String] = [:]
            parameters["expiryDate"] = entry["expiryDate"]?.stringValue
            parameters["cardBrand"] = paid.details["cardBrand"]
            var record = PayerTokenRecord(
                token: token, payerReference: payerReference, instrument: paid.instrument,
                instrumentDisplayName: entry["name"]?.stringValue ?? "", instrumentParameters: parameters)
            record.networkToken = networkToken(of: paid, maskedPan: entry["name"]?.stringValue ?? "")
            return record
        }
    }

    /// A saved card is a network token, as the portal's network tokenization page lists one: the
    /// last four digits of the card and of the token (the payment's `maskedDPan`), and the issuer.
    static func networkToken(of paid: PaidInfo, maskedPan: String) -> [String: String]? {
        guard paid.instrument == .creditCard, let dpan = paid.details["maskedDPan"] else { return nil }
        return [
            "lastFourPan": String(maskedPan.suffix(4)), "lastFourDPan": String(dpan.suffix(4)),
            "issuerName": paid.details["issuingBank"] ?? "",
        ]
    }

    /// Call after the update that paid `record`: saves its payment tokens as the payer's, so they
    /// are listed and can be deleted. Tokens already saved are not saved twice.
    static func saveIssuedTokens(of record: PaymentOrderRecord, in store: SandboxStore) async {
        if let paid = record.paid {
            for entry in paid.tokens {
                guard let type = entry["type"]?.stringValue.flatMap(PaymentTokenType.init(rawValue:)),
                    let token = entry["token"]?.stringValue,
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
#endif
