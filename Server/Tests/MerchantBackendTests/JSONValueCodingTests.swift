import Foundation
import ServerSupport
import SwedbankPaySDK
import Testing

/// `JSONValueDecoder` and `JSONValueEncoder` against Foundation's `JSONDecoder` and `JSONEncoder`:
/// the same values, and the same errors with the same coding paths, which the backend turns into
/// the field names of its problems.
@Suite struct JSONValueCodingTests {
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

    @Test func encodesWhatJSONEncoderEncodes() throws {
        let order = try Self.fullOrder()
        let foundation = try SwedbankPaySDK.JSONValue(parsing: JSONEncoder().encode(order), maxDepth: 64)
        let encoded = try JSONValueEncoder().encode(order)
        #expect(encoded == foundation)
        #expect(
            encoded.objectValue?["urls"]?.objectValue?["completeUrl"]
                == .string("https://shop.example/complete?x=1&y=%20"))
    }

    @Test func decodesWhatJSONDecoderDecodes() throws {
        let order = try Self.fullOrder()
        let json = try JSONEncoder().encode(order)
        let value = try SwedbankPaySDK.JSONValue(parsing: json, maxDepth: 64)
        let decoded = try JSONValueDecoder().decode(SwedbankPaySDK.PaymentOrder.self, from: value)
        #expect(decoded == order)
        #expect(decoded == (try JSONDecoder().decode(SwedbankPaySDK.PaymentOrder.self, from: json)))
    }

    @Test func primitivesDataAndNonFiniteNumbers() throws {
        struct Sample: Codable, Equatable {
            var data: Data
            var small: Int8
            var big: UInt64
            var ratio: Double
            var flags: [Bool?]
        }
        let sample = Sample(data: Data([0, 1, 254]), small: -5, big: 42, ratio: 0.25, flags: [true, nil])
        let encoded = try JSONValueEncoder().encode(sample)
        #expect(encoded == (try SwedbankPaySDK.JSONValue(parsing: JSONEncoder().encode(sample), maxDepth: 8)))
        #expect(try JSONValueDecoder().decode(Sample.self, from: encoded) == sample)
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.nan]) }
    }

    /// A decoding error reduced to what the backend uses: its kind and its path.
    static func summary(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context): return "keyNotFound \(path(context.codingPath + [key]))"
        case DecodingError.typeMismatch(_, let context): return "typeMismatch \(path(context.codingPath))"
        case DecodingError.valueNotFound(_, let context): return "valueNotFound \(path(context.codingPath))"
        case DecodingError.dataCorrupted(let context): return "dataCorrupted \(path(context.codingPath))"
        default: return "other \(error)"
        }
    }

    @Test(arguments: [
        // Each edit of a valid order, and the error both decoders must agree on.
        // `operation` has a default; the first required member missing is `amount`.
        (#"{"currency":"SEK"}"#, "keyNotFound amount"),
        (#"REMOVE amount"#, "keyNotFound amount"),
        (#"SET amount "1500""#, "typeMismatch amount"),
        (#"SET currency null"#, "valueNotFound currency"),
        (#"SET urls null"#, "valueNotFound urls"),
        (#"SET urls []"#, "typeMismatch urls"),
        (#"SET urls {"hostUrls":["https://a.example", 5]}"#, "typeMismatch urls.hostUrls.1"),
        (#"SET urls {"hostUrls":"https://a.example"}"#, "typeMismatch urls.hostUrls"),
        (#"SET urls {"hostUrls":["https://a.example"],"completeUrl":""}"#, "dataCorrupted urls.completeUrl"),
        (#"SET operation "Sell""#, "dataCorrupted operation"),
        (#"SET orderItems [{"reference":"r"}]"#, "keyNotFound orderItems.0.name"),
        (#"SET generatePaymentToken "yes""#, "typeMismatch generatePaymentToken"),
    ])
    func errorsMatchJSONDecoder(edit: String, expected: String) throws {
        var object = try #require(try JSONValueEncoder().encode(try Self.fullOrder()).objectValue)
        if edit.hasPrefix("REMOVE ") {
            object.removeValue(forKey: String(edit.dropFirst(7)))
        } else if edit.hasPrefix("SET ") {
            let parts = edit.dropFirst(4).split(separator: " ", maxSplits: 1)
            object[String(parts[0])] = try SwedbankPaySDK.JSONValue(parsing: Data(parts[1].utf8), maxDepth: 16)
        } else {
            object = try #require(try SwedbankPaySDK.JSONValue(parsing: Data(edit.utf8), maxDepth: 16).objectValue)
        }
        let value = SwedbankPaySDK.JSONValue.object(object)
        var ours = "decoded"
        var theirs = "decoded"
        do { _ = try JSONValueDecoder().decode(SwedbankPaySDK.PaymentOrder.self, from: value) } catch {
            ours = Self.summary(error)
        }
        do { _ = try JSONDecoder().decode(SwedbankPaySDK.PaymentOrder.self, from: value.serialized()) } catch {
            theirs = Self.summary(error)
        }
        #expect(ours == expected)
        #expect(theirs == expected)
    }

    /// Foundation's `JSONDecoder` reports a number that does not fit with an empty coding path;
    /// this decoder names the member, so the backend's problem names the field.
    @Test(arguments: ["1.5", "99999999999999999999", "-1e300"])
    func aNumberThatDoesNotFitNamesItsMember(number: String) throws {
        var object = try #require(try JSONValueEncoder().encode(try Self.fullOrder()).objectValue)
        object["amount"] = try SwedbankPaySDK.JSONValue(parsing: Data(number.utf8), maxDepth: 1)
        do {
            _ = try JSONValueDecoder().decode(SwedbankPaySDK.PaymentOrder.self, from: .object(object))
            Issue.record("decoded \(number) as an Int64")
        } catch {
            #expect(Self.summary(error) == "dataCorrupted amount")
        }
    }
}
