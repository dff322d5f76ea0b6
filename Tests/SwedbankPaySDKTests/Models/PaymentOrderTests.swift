import Foundation
import Testing

@testable import SwedbankPaySDK

extension ModelsTests {
    @Suite struct PaymentOrderTests {
        private static let backend = "https://example.com/swedbank-pay-mobile/"
        private static let paymentUrl = backend + "sdk-callback/ios-universal-link?scheme=myapp&language=sv-SE&id=1234"

        /// The documentation's example payment order (seed 002), written as real Swift.
        private static func seedPaymentOrder() -> SwedbankPaySDK.PaymentOrder {
            SwedbankPaySDK.PaymentOrder(
                currency: "SEK",
                amount: 1500,
                vatAmount: 375,
                description: "Test Purchase",
                language: .Swedish,
                urls: SwedbankPaySDK.PaymentOrderUrls(
                    hostUrls: [URL(string: backend)!],
                    completeUrl: URL(string: backend + "complete")!,
                    cancelUrl: URL(string: backend + "cancel")!,
                    paymentUrl: URL(string: paymentUrl)!
                ),
                payeeInfo: SwedbankPaySDK.PayeeInfo(
                    payeeName: "Merchant1",
                    productCategory: "A123",
                    orderReference: "or-123456",
                    subsite: "MySubsite"
                ),
                orderItems: [
                    SwedbankPaySDK.OrderItem(
                        reference: "P1",
                        name: "Product1",
                        type: .Product,
                        class: "ProductGroup1",
                        itemUrl: URL(string: "https://example.com/products/123"),
                        imageUrl: URL(string: "https://example.com/product123.jpg"),
                        description: "Product 1 description",
                        discountDescription: "Volume discount",
                        quantity: 4,
                        quantityUnit: "pcs",
                        unitPrice: 300,
                        discountPrice: 200,
                        vatPercent: 2500,
                        amount: 1000,
                        vatAmount: 250
                    )
                ]
            )
        }

        @Test func seedExampleEncodesToExactJSON() throws {
            let expected = try ModelJSON.parse(
                """
                {
                  "operation": "Purchase",
                  "currency": "SEK",
                  "amount": 1500,
                  "vatAmount": 375,
                  "description": "Test Purchase",
                  "userAgent": "\(SwedbankPaySDK.VersionReporter.userAgent)",
                  "language": "sv-SE",
                  "generateRecurrenceToken": false,
                  "generateUnscheduledToken": false,
                  "generatePaymentToken": false,
                  "disableStoredPaymentDetails": false,
                  "urls": {
                    "hostUrls": ["https://example.com/swedbank-pay-mobile/"],
                    "completeUrl": "https://example.com/swedbank-pay-mobile/complete",
                    "cancelUrl": "https://example.com/swedbank-pay-mobile/cancel",
                    "paymentUrl": "\(Self.paymentUrl)"
                  },
                  "payeeInfo": {
                    "payeeId": "",
                    "payeeReference": "",
                    "payeeName": "Merchant1",
                    "productCategory": "A123",
                    "orderReference": "or-123456",
                    "subsite": "MySubsite"
                  },
                  "orderItems": [
                    {
                      "reference": "P1",
                      "name": "Product1",
                      "type": "PRODUCT",
                      "class": "ProductGroup1",
                      "itemUrl": "https://example.com/products/123",
                      "imageUrl": "https://example.com/product123.jpg",
                      "description": "Product 1 description",
                      "discountDescription": "Volume discount",
                      "quantity": 4,
                      "quantityUnit": "pcs",
                      "unitPrice": 300,
                      "discountPrice": 200,
                      "vatPercent": 2500,
                      "amount": 1000,
                      "vatAmount": 250
                    }
                  ],
                  "disablePaymentMenu": false
                }
                """)
            let encoded = try ModelJSON.encode(Self.seedPaymentOrder())
            #expect(encoded == expected)
        }

        @Test func nilOptionalsAreAbsentAndBooleansPresent() throws {
            let object = try #require(try ModelJSON.encode(Self.seedPaymentOrder()).objectValue)
            for key in [
                "productName", "instrument", "restrictedToInstruments", "payer", "riskIndicator",
                "paymentToken", "initiatingSystemUserAgent",
            ] {
                #expect(object[key] == nil, "\(key) should be omitted")
            }
            #expect(object["generatePaymentToken"] == .bool(false))
            #expect(object["disablePaymentMenu"] == .bool(false))
            let urls = try #require(object["urls"]?.objectValue)
            #expect(urls["callbackUrl"] == nil)
            #expect(urls["termsOfServiceUrl"] == nil)
        }

