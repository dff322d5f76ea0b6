import Foundation
import HTTPTypes
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The exact requests Swedbank Pay's public example merchant backends send
/// (`SwedbankPay/swedbank-pay-sdk-mobile-example-merchant`: the Node.js example, the Spring
/// WebFlux Java example and the older OkHttp/Gson Java example), sent over a real connection with
/// their header names, header values and bodies as those backends put them on the wire — each
/// taken, and answered as the documentation shows. `docs/sandbox.md` lists the shapes and what each
/// rests on.
@Suite struct ExampleBackendShapesTests {
    static let payeeId = PaymentOrdersFixture.payeeId
    static let bearer = "Bearer \(SandboxHarness.token)"

    // MARK: The backends' HTTP clients

    /// node-fetch 3: names in lower case on the wire, `Accept: application/json` always,
    /// `Content-Type: application/json` (no charset, no version) with a body, its own user agent.
    static func node(body: Bool) -> [(String, String)] {
        [("accept", "application/json"), ("authorization", bearer), ("user-agent", "node-fetch")]
            + (body ? [("content-type", "application/json")] : [])
    }

    /// Spring's WebClient over Reactor Netty: `Authorization` and `Content-Type` as Spring spells
    /// them, and the lower-case `accept: */*` and `user-agent` Netty adds; no Accept of its own.
    static let spring: [(String, String)] = [
        ("Authorization", bearer), ("Content-Type", "application/json"), ("accept", "*/*"),
        ("user-agent", "ReactorNetty/1.0.21"),
    ]

    /// OkHttp: `Accept`, `Authorization`, `Accept-Encoding: identity`, `Content-Type` without a
    /// charset, `User-Agent: okhttp/…`.
    static let okHttp: [(String, String)] = [
        ("Accept", "application/json"), ("Authorization", bearer), ("Accept-Encoding", "identity"),
        ("Content-Type", "application/json"), ("User-Agent", "okhttp/3.14.9"),
    ]

