import Foundation
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// How `POST /paymentorders` reads the app's order: decoded with Foundation's `JSONDecoder` into
/// the SDK's model, every failure a problem naming the field — also a number that does not fit a
/// whole-number member, which `JSONDecoder` reports without a path.
@Suite struct PaymentOrderDecodingTests {
    /// A payment order with every member set, nested types, arrays, URLs and a date.
    static func fullOrder() throws -> SwedbankPaySDK.PaymentOrder {
        var payer = SwedbankPaySDK.PaymentOrderPayer(
            consumerProfileRef: "cpr", email: "leia@example.com", msisdn: "+46739000001", payerReference: "ref")
        payer.requireConsumerInfo = true
        payer.nationalIdentifier = .init(socialSecurityNumber: "199001011234", countryCode: "SE")
        payer.shippingAddressRestrictedToCountryCodes = ["SE", "NO"]
        return SwedbankPaySDK.PaymentOrder(
            operation: .Verify, isV3: true, currency: "SEK", amount: 1_500, vatAmount: 375,
            description: "Tést \"quoted\" / slash", userAgent: "agent/1.0", language: .Swedish,
            instrument: .creditCard, generateRecurrenceToken: true, generatePaymentToken: true,
            restrictedToInstruments: ["CreditCard", "Swish"],
            urls: SwedbankPaySDK.PaymentOrderUrls(
                hostUrls: [URL(string: "https://shop.example/")!, URL(string: "http://localhost:8080")!],
                completeUrl: URL(string: "https://shop.example/complete?x=1&y=%20")!,
                cancelUrl: URL(string: "https://shop.example/cancel")!,
                paymentUrl: URL(string: "https://shop.example/pay#frag")!),
            payeeInfo: SwedbankPaySDK.PayeeInfo(payeeName: "Shop", orderReference: "or-1"),
            payer: payer,
            orderItems: [
                SwedbankPaySDK.OrderItem(
                    reference: "P1", name: "Product", type: .Product, class: "Group",
                    itemUrl: URL(string: "https://shop.example/p1"), quantity: 2, quantityUnit: "pcs",
                    unitPrice: 750, vatPercent: 2_500, amount: 1_500, vatAmount: 375)
            ],
            riskIndicator: SwedbankPaySDK.RiskIndicator(
                deliveryEmailAddress: "leia@example.com", deliveryTimeFrameIndicator: .OvernightShipping,
                preOrderDate: DateComponents(year: 2030, month: 1, day: 2), shipIndicator: .DigitalGoods,
                giftCardPurchase: false),
            disablePaymentMenu: true, paymentToken: "token-1")
    }

    @Test func aFullOrderDecodesAsEncoded() throws {
        let order = try Self.fullOrder()
        let encoded = try JSONEncoder().encode(order)
        let raw = try #require(try SwedbankPaySDK.JSONValue(parsing: encoded, maxDepth: 64).objectValue)
        #expect(try PaymentOrderPreparation.decode(raw) == order)
    }

    @Test(arguments: [
        // Each edit of a valid order, and the field its problem names.
        // `operation` has a default; the first required member missing is `amount`.
        (#"{"currency":"SEK"}"#, "paymentorder.amount"),
        (#"REMOVE amount"#, "paymentorder.amount"),
        (#"SET amount "1500""#, "paymentorder.amount"),
        (#"SET currency null"#, "paymentorder.currency"),
        (#"SET urls null"#, "paymentorder.urls"),
        (#"SET urls []"#, "paymentorder.urls"),
        (#"SET urls {"hostUrls":["https://a.example", 5]}"#, "paymentorder.urls.hostUrls.1"),
        (#"SET urls {"hostUrls":"https://a.example"}"#, "paymentorder.urls.hostUrls"),
        (#"SET urls {"hostUrls":["https://a.example"],"completeUrl":""}"#, "paymentorder.urls.completeUrl"),
        (#"SET operation "Sell""#, "paymentorder.operation"),
        (#"SET orderItems [{"reference":"r"}]"#, "paymentorder.orderItems.0.name"),
        (#"SET generatePaymentToken "yes""#, "paymentorder.generatePaymentToken"),
    ])
    func eachFailureNamesItsField(edit: String, expected: String) throws {
        var object = try #require(
            try SwedbankPaySDK.JSONValue(parsing: JSONEncoder().encode(try Self.fullOrder()), maxDepth: 64).objectValue)
        if edit.hasPrefix("REMOVE ") {
            object.removeValue(forKey: String(edit.dropFirst(7)))
        } else if edit.hasPrefix("SET ") {
            let parts = edit.dropFirst(4).split(separator: " ", maxSplits: 1)
            object[String(parts[0])] = try SwedbankPaySDK.JSONValue(parsing: Data(parts[1].utf8), maxDepth: 16)
        } else {
            object = try #require(try SwedbankPaySDK.JSONValue(parsing: Data(edit.utf8), maxDepth: 16).objectValue)
        }
        #expect(Self.problemName(object) == expected)
    }

    @Test(arguments: ["1.5", "99999999999999999999", "-1e300"])
    func aNumberThatDoesNotFitNamesItsMember(number: String) throws {
        let value = try SwedbankPaySDK.JSONValue(parsing: Data(number.utf8), maxDepth: 1)
        var object = try #require(
            try SwedbankPaySDK.JSONValue(parsing: JSONEncoder().encode(try Self.fullOrder()), maxDepth: 64).objectValue)
        object["amount"] = value
        #expect(Self.problemName(object) == "paymentorder.amount")
        object["amount"] = .integer(1_500)
        guard case .array(var items)? = object["orderItems"], case .object(var item) = items[0] else {
            Issue.record("the full order has an order item")
            return
        }
        item["quantity"] = value
        items[0] = .object(item)
        object["orderItems"] = .array(items)
        #expect(Self.problemName(object) == "paymentorder.orderItems.0.quantity")
    }

    /// The field the problem of decoding `object` names, or "decoded".
    static func problemName(_ object: SwedbankPaySDK.JSONObject) -> String {
        do {
            _ = try PaymentOrderPreparation.decode(object)
            return "decoded"
        } catch {
            return error.problems.first?.name ?? "no field named"
        }
    }
}
