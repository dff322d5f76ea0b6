#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// Renders a payer's tokens in the two shapes clients use (§2.10): (a) the legacy
/// `payerOwnedPaymentTokens` the Merchant Backend and SDK models read, and (b) the current
/// `payerOwnedTokens`. Deleted tokens are left out of both.
enum PayerTokenDocument {
    /// `/psp/paymentorders/paymenttokens/<token>`, where a single token is deleted.
    static func tokenPath(_ token: String) -> String {
        "/psp/paymentorders/paymenttokens/\(token)"
    }

    /// Shape (a): `GET /psp/paymentorders/payerownedpaymenttokens/<payerReference>`.
    static func legacy(payerReference: String, tokens: [PayerTokenRecord], base: PublicURL)
        -> SwedbankPaySDK.JSONObject
    {
        let list: [SwedbankPaySDK.JSONValue] = tokens.filter { !$0.deleted }.map { token in
            .object([
                "paymentToken": .string(token.token), "instrument": .string(token.instrument.rawValue),
                "instrumentDisplayName": .string(token.instrumentDisplayName),
                "instrumentParameters": parameters(token),
                "operations": .array([deleteOperation(.deletePaymentTokens, href: base.url(tokenPath(token.token)))]),
            ])
        }
        return [
            "payerOwnedPaymentTokens": .object([
                "id": .string("/psp/paymentorders/payerownedpaymenttokens/\(escaped(payerReference))"),
                "payerReference": .string(payerReference), "paymentTokens": .array(list),
            ]),
            "operations": .array([]),
        ]
    }

    /// Shape (b): `GET /psp/paymentorders/payerownedtokens/<payerReference>`.
    static func current(payerReference: String, tokens: [PayerTokenRecord], base: PublicURL)
        -> SwedbankPaySDK.JSONObject
    {
        let path = "/psp/paymentorders/payerownedtokens/\(escaped(payerReference))"
        let list: [SwedbankPaySDK.JSONValue] = tokens.filter { !$0.deleted }.map { token in
            var object = entry(token)
            object["operations"] = .array([
                deleteOperation(.deletePaymentTokens, href: base.url(tokenPath(token.token)))
            ])
            return .object(object)
        }
        return [
            "payerOwnedTokens": .object([
                "id": .string(path), "payerReference": .string(payerReference), "tokens": .array(list),
            ]),
            "operations": .array([deleteOperation(.deletePayerOwnedTokens, href: base.url(path))]),
        ]
    }

    /// The answer of `PATCH /psp/paymentorders/payerownedtokens/<payerReference>`: the tokens the
    /// deletion removed, as the portal's three examples show them (without operations: nothing
    /// more can be done with them), and the list's own delete operation.
    static func removed(payerReference: String, tokens: [PayerTokenRecord], base: PublicURL)
        -> SwedbankPaySDK.JSONObject
    {
        let path = "/psp/paymentorders/payerownedtokens/\(escaped(payerReference))"
        return [
            "payerOwnedTokens": .object([
                "id": .string(path), "payerReference": .string(payerReference),
                "tokens": .array(tokens.map { .object(entry($0)) }),
            ]),
            "operations": .array([deleteOperation(.deletePayerOwnedTokens, href: base.url(path))]),
        ]
    }

    /// One entry of `payerOwnedTokens.tokens`, without its operations; a network token's facts are
    /// among its parameters (the legacy list shows only the card's).
    private static func entry(_ token: PayerTokenRecord) -> SwedbankPaySDK.JSONObject {
        let parameters = token.instrumentParameters.merging(token.networkToken ?? [:]) { own, _ in own }
        return [
            "token": .string(token.token), "tokenType": .string(PaymentTokenType.payment.listedName),
            "networkTokenized": .bool(token.networkToken != nil), "instrument": .string(token.instrument.rawValue),
            "instrumentDisplayName": .string(token.instrumentDisplayName),
            "correlationId": .string(correlationId(token.token)),
            "instrumentParameters": .object(parameters.mapValues { .string($0) }),
        ]
    }

    /// The answer of deleting one payment token.
    /// The answer of deleting a recurrence token (`{"token", "isDeleted"}`) or an unscheduled one
    /// (the token with its card, as the portal shows).
    static func deleted(issued token: IssuedToken) -> SwedbankPaySDK.JSONObject {
        guard token.type == .unscheduled else { return ["token": .string(token.token), "isDeleted": .bool(true)] }
        return [
            "token": .string(token.token), "instrument": .string(token.instrument.rawValue),
            "instrumentDisplayName": .string(token.maskedPan), "correlationId": .string(token.correlationId),
            "instrumentParameters": .object([
                "cardBrand": .string(token.cardBrand), "expiryDate": .string(token.expiryDate),
            ]),
        ]
    }

    static func deleted(_ token: PayerTokenRecord) -> SwedbankPaySDK.JSONObject {
        [
            "paymentToken": .string(token.token), "instrument": .string(token.instrument.rawValue),
            "instrumentDisplayName": .string(token.instrumentDisplayName),
            "correlationId": .string(correlationId(token.token)), "instrumentParameters": parameters(token),
        ]
    }

    /// A GUID-shaped id derived from the token (FNV-1a), so it stays the same on every listing
    /// without being stored.
    static func correlationId(_ token: String) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in token.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = Array(String(format: "%016llx%016llx", first, second))
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
    }

    private static func parameters(_ token: PayerTokenRecord) -> SwedbankPaySDK.JSONValue {
        .object(token.instrumentParameters.mapValues { .string($0) })
    }

    private static func deleteOperation(_ rel: PayerTokenRel, href: String) -> SwedbankPaySDK.JSONValue {
        .object([
            "rel": .string(rel.rawValue), "method": .string("PATCH"), "contentType": .string("application/json"),
            "href": .string(href),
        ])
    }

    private static func escaped(_ reference: String) -> String {
        reference.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? reference
    }
}
#endif