    static func send(
        _ client: SandboxClient, _ method: HTTPRequest.Method, _ path: String, _ headers: [(String, String)],
        _ body: String? = nil
    ) async throws -> SandboxClient.Reply {
        var fields = HTTPFields()
        for (name, value) in headers { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return try await client.send(method, path, json: body, token: nil, headers: fields)
    }

    // MARK: The Node.js example

    /// Its v3 request after the backend set `payeeId` and put its store's id, a JSON number, in
    /// `payeeReference`; `extra` adds members to `paymentorder` (JSON text, with a leading comma).
    static func nodeV3(reference: Int64, extra: String = "", v3: Bool = true) -> String {
        """
        {"paymentorder":{"operation":"Purchase",\(v3 ? #""productName":"Checkout3","# : "")"currency":"SEK","amount":1000,\
        "vatAmount":200,"description":"Order 12345678","userAgent":"SwedbankPaySDK-Android/1.0","language":"en-US",\
        "generateRecurrenceToken":false,"urls":{"hostUrls":["https://example.com/"],\
        "completeUrl":"https://example.com/complete","cancelUrl":"https://example.com/cancel",\
        "paymentUrl":"https://example.com/sdk-callback/android-intent?package=your.ecom.app&id=abcdef"},\
        "payeeInfo":{"payeeId":"\(payeeId)","payeeReference":\(reference)},\
        "orderItems":[{"reference":"item987","name":"Demo Item","type":"PRODUCT","class":"TestProduct","quantity":1,\
        "quantityUnit":"pcs","unitPrice":1000,"vatPercent":2500,"amount":1000,"vatAmount":200}]\(extra)}}
        """
    }

    static func operations(_ reply: SandboxClient.Reply) throws -> [String: String] {
        let list = try #require(try reply.object["operations"]?.arrayValue)
        return Dictionary(
            list.compactMap { operation in
                operation.objectValue.flatMap { object in
                    object["rel"]?.stringValue.flatMap { rel in object["href"]?.stringValue.map { (rel, $0) } }
                }
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The path of an absolute href of the sandbox.
    static func path(_ href: String) throws -> String {
        let url = try #require(URL(string: href))
        return url.path + (url.query.map { "?" + $0 } ?? "")
    }

    @Test func nodeCreatesAV3OrderWithANumericPayeeReferenceAndReadsItBack() async throws {
        try await SandboxHarness().run(live: true) { client in
            let created = try await Self.send(
                client, .post, "/psp/paymentorders/", Self.node(body: true),
                Self.nodeV3(reference: 4_503_599_627_370_495))
            #expect(created.status == 200, "\(created.text)")
            #expect(created.contentType == "application/json; charset=utf-8; version=3.0")
            #expect(created.headers[HTTPField.Name("api-supported-versions")!] == "3.0")
            let order = try #require(try created.object["paymentOrder"]?.objectValue)
            let id = try #require(order["id"]?.stringValue)
            #expect(order["status"] == .string("Initialized"))
            #expect(
                Set(try Self.operations(created).keys)
                    == [
                        "redirect-checkout", "view-checkout", "view-paymentsession", "update-order", "abort",
                        "abort-paymentattempt",
                    ])
            // Its status read: the order's id as given, Accept and Authorization only.
            let read = try await Self.send(client, .get, id, Self.node(body: false))
            #expect(read.status == 200)
            #expect(try read.object["paymentOrder"]?.objectValue?["id"] == .string(id))
            let payeeInfo = try await Self.send(client, .get, id + "/payeeinfo", Self.node(body: false))
            #expect(
                try payeeInfo.object["payeeInfo"]?.objectValue?["payeeReference"] == .string("4503599627370495"))
            // Its expand route: `$` not encoded, names comma-joined.
            let expanded = try await Self.send(client, .get, id + "?$expand=paid,payer", Self.node(body: false))
            #expect(expanded.status == 200)
            let expandedOrder = try #require(try expanded.object["paymentOrder"]?.objectValue)
            #expect(expandedOrder["paid"]?.objectValue?["id"] == .string(id + "/paid"))
            #expect(expandedOrder["payer"]?.objectValue?["id"] == .string(id + "/payers"))
            #expect(expandedOrder["orderItems"]?.objectValue?.count == 1)
            let payerExpand = try await Self.send(client, .get, id + "?$expand=payer", Self.node(body: false))
            #expect(payerExpand.status == 200)
        }
    }

    @Test func nodeCreatesAV3OrderWithCheckinAndItsUndocumentedMembers() async throws {
        try await SandboxHarness().run(live: true) { client in
            let body = Self.nodeV3(
                reference: 1_650_000_000_000,
                extra: #","payer":{"requireConsumerInfo":true,"digitalProducts":false,"#
                    + #""shippingAddressRestrictedToCountryCodes":["NO","US"]},"Checkin":true,"#
                    + #""gdprDataProcessingAgreement":false"#)
            let created = try await Self.send(client, .post, "/psp/paymentorders/", Self.node(body: true), body)
            #expect(created.status == 200, "\(created.text)")
            let checkin = try await Self.send(
                client, .post, "/psp/consumers/", Self.node(body: true),
                #"{"operation":"initiate-consumer-session","language":"sv-SE","shippingAddressRestrictedToCountryCodes":["SE","NO"]}"#
            )
            #expect(checkin.status == 200, "\(checkin.text)")
            #expect(try checkin.object["token"]?.stringValue?.count == 64)
            // The first version's checkin v1 body: not served (docs/sandbox.md), refused by name.
            let v1 = try await Self.send(
                client, .post, "/psp/consumers/", Self.node(body: true),
                #"{"operation":"initiate-consumer-session","msisdn":"+46739000001","email":"a@b.se","consumerCountryCode":"SE","nationalIdentifier":{"socialSecurityNumber":"199710202392","countryCode":"SE"}}"#
            )
            #expect(v1.status == 400)
            #expect(
                try v1.object["problems"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue }
                    == ["language", "shippingAddressRestrictedToCountryCodes"])
            #expect(
                Set(try Self.operations(checkin).keys) == [
                    "redirect-consumer-identification", "view-consumer-identification",
                ])
        }
    }

    @Test func nodeCreatesAV2OrderAndItsLegacyMerchantDataOrder() async throws {
        try await SandboxHarness().run(live: true) { client in
            let v2 = try await Self.send(
                client, .post, "/psp/paymentorders/", Self.node(body: true),
                Self.nodeV3(reference: 1_650_000_000_001, v3: false))
            #expect(v2.status == 200, "\(v2.text)")
            #expect(Set(try Self.operations(v2).keys).isSuperset(of: ["redirect-paymentorder", "view-paymentorder"]))
            // The first design: the backend built the order from the app's basket.
            let legacy = """
                {"paymentorder":{"operation":"Purchase","currency":"SEK","amount":2000,"vatAmount":450,"description":"basket-1",\
                "userAgent":"SwedbankPaySDK-iOS/1.0","language":"sv-SE","generateRecurrenceToken":false,"disablePaymentMenu":false,\
                "urls":{"hostUrls":["https://shop.example"],"completeUrl":"https://shop.example/complete",\
                "cancelUrl":"https://shop.example/cancel","termsOfServiceUrl":"https://shop.example/tos"},\
                "payeeInfo":{"payeeId":"\(Self.payeeId)","payeeReference":1589281234567}}}
                """
            let created = try await Self.send(client, .post, "/psp/paymentorders/", Self.node(body: true), legacy)
            #expect(created.status == 200, "\(created.text)")
            let id = try #require(try created.object["paymentOrder"]?.objectValue?["id"]?.stringValue)
            let read = try await Self.send(client, .get, id, Self.node(body: false))
            #expect(try read.object["paymentOrder"]?.objectValue?["status"] == .string("Initialized"))
        }
    }

    @Test func nodeSetsTheInstrumentOfV2AndV3OrdersAndAbortsThroughTheOperations() async throws {
        try await SandboxHarness().run(live: true) { client in
            // v2 instrument mode: GET the order, PATCH the update-paymentorder-setinstrument href.
            let v2 = try await Self.send(
                client, .post, "/psp/paymentorders/", Self.node(body: true),
                Self.nodeV3(reference: 11, extra: #","instrument":"CreditCard""#, v3: false))
            #expect(v2.status == 200, "\(v2.text)")
            let v2Id = try #require(try v2.object["paymentOrder"]?.objectValue?["id"]?.stringValue)
            let v2Read = try await Self.send(client, .get, v2Id, Self.node(body: false))
            let setInstrument = try #require(try Self.operations(v2Read)["update-paymentorder-setinstrument"])
            let switched = try await Self.send(
                client, .patch, try Self.path(setInstrument), Self.node(body: true),
                #"{"paymentorder":{"operation":"SetInstrument","instrument":"Swish"}}"#)
            #expect(switched.status == 200, "\(switched.text)")
            #expect(try switched.object["paymentOrder"]?.objectValue?["instrument"] == .string("Swish"))

            // v3 instrument mode: the set-instrument and abort rels of the create answer.
            let v3 = try await Self.send(
                client, .post, "/psp/paymentorders/", Self.node(body: true),
                Self.nodeV3(reference: 12, extra: #","instrument":"CreditCard""#))
            #expect(v3.status == 200, "\(v3.text)")
            let rels = try Self.operations(v3)
            let v3Switched = try await Self.send(
                client, .patch, try Self.path(try #require(rels["set-instrument"])), Self.node(body: true),
                #"{"paymentorder":{"operation":"SetInstrument","instrument":"Swish"}}"#)
            #expect(v3Switched.status == 200, "\(v3Switched.text)")
            #expect(try v3Switched.object["paymentOrder"]?.objectValue?["instrument"] == .string("Swish"))
            // Its relay sends the app's body as it is: the SDK's abort reason is the documented one.
            // Its own test's "AbortedByUser" ran against a stand-in; the portal documents only
            // CancelledByConsumer, so the sandbox keeps refusing other reasons (docs/sandbox.md).
            let unknownReason = try await Self.send(
                client, .patch, try Self.path(try #require(rels["abort"])), Self.node(body: true),
                #"{"paymentorder":{"operation":"Abort","abortReason":"AbortedByUser"}}"#)
            #expect(unknownReason.status == 400)
            #expect(
                try unknownReason.object["problems"]
                    == json(
                        #"[{"name": "paymentorder.abortReason", "description": "The field must be \"CancelledByConsumer\" or \"CancelledByCustomer\"."}]"#
                    ))
            let aborted = try await Self.send(
                client, .patch, try Self.path(try #require(rels["abort"])), Self.node(body: true),
                #"{"paymentorder":{"operation":"Abort","abortReason":"CancelledByConsumer"}}"#)
            #expect(aborted.status == 200, "\(aborted.text)")
            #expect(try aborted.object["paymentOrder"]?.objectValue?["status"] == .string("Aborted"))
            #expect(try Self.operations(aborted)["abort"] == nil)
        }
    }

    @Test func nodeReadsThePaidTokensAndDeletesAPayerOwnedToken() async throws {
        try await SandboxHarness().run(live: true) { client in
            let body = Self.nodeV3(
                reference: 21,
                extra:
                    #","generatePaymentToken":true,"generateUnscheduledToken":true,"payer":{"payerReference":"payer-7"}"#
            )
            .replacingOccurrences(of: #""generateRecurrenceToken":false"#, with: #""generateRecurrenceToken":true"#)
            let created = try await Self.send(client, .post, "/psp/paymentorders/", Self.node(body: true), body)
            #expect(created.status == 200, "\(created.text)")
            let id = try #require(try created.object["paymentOrder"]?.objectValue?["id"]?.stringValue)
            let pay = try await client.send(
                .post, "/sandbox/paymentorders/\(id.split(separator: "/").last!)/pay",
                json: #"{"instrument": "CreditCard"}"#,
                token: nil)
            #expect(pay.status == 200, "\(pay.text)")
            // Its purchase-tokens route reads `paid.tokens[].type`.
            let paid = try await Self.send(client, .get, id + "/paid", Self.node(body: false))
            #expect(paid.status == 200)
            let tokens = try #require(try paid.object["paid"]?.objectValue?["tokens"]?.arrayValue)
            #expect(
                Set(tokens.compactMap { $0.objectValue?["type"]?.stringValue }) == [
                    "payment", "recurrence", "unscheduled",
                ])
            let paymentToken = try #require(
                tokens.first { $0.objectValue?["type"] == .string("payment") }?.objectValue?["token"]?.stringValue)
            // Its payer-token routes: list, then PATCH the token's delete-paymenttokens href.
            let list = try await Self.send(
                client, .get, "/psp/paymentorders/payerownedpaymenttokens/payer-7", Self.node(body: false))
            #expect(list.status == 200)
            let entries = try #require(
                try list.object["payerOwnedPaymentTokens"]?.objectValue?["paymentTokens"]?.arrayValue)
            let entry = try #require(
                entries.first { $0.objectValue?["paymentToken"] == .string(paymentToken) }?.objectValue)
            let delete = try #require(
                entry["operations"]?.arrayValue?.first { $0.objectValue?["rel"] == .string("delete-paymenttokens") }?
                    .objectValue?["href"]?.stringValue)
            let deleted = try await Self.send(
                client, .patch, try Self.path(delete), Self.node(body: true),
                #"{"state":"Deleted","comment":"Removed by user"}"#)
            #expect(deleted.status == 200, "\(deleted.text)")
            let after = try await Self.send(
                client, .get, "/psp/paymentorders/payerownedpaymenttokens/payer-7", Self.node(body: false))
            #expect(try after.object["payerOwnedPaymentTokens"]?.objectValue?["paymentTokens"] == .array([]))
        }
    }

    // MARK: The Java examples

    @Test func springSendsNullsForAbsentMembersAndNoAcceptOfItsOwn() async throws {
        try await SandboxHarness().run(live: true) { client in
            let body = """
                {"paymentorder":{"operation":"Purchase","currency":"SEK","amount":1000,"vatAmount":250,\
                "description":"Test Purchase","userAgent":"Mozilla/5.0","language":"sv-SE","generateRecurrenceToken":false,\
                "restrictedToInstruments":["CreditCard","Invoice"],\
                "urls":{"hostUrls":["https://example.com","https://example.net"],"completeUrl":"https://example.com/complete",\
                "cancelUrl":"https://example.com/cancel","paymentUrl":"https://example.com/pay",\
                "callbackUrl":"https://example.com/callback","termsOfServiceUrl":"https://example.com/terms"},\
                "payeeInfo":{"payeeId":"\(Self.payeeId)","payeeReference":"AB523","payeeName":"Merchant1",\
                "productCategory":"A123","orderReference":"or-123456","subsite":"MySubsite"},\
                "payer":{"consumerProfileRef":"","email":"payer@example.com","msisdn":"+4798765432",\
                "workPhoneNumber":"+4787654321","homePhoneNumber":"+4776543210"},\
                "orderItems":[{"reference":"P1","name":"Product1","type":"PRODUCT","class":"ProductGroup1",\
                "itemUrl":"https://example.com/p1","imageUrl":"https://example.com/p1.png","description":"Product 1",\
                "discountDescription":"Volume discount","quantity":4,"quantityUnit":"pcs","unitPrice":300,"discountPrice":200,\
                "vatPercent":2500,"amount":1000,"vatAmount":250,"restrictedToInstruments":null},\
                {"reference":"I1","name":"InvoiceFee","type":"PAYMENT_FEE","class":"Fees","itemUrl":null,"imageUrl":null,\
                "description":"Fee","discountDescription":null,"quantity":1,"quantityUnit":"pcs","unitPrice":1900,\
                "discountPrice":0,"vatPercent":0,"amount":1900,"vatAmount":0,\
                "restrictedToInstruments":["Invoice-PayExFinancingSe","Invoice-CampaignInvoiceSe"]}],\
                "riskIndicator":{"deliveryEmailAddress":"payer@example.com","deliveryTimeframeIndicator":null,\
                "preOrderDate":"19801231","preOrderPurchaseIndicator":"01","shipIndicator":"01","giftCardPurchase":false,\
                "reOrderPurchaseIndicator":"01","pickUpAddress":{"name":"Ola","streetAddress":"Gata 1","coAddress":"",\
                "city":"Saltnes","zipCode":"1642","countryCode":"NO"}}}}
                """
            let created = try await Self.send(client, .post, "/psp/paymentorders", Self.spring, body)
            #expect(created.status == 200, "\(created.text)")
            let order = try #require(try created.object["paymentOrder"]?.objectValue)
            #expect(order["id"]?.stringValue?.hasPrefix("/psp/paymentorders/") == true)
            // `Invoice` is Checkout v2's name for every invoice subtype.
            #expect(
                order["availableInstruments"] == .array([.string("CreditCard"), .string("Invoice-PayExFinancingSe")]))
            #expect(
                Set(try Self.operations(created).keys).isSuperset(of: ["redirect-paymentorder", "view-paymentorder"]))
            let checkin = try await Self.send(
                client, .post, "/psp/consumers", Self.spring,
                #"{"operation":"initiate-consumer-session","language":"sv-SE","shippingAddressRestrictedToCountryCodes":["SE"]}"#
            )
            #expect(checkin.status == 200, "\(checkin.text)")
        }
    }

    @Test func okHttpAndGsonSendPaymentOrderInCamelCaseWithEscapedCharacters() async throws {
        try await SandboxHarness().run(live: true) { client in
            let body = """
                {"paymentOrder":{"operation":"Purchase","currency":"SEK","amount":2000,"vatAmount":450,"description":"basket-1",\
                "userAgent":"SwedbankPaySDK-Android/1.0","language":"sv-SE","generateRecurrenceToken":false,\
                "disablePaymentMenu":false,"urls":{"hostUrls":["https://shop.example"],\
                "completeUrl":"https://shop.example/complete?order\\u003d1\\u0026step\\u003ddone",\
                "cancelUrl":"https://shop.example/cancel","termsOfServiceUrl":"https://shop.example/tos"},\
                "payeeInfo":{"payeeId":"\(Self.payeeId)","payeeReference":"1589281234567"}}}
                """
            let created = try await Self.send(client, .post, "/psp/paymentorders", Self.okHttp, body)
            #expect(created.status == 200, "\(created.text)")
            let id = try #require(try created.object["paymentOrder"]?.objectValue?["id"]?.stringValue)
            let urls = try await Self.send(client, .get, id + "/urls", Self.okHttp.filter { $0.0 != "Content-Type" })
            #expect(
                try urls.object["urls"]?.objectValue?["completeUrl"]
                    == .string("https://shop.example/complete?order=1&step=done"))
        }
    }
}