        @Test func initDefaults() {
            let order = Self.seedPaymentOrder()
            #expect(order.operation == .Purchase)
            #expect(order.productName == nil)
            #expect(order.isV3 == false)
            #expect(order.userAgent == SwedbankPaySDK.VersionReporter.userAgent)
            #expect(order.instrument == nil)
            #expect(order.generateRecurrenceToken == false)
            #expect(order.payeeInfo.payeeId == "")
            #expect(order.payeeInfo.payeeReference == "")
            #expect(order.initiatingSystemUserAgent == nil)
        }

        @Test func isV3GetterAndSetter() {
            var order = SwedbankPaySDK.PaymentOrder(
                isV3: true, currency: "NOK", amount: 100, vatAmount: 20, description: "d",
                urls: SwedbankPaySDK.PaymentOrderUrls(hostUrls: [], completeUrl: URL(string: "https://e.com/c")!)
            )
            #expect(order.productName == "Checkout3")
            #expect(order.isV3 == true)
            order.isV3 = false
            #expect(order.productName == nil)
            #expect(order.isV3 == false)
            order.isV3 = true
            #expect(order.productName == "Checkout3")
            order.productName = "SomethingElse"
            #expect(order.isV3 == false)
        }

        @Test func fullRoundTrip() throws {
            var order = Self.seedPaymentOrder()
            order.operation = .Verify
            order.isV3 = true
            order.instrument = .swish
            order.generateRecurrenceToken = true
            order.generateUnscheduledToken = true
            order.generatePaymentToken = true
            order.disableStoredPaymentDetails = true
            order.restrictedToInstruments = ["CreditCard", "Swish"]
            order.urls.callbackUrl = URL(string: "https://example.com/callback")
            order.urls.termsOfServiceUrl = URL(string: "https://example.com/tos")
            order.payeeInfo.payeeId = "payee"
            order.payeeInfo.payeeReference = "ref"
            order.payer = SwedbankPaySDK.PaymentOrderPayer(consumerProfileRef: "cpr", email: "a@b.c")
            order.riskIndicator = SwedbankPaySDK.RiskIndicator(
                preOrderDate: DateComponents(year: 2024, month: 3, day: 7), giftCardPurchase: false
            )
            order.disablePaymentMenu = true
            order.paymentToken = "token"
            order.initiatingSystemUserAgent = "server/1"
            let decoded = try ModelJSON.roundTrip(order)
            #expect(decoded == order)
            #expect(decoded.productName == "Checkout3")
            #expect(decoded.riskIndicator?.preOrderDate == "20240307")
            let object = try #require(try ModelJSON.encode(order).objectValue)
            #expect(object["operation"] == .string("Verify"))
            #expect(object["productName"] == .string("Checkout3"))
            #expect(object["instrument"] == .string("Swish"))
            #expect(object["initiatingSystemUserAgent"] == .string("server/1"))
            #expect(object["isV3"] == nil)
        }

        @Test func decodesMinimalJSONWithDefaultsAndIgnoresUnknownMembers() throws {
            let order = try ModelJSON.decode(
                SwedbankPaySDK.PaymentOrder.self,
                """
                {
                  "currency": "SEK", "amount": 100, "vatAmount": 25, "description": "x",
                  "urls": {"hostUrls": ["https://h.example/"], "completeUrl": "https://h.example/c", "extra": 1},
                  "somethingNew": {"nested": [1, 2]},
                  "initiatingSystemUserAgent": "PayEx/1.0"
                }
                """)
            #expect(order.operation == .Purchase)
            #expect(order.productName == nil)
            #expect(order.currency == "SEK")
            #expect(order.amount == 100)
            #expect(order.vatAmount == 25)
            #expect(order.description == "x")
            #expect(order.userAgent == SwedbankPaySDK.VersionReporter.userAgent)
            #expect(order.language == .English)
            #expect(order.generateRecurrenceToken == false)
            #expect(order.generateUnscheduledToken == false)
            #expect(order.generatePaymentToken == false)
            #expect(order.disableStoredPaymentDetails == false)
            #expect(order.disablePaymentMenu == false)
            #expect(order.payeeInfo == SwedbankPaySDK.PayeeInfo())
            #expect(order.urls.hostUrls == [URL(string: "https://h.example/")!])
            #expect(order.urls.completeUrl == URL(string: "https://h.example/c")!)
            #expect(order.urls.cancelUrl == nil)
            #expect(order.initiatingSystemUserAgent == "PayEx/1.0")
        }

