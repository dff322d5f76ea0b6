import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Payment order request bodies and helpers shared by the payment order, token and callback
/// tests.
enum PaymentOrdersFixture {
    static let payeeId = "5cabf558-5283-482f-b252-4d58e06f6f3b"
    /// The instant tests that change a record by hand give it.
    static let testDate = Date(timeIntervalSince1970: 1_750_000_000)

    /// A valid v3 payment order (the `paymentorder` member), changed by `change`.
    static func order(v3: Bool = true, _ change: (inout SwedbankPaySDK.JSONObject) -> Void = { _ in })
        -> SwedbankPaySDK.JSONObject
    {
        var order = try! json(
            """
            {"operation": "Purchase", "currency": "SEK", "amount": 1500, "vatAmount": 375,
             "description": "Test Purchase", "userAgent": "Mozilla/5.0 (body)", "language": "sv-SE",
             "urls": {"hostUrls": ["https://shop.example"], "completeUrl": "https://shop.example/complete",
                      "cancelUrl": "https://shop.example/cancel", "logoUrl": "https://shop.example/logo.png"},
             "payeeInfo": {"payeeId": "\(payeeId)", "payeeReference": "AB832", "orderReference": "or-123"},
             "payer": {"payerReference": "payer1", "firstName": "Ada", "lastName": "Lovelace"},
             "orderItems": [{"reference": "P1", "name": "Product1", "type": "PRODUCT", "class": "ProductGroup1",
                             "quantity": 1, "quantityUnit": "pcs", "unitPrice": 1500, "vatPercent": 2500,
                             "amount": 1500, "vatAmount": 375}],
             "metadata": {"key1": "value1", "key2": 2}}
            """
        ).objectValue!
        if v3 { order["productName"] = .string("Checkout3") }
        change(&order)
        return order
    }

    /// `{"paymentorder": order}` as JSON text.
    static func body(_ order: SwedbankPaySDK.JSONObject) -> String {
        text(.object(["paymentorder": .object(order)]))
    }

    static func text(_ value: SwedbankPaySDK.JSONValue) -> String {
        String(decoding: try! JSONResponse.encoder.encode(value), as: UTF8.self)
    }

    /// Creates an order; returns the reply and the order's guid.
    static func create(
        _ client: SandboxClient, _ order: SwedbankPaySDK.JSONObject = order(), headers: HTTPFields = [:]
    ) async throws -> (reply: SandboxClient.Reply, id: String) {
        let reply = try await client.send(.post, "/psp/paymentorders", json: body(order), headers: headers)
        #expect(reply.status == 200, "\(reply.text)")
        let path = try #require(try reply.object["paymentOrder"]?.objectValue?["id"]?.stringValue)
        return (reply, String(path.dropFirst("/psp/paymentorders/".count)))
    }

    /// The ids a fresh sandbox with seed 42 gives its first payment order.
    struct ExpectedIDs {
        let id: String
        let viewToken: String
        let sessionToken: String
        let firstAttemptNumber: Int64
        let traceId: String

        init(_ ids: IDGenerator = IDGenerator(seed: 42)) {
            id = ids.guid()
            viewToken = ids.token()
            sessionToken = ids.token()
            firstAttemptNumber = ids.number(digits: 10)
            traceId = ids.traceId()
        }
    }

    /// `"name": {"id": "<path>/<sub>"}` members of every sub-resource, as JSON text.
    static func subResourceIds(_ path: String) -> String {
        PaymentOrderSubResource.allCases.map { resource in
            let flag = [.paid, .cancelled, .reversed].contains(resource) ? ", \"paymentTokenGenerated\": false" : ""
            return "\"\(resource.memberName)\": {\"id\": \"\(path)/\(resource.pathName)\"\(flag)}"
        }
        .joined(separator: ", ")
    }

    /// Whether `text` is an API timestamp: ISO 8601 UTC with 7 fractional digits.
    static func isTimestamp(_ text: String?) -> Bool {
        guard let text else { return false }
        return text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z/) != nil
    }

    /// `"a", "b"` of the instruments of the fixture's market (SEK: Sweden), for expected JSON.
    static var allInstruments: String {
        SandboxMarket.sweden.instruments.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    }
}
