import Foundation
import SwedbankPaySDKTesting

@testable import SwedbankPaySDK

/// Payment session models shaped as the Payment Sandbox renders them (docs/sandbox.md).
enum SessionFixtures {
    typealias JSON = SwedbankPaySDK.JSONValue

    static let sessionURL = URL(string: "https://pay.test/psp/paymentsessions/t1")!
    static let session = sessionURL.absoluteString
    static let events = session + "/events"
    static let completeUrl = "https://merchant.test/complete"
    static let cancelUrl = "https://merchant.test/cancel"
    static let paymentUrl = "https://merchant.test/payment"
    static let hostUrl = "https://merchant.test"
    static let viewPayment = "https://pay.test/checkout/client/v1?culture=sv-SE"
    static let notificationUrl = session + "/sca/notification"
    static let cardToken = "5a17c24e-0000-4000-8000-492500000004"
    static let visa = SwedbankPaySDK.CreditCardMethodPrefillModel(
        rank: 1, paymentToken: cardToken, cardBrand: "Visa", maskedPan: "492500******0004",
        expiryDate: SessionDate.parse("2035-12-31T00:00:00Z")!)

    static func op(
        _ rel: String, _ href: String, method: String = "POST", next: Bool = false, tasks: [JSON] = [],
        expects: [JSON] = []
    ) -> JSON {
        var object: SwedbankPaySDK.JSONObject = ["rel": .string(rel), "href": .string(href), "method": .string(method)]
        if next { object["next"] = .bool(true) }
        if !tasks.isEmpty { object["tasks"] = .array(tasks) }
        if !expects.isEmpty { object["expects"] = .array(expects) }
        return .object(object)
    }

    static func task(_ rel: String, _ href: String? = nil, method: String? = nil, expects: [JSON] = []) -> JSON {
        var object: SwedbankPaySDK.JSONObject = ["rel": .string(rel)]
        if let href { object["href"] = .string(href) }
        if let method { object["method"] = .string(method) }
        if rel.hasPrefix("sca") { object["contentType"] = .string("application/x-www-form-urlencoded") }
        if !expects.isEmpty { object["expects"] = .array(expects) }
        return .object(object)
    }

    static func expect(_ name: String, _ value: String) -> JSON {
        .object(["name": .string(name), "type": .string("string"), "value": .string(value)])
    }

    static func expect(_ name: String, _ values: [String]) -> JSON {
        .object(["name": .string(name), "type": .string("string[]"), "value": .array(values.map { .string($0) })])
    }

    static func method(_ name: String, operations: [JSON]? = nil, prefills: [JSON]? = nil) -> JSON {
        var object: SwedbankPaySDK.JSONObject = ["paymentMethod": .string(name)]
        if let operations { object["operations"] = .array(operations) }
        if let prefills { object["prefills"] = .array(prefills) }
        if name == "ApplePay" {
            // What Apple Pay's method carries, as the sandbox sends it.
            object["cardBrands"] = .array(["Visa", "MasterCard", "Amex"].map { .string($0) })
            object["merchantCapabilities"] = .array(["supports3DS", "supportsDebit"].map { .string($0) })
        }
        return .object(object)
    }

    static func model(
        methods: [JSON] = [], operations: [JSON], problem: JSON? = nil, instrumentMode: String? = nil,
        enabled: [String] = ["Swish", "CreditCard", "ApplePay", "Invoice-PayExFinancingSe"], withURLs: Bool = true
    ) -> JSON {
        var urls: SwedbankPaySDK.JSONObject = [
            "completeUrl": .string(completeUrl), "cancelUrl": .string(cancelUrl), "paymentUrl": .string(paymentUrl),
            "hostUrls": .array([.string(hostUrl)]), "termsOfServiceUrl": .null,
        ]
        if !withURLs { urls = ["completeUrl": .null, "hostUrls": .array([])] }
        var root: SwedbankPaySDK.JSONObject = [
            "paymentSession": .object([
                "culture": .string("sv-SE"),
                "instrumentModePaymentMethod": instrumentMode.map { .string($0) } ?? .null,
                "settings": .object(["enabledPaymentMethods": .array(enabled.map { .string($0) })]),
                "urls": .object(urls),
                "methods": .array(methods),
            ]),
            "operations": .array(operations + [op("event-logging", events)]),
        ]
        if let problem { root["problem"] = problem }
        return .object(root)
    }

    // MARK: Phases

    static var fresh: JSON { model(operations: [op("prepare-payment", session + "/prepare", next: true)]) }

