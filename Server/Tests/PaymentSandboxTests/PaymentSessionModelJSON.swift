import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The expected session models of ``PaymentSessionModelTests``, as JSON text, and the prepared
/// payer-aware session they start from.
enum PaymentSessionModelJSON {
    static let base = PaymentSessionFixtures.base

    /// A model: `paymentSession` with the fixture order's culture, settings and URLs.
    static func model(
        methods: String, operations: String, problem: String? = nil, instrumentMode: String = "null"
    ) -> String {
        """
        {"paymentSession": {
           "culture": "sv-SE", "instrumentModePaymentMethod": \(instrumentMode),
           "settings": {"enabledPaymentMethods": ["CreditCard", "Swish", "ApplePay", "Invoice-PayExFinancingSe", "Trustly"]},
           "urls": {"completeUrl": "https://merchant.example/complete", "cancelUrl": "https://merchant.example/cancel",
                    "paymentUrl": "https://merchant.example/sdk-callback/payment", "hostUrls": ["https://merchant.example"],
                    "termsOfServiceUrl": "https://merchant.example/terms"},
           "methods": [\(methods)]},
         "operations": [\(operations)]\(problem.map { ", \"problem\": \($0)" } ?? "")}
        """
    }

    static func operation(_ rel: String, _ href: String, method: String = "POST", next: Bool = false) -> String {
        #"{"rel": "\#(rel)", "method": "\#(method)", "href": "\#(href)"\#(next ? #", "next": true"# : "")}"#
    }

    /// The prefills of the payer-aware fixture: the stored Visa, then the two sandbox cards.
    static let cardPrefills = """
        [{"rank": 1, "paymentToken": "stored-visa-1", "cardBrand": "Visa", "maskedPan": "458109******3517", "expiryDate": "2030-11-30T00:00:00Z"},
         {"rank": 2, "paymentToken": "5a17c24e-0000-4000-8000-492500000004", "cardBrand": "Visa", "maskedPan": "492500******0004", "expiryDate": "2035-12-31T00:00:00Z"},
         {"rank": 3, "paymentToken": "5a17c24e-0000-4000-8000-522661003406", "cardBrand": "MasterCard", "maskedPan": "522661******3406", "expiryDate": "2035-12-31T00:00:00Z"}]
        """

    /// The methods of a prepared session; `swish`, `card`, `applePay` are their operations.
    static func methods(swish: String, card: String, applePay: String) -> String {
        """
        {"paymentMethod": "CreditCard", "cardBrands": ["Visa", "MasterCard", "Amex"], "prefills": \(cardPrefills), "operations": [\(card)]},
        {"paymentMethod": "Swish", "prefills": [{"rank": 1, "msisdn": "+46739000001"}], "operations": [\(swish)]},
        {"paymentMethod": "ApplePay", "cardBrands": ["Visa", "MasterCard", "Amex"],
         "merchantCapabilities": ["supports3DS", "supportsDebit", "supportsCredit"], "operations": [\(applePay)]},
        {"paymentMethod": "Invoice-PayExFinancingSe"}, {"paymentMethod": "Trustly"}
        """
    }

    /// A payer-aware order (payer's number with a space, one stored card), fetched and prepared.
    static func prepared(_ client: SandboxClient, _ harness: SandboxHarness, description: String = "Test purchase")
        async throws -> (driver: PaymentSessionDriver, record: PaymentOrderRecord, session: String)
    {
        let record = PaymentSessionFixtures.order(
            ids: harness.sandbox.services.ids, description: description, payerReference: "AB1234",
            msisdn: "+46 739000001")
        await harness.sandbox.services.store.addToken(
            PaymentSessionFixtures.storedCard(
                "AB1234", token: "stored-visa-1", pan: "458109******3517", expiry: "11/2030"))
        let path = await PaymentSessionFixtures.insert(record, into: harness.sandbox)
        var driver = PaymentSessionDriver(client)
        #expect(try await driver.fetch(path).status == 200)
        #expect(try await driver.call("prepare-payment", body: SDKBodies.prepare).status == 200)
        return (driver, record, "\(base)/psp/paymentsessions/\(record.sessionToken)")
    }

    static func topLevel(_ session: String, viewToken: String) -> String {
        [
            operation("abort-payment", "\(session)/abort"), operation("customize-payment", "\(session)/customize"),
            operation("view-payment", "\(base)/checkout/client/\(viewToken)?culture=sv-SE", method: "GET"),
            operation("event-logging", "\(session)/events"),
        ].joined(separator: ", ")
    }
}
