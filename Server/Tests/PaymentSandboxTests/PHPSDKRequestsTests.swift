import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// What Swedbank Pay's own PHP SDK sends in its functional tests against Swedbank Pay's external
/// test environment, expecting success, and what it reads from the answers: a Checkout v2 purchase
/// with `"amount": "1500"` and an order line's `"discountDescription": 0`, its captures and
/// reversals read as `{"payment", "capture": {"transaction": {"type": "Capture"}}}`, and the
/// order's payments list.
@Suite struct PHPSDKRequestsTests {
    typealias Fixture = PaymentOrdersFixture

    /// The SDK's purchase request, member for member (a v2 order: no version in its headers).
    static let purchase = """
        {"paymentorder": {
          "operation": "Purchase", "currency": "SEK", "amount": "1500", "vatAmount": 0,
          "description": "Test Purchase", "userAgent": "Mozilla/5.0...", "language": "nb-NO",
          "generatePaymentToken": false, "disablePaymentMenu": false,
          "urls": {"hostUrls": ["https://example.com", "https://example.net"],
                   "completeUrl": "https://example.com/payment-completed",
                   "cancelUrl": "https://example.com/payment-canceled",
                   "paymentUrl": "https://example.com/perform-payment",
                   "callbackUrl": "https://api.internaltest.payex.com/psp/fakecallback",
                   "termsOfServiceUrl": "https://example.com/termsandconditoons.pdf",
                   "logoUrl": "https://example.com/logo.png"},
          "payeeInfo": {"payeeId": "\(Fixture.payeeId)", "payeeReference": "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5",
                        "payeeName": "Merchant1", "productCategory": "A123", "orderReference": "or-123456"},
          "metadata": {"key1": "value1", "key2": 2, "key3": 3.1, "key4": false},
          "orderItems": [{"reference": "P1", "name": "Product1", "type": "PRODUCT", "class": "ProductGroup1",
                          "itemUrl": "https://example.com/products/123", "imageUrl": "https://example.com/product123.jpg",
                          "description": "Product 1 description", "discountDescription": 0, "quantity": 1,
                          "unitPrice": 1500, "quantityUnit": "pcs", "vatPercent": 0, "amount": 1500, "vatAmount": 0}],
          "payer": {"email": "olivia.nyhuus@payex.com", "msisdn": "+4798765432",
                    "workPhoneNumber": "+4787654321", "homePhoneNumber": "+4776543210"},
          "payerReference": "payer@refrence.no"}}
        """

    /// The SDK's capture or reversal body (its own random payee reference).
    static func transaction(_ description: String, reference: String) -> String {
        """
        {"transaction": {"amount": 1500, "vatAmount": 0, "description": "\(description)", "payeeReference": "\(reference)",
          "orderItems": [{"reference": "P1", "name": "Product1", "type": "PRODUCT", "class": "ProductGroup1",
                          "description": "Product 1 description", "quantity": 1, "quantityUnit": "pcs",
                          "unitPrice": 1500, "vatPercent": 0, "amount": 1500, "vatAmount": 0}]}}
        """
    }

    static let warnings: [SwedbankPaySDK.JSONValue] = [
        .string(
            "paymentorder.amount sent as the string \"1500\"; Swedbank Pay accepts it and answers with the number 1500,"
                + " which your integration may not expect"),
        .string(
            "paymentorder.orderItems[0].discountDescription sent as a number; Swedbank Pay accepts it and answers with"
                + " the string \"0\", which your integration may not expect"),
    ]

