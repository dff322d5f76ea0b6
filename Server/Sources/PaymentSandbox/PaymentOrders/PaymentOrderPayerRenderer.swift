#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// Renders a payment order's `payer` sub-resource in the response shape (`reference`, `name`,
/// `email`, `msisdn`, addresses with `addressee`), which differs from the request shape.
enum PaymentOrderPayerRenderer {
    /// The payer's members (without `id`). `extra` holds the request's payer members the SDK model
    /// does not carry (names, addresses).
    /// With `payerUserAgent` (once the payer opened the payment), the payer's `device` too.
    static func render(
        _ payer: SwedbankPaySDK.PaymentOrderPayer?, extra: SwedbankPaySDK.JSONObject?, payerUserAgent: String? = nil
    ) -> SwedbankPaySDK.JSONObject {
        var object: SwedbankPaySDK.JSONObject = [:]
        if let reference = payer?.payerReference { object["reference"] = .string(reference) }
        if let email = payer?.email { object["email"] = .string(email) }
        if let msisdn = payer?.msisdn { object["msisdn"] = .string(msisdn) }
        if let name = fullName(extra) { object["name"] = .string(name) }
        if let shipping = extra?["shippingAddress"]?.objectValue {
            object["shippingAddress"] = .object(responseAddress(shipping))
        }
        // The billing address comes back in the request's shape, as the portal's payer model shows.
        if let billing = extra?["billingAddress"]?.objectValue { object["billingAddress"] = .object(billing) }
        if let facts = PayerFacts.birthYearAndGender(payer?.nationalIdentifier) {
            object["birthYear"] = .string(facts.birthYear)
            object["gender"] = .string(facts.gender)
        }
        let hashed = PayerFacts.hashedFields(
            email: payer?.email, msisdn: payer?.msisdn,
            socialSecurityNumber: payer?.nationalIdentifier?.socialSecurityNumber)
        if !hashed.isEmpty { object["hashedFields"] = .object(hashed) }
        if let payerUserAgent { object["device"] = .object(PayerFacts.device(userAgent: payerUserAgent)) }
        return object
    }

    /// A request address (`firstName`, `lastName`, ...) as the response writes it. Every member is
    /// present, since the iOS SDK requires all six to decode an address.
    static func responseAddress(_ address: SwedbankPaySDK.JSONObject) -> SwedbankPaySDK.JSONObject {
        var object: SwedbankPaySDK.JSONObject = [
            "addressee": .string(address["addressee"]?.stringValue ?? fullName(address) ?? "")
        ]
        for key in ["coAddress", "streetAddress", "zipCode", "city", "countryCode"] {
            object[key] = .string(address[key]?.stringValue ?? "")
        }
        return object
    }

    private static func fullName(_ object: SwedbankPaySDK.JSONObject?) -> String? {
        let parts = [object?["firstName"]?.stringValue, object?["lastName"]?.stringValue].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
#endif