    static func choosing(cardExpanded: Bool = false, abort: Bool = true, problem: JSON? = nil) -> JSON {
        let card: [JSON] =
            cardExpanded
            ? [op("start-payment-attempt", session + "/methods/CreditCard/attempts"), failOp("CreditCard")]
            : [op("expand-method", session + "/methods/CreditCard/expand")]
        return model(
            methods: [
                method(
                    "Swish",
                    operations: [op("start-payment-attempt", session + "/methods/Swish/attempts"), failOp("Swish")],
                    prefills: [.object(["rank": .integer(1), "msisdn": .string("+46739000001")])]),
                method(
                    "CreditCard", operations: card,
                    prefills: [
                        .object([
                            "rank": .integer(1), "paymentToken": .string(cardToken), "cardBrand": .string("Visa"),
                            "maskedPan": .string("492500******0004"), "expiryDate": .string("2035-12-31T00:00:00Z"),
                        ])
                    ]),
                method(
                    "ApplePay",
                    operations: [
                        op("start-payment-attempt", session + "/methods/ApplePay/attempts"), failOp("ApplePay"),
                    ]),
                method("Invoice-PayExFinancingSe"),
            ],
            operations: (abort ? [op("abort-payment", session + "/abort")] : []) + [
                op("customize-payment", session + "/customize"), op("view-payment", viewPayment, method: "GET"),
            ],
            problem: problem)
    }

    static func failOp(_ method: String) -> JSON { op("fail-payment-attempt", session + "/methods/\(method)/failures") }

    /// Other native methods stay listed with no operations during an attempt.
    static func attempt(_ active: String, _ operations: [JSON], abort: Bool = true) -> JSON {
        model(
            methods: ["Swish", "CreditCard", "ApplePay"].map { method($0, operations: $0 == active ? operations : []) }
                + [method("Invoice-PayExFinancingSe")],
            operations: abort ? [op("abort-payment", session + "/abort")] : [])
    }

    static func swishAttempt(local: Bool) -> JSON {
        let launch = task("launch-client-app", "swish://paymentrequest?token=sw1", method: "GET")
        let poll = op("get-payment", session, method: "GET", next: true, tasks: local ? [launch] : [])
        return attempt("Swish", local ? [poll, failOp("Swish")] : [poll], abort: false)
    }

    static var createAuthentication: JSON {
        attempt(
            "CreditCard",
            [
                op(
                    "create-authentication", session + "/sca/create-authentication", next: true,
                    tasks: [
                        task(
                            "sca-method-request", "https://pay.test/sandbox/acs/method", method: "POST",
                            expects: [expect("threeDSMethodData", "bWV0aG9k")])
                    ],
                    expects: [expect("NotificationUrl", notificationUrl), expect("methodCompletionIndicator", "N")])
            ])
    }

    static var completeAuthentication: JSON {
        attempt(
            "CreditCard",
            [
                op(
                    "complete-authentication", session + "/sca/complete-authentication", next: true,
                    tasks: [
                        task(
                            "sca-redirect", "https://pay.test/sandbox/acs/challenge", method: "POST",
                            expects: [expect("creq", "Y3JlcQ")])
                    ])
            ])
    }

    static var applePayAttempt: JSON {
        let wallet = task(
            "wallet-sdk",
            expects: [
                expect("TotalAmountLabel", "Sandbox Merchant"), expect("TotalAmount", "15.00"),
                expect("CurrencyCode", "SEK"), expect("Locale", "sv-SE"),
                expect("MerchantCapabilities", ["supports3DS"]),
                expect("SupportedNetworks", ["visa", "masterCard", "amex"]),
                expect("SupportedCountries", ["SE", "NO", "DK", "FI"]), expect("RequiredShippingContactFields", []),
            ])
        return attempt(
            "ApplePay",
            [
                op("attempt-payload", session + "/methods/ApplePay/payload", next: true, tasks: [wallet]),
                failOp("ApplePay"),
            ])
    }

    static func terminal(redirect: String) -> JSON {
        model(operations: [op("redirect-payer", redirect, method: "GET", next: true)])
    }

    static func problem(_ number: Int, type: String = "https://api.payex.com/psp/errordetail/swishdeclined") -> JSON {
        .object([
            "type": .string(type), "title": .string("Declined"), "status": .integer(403),
            "detail": .string("The payment was declined."), "originalDetail": .string("RF07"),
            "operation": op("acknowledge-failed-attempt", session + "/problems/\(number)/acknowledge"),
        ])
    }

    static func parsed(_ json: JSON) -> SessionModel { SessionModel(json: json)! }
}

extension PaymentSessionInput {
    /// The challenge page for `creq` posted `cRes` (the page itself does not matter to the engine).
    static func challengeCompleted(creq: String, cRes: String) -> PaymentSessionInput {
        .challengeEnded(
            ChallengePage(creq: creq, form: FormPost(url: "https://acs.test/", method: "POST", contentType: nil, fields: []), notificationUrl: nil),
            .completed(cRes: cRes))
    }
}