    @Test func itsPurchaseIsTakenWithAWarningPerConvertedField() async throws {
        try await SandboxHarness().run { client in
            let created = try await client.send(.post, "/psp/paymentorders", json: Self.purchase)
            #expect(created.status == 200, "\(created.text)")
            let order = try #require(try created.object["paymentOrder"]?.objectValue)
            #expect(order["amount"] == .integer(1500))
            #expect(order["operation"] == .string("Purchase"))
            let path = try #require(order["id"]?.stringValue)
            let items = try await client.send(.get, path + "/orderitems")
            #expect(
                try items.object["orderItems"]?.objectValue?["orderItemList"]?.arrayValue?.first?.objectValue?[
                    "discountDescription"] == .string("0"))
            let entries = try await RealServiceLeniencyTests.logEntries(client)
            #expect(entries.map(\.warnings) == [Self.warnings, []])
        }
    }

    @Test func strictRefusesItNamingBothFields() async throws {
        try await SandboxHarness { $0.strict = true }.run { client in
            let refused = try await client.send(.post, "/psp/paymentorders", json: Self.purchase)
            #expect(refused.status == 400)
            #expect(
                try refused.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/paymentorders/inputerror", "title": "Error in input data",
                         "status": 400, "detail": "The payment order is invalid.",
                         "problems": [{"name": "paymentorder.amount", "description": "The field must be a non-negative integer."},
                                      {"name": "paymentorder.orderItems[0].discountDescription",
                                       "description": "The field must be a string."}]}
                        """))
        }
    }

    /// Creates the SDK's order and pays it by card; returns the order's path.
    static func paidOrder(_ client: SandboxClient) async throws -> String {
        let created = try await client.send(.post, "/psp/paymentorders", json: purchase)
        let path = try #require(try created.object["paymentOrder"]?.objectValue?["id"]?.stringValue)
        let id = String(path.dropFirst("/psp/paymentorders/".count))
        let paid = try await client.send(
            .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "CreditCard"}"#, token: nil)
        #expect(paid.status == 200, "\(paid.text)")
        return path
    }

    /// The v2 answer of a post-purchase request, its generated values (the transaction's GUID,
    /// number and time) taken from the answer and everything else exact.
    static func expectV2Answer(
        _ reply: SandboxClient.Reply, order path: String, member: String, collection: String, type: String,
        description: String, reference: String, amount: Int64, vatAmount: Int64
    ) throws {
        #expect(reply.status == 200, "\(reply.text)")
        let object = try reply.object
        let transaction = try #require(object[member]?.objectValue?["transaction"]?.objectValue)
        let transactionId = try #require(transaction["id"]?.stringValue)
        let guid = String(transactionId.split(separator: "/").last ?? "")
        let payment = "/psp/creditcard/payments/" + path.dropFirst("/psp/paymentorders/".count)
        let created = try #require(transaction["created"]?.stringValue)
        #expect(Fixture.isTimestamp(created))
        let number = try #require(transaction["number"]?.integerValue)
        #expect(
            try reply.json
                == .object([
                    "payment": .string(payment),
                    member: .object([
                        "id": .string("\(payment)/\(collection)/\(guid)"),
                        "transaction": .object([
                            "id": .string("\(payment)/transactions/\(guid)"), "created": .string(created),
                            "updated": .string(created), "type": .string(type), "state": .string("Completed"),
                            "number": .integer(number), "amount": .integer(amount), "vatAmount": .integer(vatAmount),
                            "description": .string(description), "payeeReference": .string(reference),
                            "isOperational": .bool(false), "operations": .array([]),
                        ]),
                    ]),
                ]))
    }

    @Test func itsCaptureAndReversalAnswerWithTheTransactionAsV2Does() async throws {
        try await SandboxHarness().run { client in
            let path = try await Self.paidOrder(client)
            let captured = try await client.send(
                .post, path + "/captures", json: Self.transaction("Test Capture", reference: "k3j4h5g6f7d8"))
            try Self.expectV2Answer(
                captured, order: path, member: "capture", collection: "captures", type: "Capture",
                description: "Test Capture", reference: "k3j4h5g6f7d8", amount: 1500, vatAmount: 0)
            let reversed = try await client.send(
                .post, path + "/reversals", json: Self.transaction("Test refund", reference: "z1x2c3v4b5n6"))
            try Self.expectV2Answer(
                reversed, order: path, member: "reversal", collection: "reversals", type: "Reversal",
                description: "Test refund", reference: "z1x2c3v4b5n6", amount: 1500, vatAmount: 0)
            // The order itself moved on as v3's answer would have shown.
            let order = try await client.send(.get, path)
            #expect(try order.object["paymentOrder"]?.objectValue?["status"] == .string("Reversed"))
        }
    }

    @Test func aCancellationAnswersAsTheV2PagesShowIt() async throws {
        try await SandboxHarness().run { client in
            let path = try await Self.paidOrder(client)
            let cancelled = try await client.send(
                .post, path + "/cancellations",
                json: #"{"transaction": {"description": "Test Cancellation", "payeeReference": "c1v2b3n4m5"}}"#)
            try Self.expectV2Answer(
                cancelled, order: path, member: "cancellation", collection: "cancellations", type: "Cancel",
                description: "Test Cancellation", reference: "c1v2b3n4m5", amount: 1500, vatAmount: 0)
        }
    }

    @Test func itsPaymentsListNamesThePaymentOrderAsEveryOtherSubResourceDoes() async throws {
        try await SandboxHarness().run { client in
            let path = try await Self.paidOrder(client)
            let payments = try await client.send(.get, path + "/payments")
            let list = try #require(try payments.object["payments"]?.objectValue?["paymentList"]?.arrayValue)
            let created = try #require(list.first?.objectValue?["created"]?.stringValue)
            #expect(
                try payments.json
                    == .object([
                        "paymentOrder": .string(path),
                        "payments": .object([
                            "id": .string(path + "/payments"),
                            "paymentList": .array([
                                .object([
                                    "id": .string(
                                        "/psp/creditcard/payments/" + path.dropFirst("/psp/paymentorders/".count)),
                                    "instrument": .string("CreditCard"), "created": .string(created),
                                ])
                            ]),
                        ]),
                    ]))
        }
    }
}