        @Test func aCultureBeyondTheThreeLanguagesIsSentAndKept() throws {
            var order = Self.seedPaymentOrder()
            order.culture = .Finnish
            #expect(order.language == .English)
            #expect(try ModelJSON.encode(order).objectValue?["language"] == .string("fi-FI"))
            let decoded = try ModelJSON.decode(
                SwedbankPaySDK.PaymentOrder.self,
                """
                {"currency": "SEK", "amount": 1, "vatAmount": 0, "description": "x", "language": "pl-PL",
                 "urls": {"hostUrls": [], "completeUrl": "https://h.example/c"}}
                """)
            #expect(decoded.culture == .Polish)
            #expect(decoded.language == .English)
            order.language = .Swedish
            #expect(order.culture == .Swedish)
            #expect(throws: DecodingError.self) {
                try ModelJSON.decode(
                    SwedbankPaySDK.PaymentOrder.self,
                    """
                    {"currency": "SEK", "amount": 1, "vatAmount": 0, "description": "x", "language": "pt-BR",
                     "urls": {"hostUrls": [], "completeUrl": "https://h.example/c"}}
                    """)
            }
        }

        @Test func decodingLargeAmountsKeepsInt64() throws {
            let order = try ModelJSON.decode(
                SwedbankPaySDK.PaymentOrder.self,
                """
                {"currency": "SEK", "amount": 9000000000000, "vatAmount": 1, "description": "x",
                 "urls": {"hostUrls": [], "completeUrl": "https://h.example/c"}}
                """)
            #expect(order.amount == 9_000_000_000_000)
        }

        @Test func decodingFailsWithoutRequiredMembers() {
            let urls = #""urls": {"hostUrls": [], "completeUrl": "https://h.example/c"}"#
            ModelJSON.expectMissingKey(
                SwedbankPaySDK.PaymentOrder.self,
                #"{"amount": 1, "vatAmount": 0, "description": "x", \#(urls)}"#,
                key: "currency"
            )
            ModelJSON.expectMissingKey(
                SwedbankPaySDK.PaymentOrder.self,
                #"{"currency": "SEK", "vatAmount": 0, "description": "x", \#(urls)}"#,
                key: "amount"
            )
            ModelJSON.expectMissingKey(
                SwedbankPaySDK.PaymentOrder.self,
                #"{"currency": "SEK", "amount": 1, "description": "x", \#(urls)}"#,
                key: "vatAmount"
            )
            ModelJSON.expectMissingKey(
                SwedbankPaySDK.PaymentOrder.self,
                #"{"currency": "SEK", "amount": 1, "vatAmount": 0, \#(urls)}"#,
                key: "description"
            )
            ModelJSON.expectMissingKey(
                SwedbankPaySDK.PaymentOrder.self,
                #"{"currency": "SEK", "amount": 1, "vatAmount": 0, "description": "x"}"#,
                key: "urls"
            )
            ModelJSON.expectMissingKey(
                SwedbankPaySDK.PaymentOrderUrls.self,
                #"{"hostUrls": []}"#,
                key: "completeUrl"
            )
            ModelJSON.expectMissingKey(
                SwedbankPaySDK.PaymentOrderUrls.self,
                #"{"completeUrl": "https://h.example/c"}"#,
                key: "hostUrls"
            )
        }

        @Test func operationRawValues() throws {
            #expect(SwedbankPaySDK.PaymentOrderOperation.Purchase.rawValue == "Purchase")
            #expect(SwedbankPaySDK.PaymentOrderOperation.Verify.rawValue == "Verify")
            #expect(throws: DecodingError.self) {
                try ModelJSON.decode(SwedbankPaySDK.PaymentOrderOperation.self, #""Refund""#)
            }
        }
    }
}
