import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

@Suite struct PaymentOrdersReadTests {
    typealias Fixture = PaymentOrdersFixture

    @Test func getAnswersTheOrderAsCreateDid() async throws {
        try await SandboxHarness().run { client in
            let (created, id) = try await Fixture.create(client)
            for path in ["/psp/paymentorders/\(id)", "/psp/paymentorders/\(id)/"] {
                let reply = try await client.send(.get, path)
                #expect(reply.status == 200)
                #expect(try reply.object["paymentOrder"] == created.object["paymentOrder"])
                let rels = { (reply: SandboxClient.Reply) throws -> [String] in
                    try #require(try reply.object["operations"]?.arrayValue).compactMap {
                        $0.objectValue?["rel"]?.stringValue
                    }
                }
                #expect(try rels(reply) == rels(created))
            }
        }
    }

    @Test func expandInlinesTheNamedSubResources() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let path = "/psp/paymentorders/\(id)"
            for query in [
                "$expand=urls,payeeInfo,payer,history,orderItems,metadata,paid,nonsense",
                "%24expand=URLS,payeeinfo,payers,history,orderitems,metadata,paid",
            ] {
                let reply = try await client.send(.get, "\(path)?\(query)")
                #expect(reply.status == 200)
                let order = try #require(try reply.object["paymentOrder"]?.objectValue)
                let historyList = try #require(order["history"]?.objectValue?["historyList"]?.arrayValue)
                let created = try #require(historyList.first?.objectValue?["created"]?.stringValue)
                #expect(Fixture.isTimestamp(created))
                let expanded = order.filter {
                    ["urls", "payeeInfo", "payer", "history", "orderItems", "metadata", "paid", "failed"].contains(
                        $0.key)
                }
                #expect(
                    SwedbankPaySDK.JSONValue.object(expanded)
                        == (try json(
                            """
                            {"urls": {"id": "\(path)/urls", "hostUrls": ["https://shop.example"],
                                      "completeUrl": "https://shop.example/complete",
                                      "cancelUrl": "https://shop.example/cancel", "logoUrl": "https://shop.example/logo.png"},
                             "payeeInfo": {"id": "\(path)/payeeinfo", "payeeId": "\(Fixture.payeeId)",
                                           "payeeReference": "AB832", "orderReference": "or-123"},
                             "payer": {"id": "\(path)/payers", "reference": "payer1", "name": "Ada Lovelace"},
                             "history": {"id": "\(path)/history", "historyList": [
                               {"created": "\(created)", "name": "PaymentCreated", "initiatedBy": "Payee"}]},
                             "orderItems": {"id": "\(path)/orderitems", "orderItemList": [
                               {"reference": "P1", "name": "Product1", "type": "PRODUCT", "class": "ProductGroup1",
                                "quantity": 1, "quantityUnit": "pcs", "unitPrice": 1500, "vatPercent": 2500,
                                "amount": 1500, "vatAmount": 375}]},
                             "metadata": {"id": "\(path)/metadata", "key1": "value1", "key2": 2},
                             "paid": {"id": "\(path)/paid", "paymentTokenGenerated": false},
                             "failed": {"id": "\(path)/failed"}}
                            """)))
            }
        }
    }

    @Test(arguments: PaymentOrderSubResource.allCases)
    func everySubResourceHasItsOwnPath(resource: PaymentOrderSubResource) async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let path = "/psp/paymentorders/\(id)"
            let reply = try await client.send(.get, "\(path)/\(resource.pathName)/")
            #expect(reply.status == 200)
            let object = try reply.object
            #expect(object["paymentOrder"] == .string(path))
            #expect(object[resource.memberName]?.objectValue?["id"] == .string("\(path)/\(resource.pathName)"))
            // The metadata also names the order `payment`, as the portal's example does.
            #expect(object.count == (resource == .metadata ? 3 : 2))
        }
    }

    @Test func subResourcesAnswerInTheDocumentedShape() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let path = "/psp/paymentorders/\(id)"
            let payers = try await client.send(.get, "\(path)/payers")
            #expect(
                try payers.json
                    == json(
                        """
                        {"paymentOrder": "\(path)",
                         "payer": {"id": "\(path)/payers", "reference": "payer1", "name": "Ada Lovelace"}}
                        """))
            let aborted = try await client.send(.get, "\(path)/aborted")
            #expect(try aborted.json == json(#"{"paymentOrder": "\#(path)", "aborted": {"id": "\#(path)/aborted"}}"#))
            let failed = try await client.send(.get, "\(path)/failedattempts")
            #expect(
                try failed.json
                    == json(
                        #"{"paymentOrder": "\#(path)", "failedAttempts": {"id": "\#(path)/failedattempts", "failedAttemptList": []}}"#
                    ))
            let camel = try await client.send(.get, "\(path)/payeeInfo")
            #expect(try camel.object["payeeInfo"]?.objectValue?["payeeReference"] == .string("AB832"))
        }
    }

    @Test func aPaidOrderShowsPaidTransactionsAndHistory() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let path = "/psp/paymentorders/\(id)"
            let number = Fixture.ExpectedIDs().firstAttemptNumber
            let pay = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "CreditCard"}"#)
            #expect(pay.status == 200)
            let paid = try await client.send(.get, "\(path)/paid")
            // The acquirer's reconciliation facts (PaidDetails), for the time the payment was made.
            let time = try #require(
                try paid.object["paid"]?.objectValue?["details"]?.objectValue?["acquirerTransactionTime"]?.stringValue)
            var facts = PaidDetails.reconciliation(instrument: .creditCard, number: number, now: Date())
            #expect(Fixture.isTimestamp(time))
            facts["acquirerTransactionTime"] = time
            let details = facts.merging([
                // The card paid with: the default test card, its BIN and the issuer the portal names.
                "bin": "492500", "issuingBank": "Swedbank",
                "cardBrand": "Visa", "maskedPan": "492500******0004", "expiryDate": "12/2030", "cardType": "Credit",
                "acquirerTransactionType": "3DSECURE", "transactionInitiator": "CARDHOLDER",
            ]) { _, own in own }
            #expect(
                try paid.json
                    == json(
                        """
                        {"paymentOrder": "\(path)",
                         "paid": {"id": "\(path)/paid", "instrument": "CreditCard", "number": \(number),
                                  "payeeReference": "AB832", "orderReference": "or-123", "transactionType": "Authorization",
                                  "amount": 1500, "submittedAmount": 1500, "feeAmount": 0, "discountAmount": 0,
                                  "paymentTokenGenerated": false, "details": \(Fixture.text(.object(details.mapValues { .string($0) })))}}
                        """), "\(String(decoding: paid.body, as: UTF8.self))")
            #expect(facts["acquirerStan"]?.count == 6)
            let history = try await client.send(.get, "\(path)/history")
            let names = try #require(try history.object["history"]?.objectValue?["historyList"]?.arrayValue).compactMap
            {
                $0.objectValue?["name"]?.stringValue
            }
            #expect(names == ["PaymentCreated", "PaymentLoaded", "PaymentAttemptStarted", "PaymentPaid"])
            let transactions = try await client.send(.get, "\(path)/financialtransactions")
            let list = try #require(
                try transactions.object["financialTransactions"]?.objectValue?["financialTransactionsList"]?.arrayValue)
            #expect(list.count == 1)
            #expect(list.first?.objectValue?["type"] == .string("Authorization"))
            #expect(list.first?.objectValue?["number"] == .integer(number))
            let order = try await client.send(.get, path)
            #expect(try order.object["paymentOrder"]?.objectValue?["status"] == .string("Paid"))
            #expect(try order.object["paymentOrder"]?.objectValue?["integration"] == .string("HostedView"))
        }
    }

    @Test(.tags(.refusal)) func unknownOrdersAndSubResourcesAre404() async throws {
        try await SandboxHarness().run { client in
            let missing = try await client.send(.get, "/psp/paymentorders/no-such-order")
            #expect(missing.status == 404)
            #expect(
                try missing.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/notfound", "title": "Not Found", "status": 404,
                         "detail": "No payment order no-such-order."}
                        """))
            let missingSub = try await client.send(.get, "/psp/paymentorders/no-such-order/paid")
            #expect(missingSub.status == 404)
            let (_, id) = try await Fixture.create(client)
            let unknown = try await client.send(.get, "/psp/paymentorders/\(id)/settlements")
            #expect(unknown.status == 404)
            #expect(try unknown.object["detail"] == .string("The payment order has no sub-resource settlements."))
            // The post-purchase collections are POST only: nothing to read there.
            let captures = try await client.send(.get, "/psp/paymentorders/\(id)/captures")
            #expect(captures.status == 404)
            #expect(try captures.object["detail"] == .string("No resource at /psp/paymentorders/\(id)/captures."))
        }
    }

    @Test func theSubResourceNamesAreTheAPIs() {
        #expect(
            PaymentOrderSubResource.allCases.map(\.pathName) == [
                "orderitems", "urls", "payeeinfo", "payers", "history", "failed", "aborted", "paid", "cancelled",
                "reversed", "financialtransactions", "failedattempts", "postpurchasefailedattempts", "metadata",
            ])
        #expect(PaymentOrderSubResource.expansion(" paid , History,unknown,") == [.paid, .history])
        #expect(PaymentOrderSubResource.expansion(nil).isEmpty)
    }
}
