import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

@Suite struct PaymentOrdersCreateTests {
    typealias Fixture = PaymentOrdersFixture

    @Test func createsACheckoutV3OrderWithTheDocumentedBody() async throws {
        try await SandboxHarness().run { client in
            let (reply, _) = try await Fixture.create(client, headers: [.userAgent: "Merchant/1.0"])
            #expect(reply.status == 200)
            #expect(reply.contentType == "application/json; charset=utf-8; version=3.0")
            let ids = Fixture.ExpectedIDs()
            let path = "/psp/paymentorders/\(ids.id)"
            let order = try #require(try reply.object["paymentOrder"]?.objectValue)
            let created = try #require(order["created"]?.stringValue)
            #expect(Fixture.isTimestamp(created))
            #expect(order["updated"]?.stringValue == created)
            #expect(
                try reply.json
                    == json(
                        """
                        {"paymentOrder": {
                           "id": "\(path)", "created": "\(created)", "updated": "\(created)",
                           "operation": "Purchase", "status": "Initialized", "currency": "SEK",
                           "amount": 1500, "vatAmount": 375, "description": "Test Purchase",
                           "initiatingSystemUserAgent": "Merchant/1.0", "language": "sv-SE",
                           "availableInstruments": [\(Fixture.allInstruments)],
                           "implementation": "PaymentsOnly", "integration": "", "instrumentMode": false,
                           "guestMode": false,
                           "orderItems": {"id": "\(path)/orderitems"}, "urls": {"id": "\(path)/urls"},
                           "payeeInfo": {"id": "\(path)/payeeinfo"}, "payer": {"id": "\(path)/payers"},
                           "history": {"id": "\(path)/history"}, "failed": {"id": "\(path)/failed"},
                           "aborted": {"id": "\(path)/aborted"},
                           "paid": {"id": "\(path)/paid", "paymentTokenGenerated": false},
                           "cancelled": {"id": "\(path)/cancelled", "paymentTokenGenerated": false},
                           "reversed": {"id": "\(path)/reversed", "paymentTokenGenerated": false},
                           "financialTransactions": {"id": "\(path)/financialtransactions"},
                           "failedAttempts": {"id": "\(path)/failedattempts"},
                           "postPurchaseFailedAttempts": {"id": "\(path)/postpurchasefailedattempts"},
                           "metadata": {"id": "\(path)/metadata"}},
                         "operations": [
                           {"method": "GET", "rel": "redirect-checkout", "contentType": "text/html",
                            "href": "http://sandbox.test/checkout/\(ids.viewToken)"},
                           {"method": "GET", "rel": "view-checkout", "contentType": "application/javascript",
                            "href": "http://sandbox.test/checkout/client/\(ids.viewToken)?culture=sv-SE"},
                           {"method": "GET", "rel": "view-paymentsession", "contentType": "application/json",
                            "href": "http://sandbox.test/psp/paymentsessions/\(ids.sessionToken)?_tc_tid=\(ids.traceId)"},
                           {"method": "PATCH", "rel": "update-order", "contentType": "application/json",
                            "href": "http://sandbox.test\(path)"},
                           {"method": "PATCH", "rel": "abort", "contentType": "application/json",
                            "href": "http://sandbox.test\(path)"},
                           {"method": "PATCH", "rel": "abort-paymentattempt", "contentType": "application/json",
                            "href": "http://sandbox.test\(path)"}]}
                        """))
        }
    }

    @Test func createsACheckoutV2InstrumentModeGuestOrder() async throws {
        try await SandboxHarness().run { client in
            let body = Fixture.order(v3: false) {
                $0["payer"] = nil
                // Vipps: the instrument of the order's market (NOK), which instrument mode lists.
                $0["instrument"] = .string("Vipps")
                $0["language"] = .string("nb-NO")
                $0["currency"] = .string("NOK")
            }
            let (reply, _) = try await Fixture.create(client, body)
            let ids = Fixture.ExpectedIDs()
            let path = "/psp/paymentorders/\(ids.id)"
            let created = try #require(try reply.object["paymentOrder"]?.objectValue?["created"]?.stringValue)
            #expect(
                try reply.json
                    == json(
                        """
                        {"paymentOrder": {
                           "id": "\(path)", "created": "\(created)", "updated": "\(created)",
                           "operation": "Purchase", "status": "Initialized", "state": "Ready", "currency": "NOK",
                           "amount": 1500, "vatAmount": 375, "description": "Test Purchase",
                           "initiatingSystemUserAgent": "Mozilla/5.0 (body)", "language": "nb-NO",
                           "availableInstruments": ["Vipps"], "instrument": "Vipps",
                           "implementation": "PaymentsOnly", "integration": "", "instrumentMode": true,
                           "guestMode": true, \(Fixture.subResourceIds(path)),
                           "userAgent": "Mozilla/5.0 (body)", "payments": {"id": "\(path)/payments"},
                           "currentPayment": {"id": "\(path)/currentpayment"},
                           "payers": {"id": "\(path)/payers"}, "remainingCaptureAmount": 0,
                           "remainingCancellationAmount": 0, "remainingReversalAmount": 0,
                           "items": [{"creditCard": {"cardBrands": ["Visa", "MasterCard"]}}]},
                         "operations": [
                           {"method": "GET", "rel": "redirect-paymentorder", "contentType": "text/html",
                            "href": "http://sandbox.test/paymentmenu/\(ids.viewToken)"},
                           {"method": "GET", "rel": "view-paymentorder", "contentType": "application/javascript",
                            "href": "http://sandbox.test/paymentmenu/core/scripts/client/px.paymentmenu.client.js?token=\(ids.viewToken)&culture=nb-NO"},
                           {"method": "GET", "rel": "view-paymentsession", "contentType": "application/json",
                            "href": "http://sandbox.test/psp/paymentsessions/\(ids.sessionToken)?_tc_tid=\(ids.traceId)"},
                           {"method": "PATCH", "rel": "update-paymentorder-abort", "contentType": "application/json",
                            "href": "http://sandbox.test\(path)"},
                           {"method": "PATCH", "rel": "update-paymentorder-updateorder", "contentType": "application/json",
                            "href": "http://sandbox.test\(path)"},
                           {"method": "PATCH", "rel": "update-paymentorder-setinstrument", "contentType": "application/json",
                            "href": "http://sandbox.test\(path)"}]}
                        """))
        }
    }

    @Test(
        arguments: [
            ("application/json;version=3.1", nil, true), ("application/json; version=3.0", nil, true),
            ("application/json", "application/json;version=3.1", true), ("application/json", nil, false),
            ("application/json;version=2.0", nil, false),
        ] as [(String, String?, Bool)])
    func theVersionComesFromTheHeadersWithoutAProductName(contentType: String, accept: String?, isV3: Bool)
        async throws
    {
        try await SandboxHarness().run { client in
            var headers: HTTPFields = [.contentType: contentType]
            if let accept { headers[.accept] = accept }
            let (reply, _) = try await Fixture.create(client, Fixture.order(v3: false), headers: headers)
            let rels = try #require(try reply.object["operations"]?.arrayValue).compactMap {
                $0.objectValue?["rel"]?.stringValue
            }
            #expect(rels.contains("view-checkout") == isV3)
            #expect(rels.contains("view-paymentorder") == !isV3)
        }
    }

    @Test func theVersionRuleIsPure() {
        #expect(PaymentOrderFactory.isV3(productName: "Checkout3", contentType: nil, accept: nil))
        #expect(!PaymentOrderFactory.isV3(productName: "Checkout2", contentType: nil, accept: nil))
        #expect(PaymentOrderFactory.isV3(productName: nil, contentType: "APPLICATION/JSON;VERSION=3.2", accept: nil))
        #expect(!PaymentOrderFactory.isV3(productName: nil, contentType: "application/json;version=30", accept: nil))
    }

    @Test func aVerificationNeedsNoAmounts() async throws {
        try await SandboxHarness().run { client in
            let body = Fixture.order {
                $0["operation"] = .string("Verify")
                $0["amount"] = nil
                $0["vatAmount"] = nil
                $0["orderItems"] = nil
            }
            let (reply, _) = try await Fixture.create(client, body)
            let order = try #require(try reply.object["paymentOrder"]?.objectValue)
            #expect(order["operation"] == .string("Verify"))
            #expect(order["amount"] == .integer(0))
            #expect(order["vatAmount"] == .integer(0))
        }
    }

    /// Found by fuzzing: a Verify with a VAT amount but no amount was accepted and stored with
    /// amount 0, an order the sandbox itself would refuse (VAT above the amount).
    @Test func aVerificationWithVATButNoAmountIsRefused() async throws {
        try await SandboxHarness().run { client in
            let body = Fixture.order {
                $0["operation"] = .string("Verify")
                $0["amount"] = nil
                $0["vatAmount"] = .integer(375)
                $0["orderItems"] = nil
            }
            let reply = try await client.send(.post, "/psp/paymentorders", json: Fixture.body(body))
            #expect(reply.status == 400)
            #expect(
                try reply.json
                    == invalidOrder(
                        #"""
                        [{"name": "paymentorder.vatAmount", "description": "The field must not be larger than amount, which is 0 when a Verify has none."}]
                        """#))
        }
    }

    @Test func theRequestMayUseThePaymentOrderSpelling() async throws {
        try await SandboxHarness().run { client in
            let body = Fixture.text(.object(["paymentOrder": .object(Fixture.order())]))
            let reply = try await client.send(.post, "/psp/paymentorders/", json: body)
            #expect(reply.status == 200)
        }
    }

    @Test(.tags(.refusal, .leniency)) func namesEveryBadFieldAtOnce() async throws {
        try await SandboxHarness().run { client in
            let body = Fixture.order {
                $0["operation"] = .string("Buy")
                $0["currency"] = .string("XYZ")
                $0["amount"] = .integer(-1)
                $0["vatAmount"] = .string("x")
                $0["description"] = .string("")
                $0["userAgent"] = nil
                $0["language"] = .integer(7)
                $0["instrument"] = .string("Cash")
                $0["generatePaymentToken"] = .bool(true)
                $0["payer"] = nil
                $0["enablePaymentDetailsConsentCheckbox"] = .bool(true)
                $0["urls"] = try! json(#"{"hostUrls": [], "completeUrl": "not a url", "callbackUrl": "ftp://x"}"#)
                $0["payeeInfo"] = try! json(#"{"payeeId": "p", "payeeReference": "bad-ref!"}"#)
                $0["orderItems"] = try! json(
                    #"[{"reference": "P1", "name": "N", "type": "GADGET", "class": "a b", "quantity": 1.23456,"#
                        + #" "quantityUnit": "pcs", "unitPrice": 1, "vatPercent": 0, "amount": 1, "vatAmount": 0}, 7]"#)
            }
            let reply = try await client.send(.post, "/psp/paymentorders", json: Fixture.body(body))
            #expect(reply.status == 400)
            #expect(reply.contentType == "application/problem+json")
            let instruments = SandboxInstrument.names(SandboxInstrument.allCases)
            #expect(
                try reply.json
                    == invalidOrder(
                        #"""
                        [
                           {"name": "paymentorder.operation", "description": "The field must be Purchase, Verify, Recur, UnscheduledPurchase or Payout."},
                           {"name": "paymentorder.currency", "description": "The field must be one of SEK, NOK, DKK, EUR, USD."},
                           {"name": "paymentorder.amount", "description": "The field must be a non-negative integer."},
                           {"name": "paymentorder.vatAmount", "description": "The field must be a non-negative integer."},
                           {"name": "paymentorder.description", "description": "The field must be 1 to 40 characters."},
                           {"name": "paymentorder.userAgent", "description": "The field is required."},
                           {"name": "paymentorder.language", "description": "The field must be a string."},
                           {"name": "paymentorder.instrument", "description": "The field must be one of \#(instruments)."},
                           {"name": "paymentorder.urls.hostUrls", "description": "The field must be a non-empty array of absolute http or https URLs."},
                           {"name": "paymentorder.urls.completeUrl", "description": "The field must be an absolute URL."},
                           {"name": "paymentorder.urls.callbackUrl", "description": "The field must be an absolute http or https URL."},
                           {"name": "paymentorder.payeeInfo.payeeReference", "description": "The field must be 1 to 30 characters of A-Z, a-z and 0-9."},
                           {"name": "paymentorder.payer.payerReference", "description": "The field is required when generatePaymentToken is true."},
                           {"name": "paymentorder.enablePaymentDetailsConsentCheckbox", "description": "The field may only be true when disableStoredPaymentDetails is true."},
                           {"name": "paymentorder.orderItems[0].type", "description": "The field must be one of PRODUCT, SERVICE, SHIPPING_FEE, PAYMENT_FEE, DISCOUNT, VALUE_CODE, OTHER."},
                           {"name": "paymentorder.orderItems[0].class", "description": "The field must match [\\w-]*."},
                           {"name": "paymentorder.orderItems[0].quantity", "description": "The field must be a non-negative number with at most 4 decimals."},
                           {"name": "paymentorder.orderItems[1]", "description": "The element must be an object."}]
                        """#))
        }
    }

    @Test func quantitiesMayHaveFourDecimalsAndAreShownAsSent() async throws {
        try await SandboxHarness().run { client in
            let line = { (quantity: String) in
                #"[{"reference": "P1", "name": "Cheese", "type": "PRODUCT", "class": "Deli", "quantity": \#(quantity),"#
                    + #" "quantityUnit": "kg", "unitPrice": 300, "vatPercent": 2500, "amount": 1500, "vatAmount": 375}]"#
            }
            let order = Fixture.order { $0["orderItems"] = try! json(line("351.3514")) }
            let (_, id) = try await Fixture.create(client, order)
            let items = try await client.send(.get, "/psp/paymentorders/\(id)/orderitems")
            let first = try #require(try items.object["orderItems"]?.objectValue?["orderItemList"]?.arrayValue?.first)
            #expect(first.objectValue?["quantity"] == .number(351.3514))
            let update =
                #"{"paymentorder": {"operation": "UpdateOrder", "amount": 1500, "vatAmount": 375, "orderItems": \#(line("9876.1531"))}}"#
            let updated = try await client.send(.patch, "/psp/paymentorders/\(id)", json: update)
            #expect(updated.status == 200, "\(updated.text)")
            let after = try await client.send(.get, "/psp/paymentorders/\(id)/orderitems")
            #expect(
                try after.object["orderItems"]?.objectValue?["orderItemList"]?.arrayValue?.first?.objectValue?[
                    "quantity"]
                    == .number(9876.1531))
            let tooFine = try await client.send(
                .post, "/psp/paymentorders",
                json: Fixture.body(Fixture.order { $0["orderItems"] = try! json(line("1.00001")) }))
            #expect(tooFine.status == 400)
        }
    }

    @Test func missingSectionsAndWrongTypesAreNamed() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(
                .post, "/psp/paymentorders",
                json:
                    #"{"paymentorder": {"operation": "Purchase", "currency": "SEK", "amount": 10, "vatAmount": 20, "description": "d", "userAgent": "u", "language": "sv-SE", "generatePaymentToken": "yes", "restrictedToInstruments": ["Cash"], "payer": [], "metadata": 1}}"#
            )
            #expect(reply.status == 400)
            let names = try #require(try reply.object["problems"]?.arrayValue).compactMap {
                $0.objectValue?["name"]?.stringValue
            }
            #expect(
                names == [
                    "paymentorder.vatAmount", "paymentorder.generatePaymentToken",
                    "paymentorder.restrictedToInstruments", "paymentorder.urls", "paymentorder.payeeInfo",
                    "paymentorder.payer", "paymentorder.metadata",
                ])
            let missing = try await client.send(.post, "/psp/paymentorders", json: #"{"order": {}}"#)
            #expect(missing.status == 400)
            #expect(
                try missing.object["problems"]
                    == json(#"[{"name": "paymentorder", "description": "The field is required."}]"#))
        }
    }

    @Test func aWellFormedButUndecodableRiskIndicatorIsAnInputError() async throws {
        try await SandboxHarness().run { client in
            let body = Fixture.order { $0["riskIndicator"] = try! json(#"{"deliveryTimeFrameIndicator": 42}"#) }
            let reply = try await client.send(.post, "/psp/paymentorders", json: Fixture.body(body))
            #expect(reply.status == 400)
            #expect(
                try reply.object["type"]?.stringValue
                    == "https://api.payex.com/psp/errordetail/paymentorders/inputerror")
        }
    }

    @Test(.tags(.refusal)) func merchantCallsNeedTheBearerToken() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(
                .post, "/psp/paymentorders", json: Fixture.body(Fixture.order()), token: nil)
            #expect(reply.status == 401)
            #expect(try reply.object["type"]?.stringValue == "https://api.payex.com/psp/errordetail/unauthorized")
            let get = try await client.send(.get, "/psp/paymentorders/x", token: "wrong")
            #expect(get.status == 401)
        }
    }

    @Test(.tags(.refusal)) func anotherPayeeIsForbidden() async throws {
        try await SandboxHarness { $0.payeeId = "my-payee" }.run { client in
            let reply = try await client.send(.post, "/psp/paymentorders", json: Fixture.body(Fixture.order()))
            #expect(reply.status == 403)
            #expect(
                try reply.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/forbidden", "title": "Forbidden", "status": 403,
                         "detail": "The payee \(Fixture.payeeId) is not the merchant of this access token."}
                        """))
            let mine = Fixture.order {
                $0["payeeInfo"] = try! json(#"{"payeeId": "my-payee", "payeeReference": "R1"}"#)
            }
            _ = try await Fixture.create(client, mine)
        }
    }

    @Test(.tags(.refusal)) func aPayeeReferenceIsUsedOncePerPayee() async throws {
        try await SandboxHarness().run { client in
            _ = try await Fixture.create(client)
            let again = try await client.send(.post, "/psp/paymentorders", json: Fixture.body(Fixture.order()))
            #expect(again.status == 409)
            #expect(
                try again.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/conflict", "title": "Conflict", "status": 409,
                         "detail": "The payeeReference AB832 is already used by another payment order of payee \(Fixture.payeeId)."}
                        """))
            let otherPayee = Fixture.order {
                $0["payeeInfo"] = try! json(#"{"payeeId": "other", "payeeReference": "AB832"}"#)
            }
            _ = try await Fixture.create(client, otherPayee)
        }
    }

    @Test func aBodyOverTheLimitIs413() async throws {
        try await SandboxHarness { $0.maxRequestBodyBytes = 512 }.run { client in
            let reply = try await client.send(.post, "/psp/paymentorders", json: Fixture.body(Fixture.order()))
            #expect(reply.status == 413)
            #expect(try reply.object["type"]?.stringValue == "https://api.payex.com/psp/errordetail/payloadtoolarge")
        }
    }

    @Test(arguments: [
        "", "null", "[]", "42", "{oops", #"{"paymentorder": 5}"#, #"{"paymentorder": []}"#,
        #"{"paymentorder": {}}"#, #"{"paymentorder": {"urls": [], "payeeInfo": "x", "orderItems": {}}}"#,
        #"{"paymentorder": {"amount": 1e400, "vatAmount": -1e30, "description": 5}}"#,
        #"{"paymentorder": {"orderItems": [null, [], {"quantity": "many", "unitPrice": 1.5}]}}"#,
        #"{"paymentorder": {"urls": {"hostUrls": [1, null, "http://"], "completeUrl": "\u0000"}}}"#,
        String(repeating: "[", count: 5_000), "\u{FEFF}{}", #"{"paymentorder": {"language": "\ud800"}}"#,
    ])
    func malformedBodiesAreProblemsNeverServerErrors(body: String) async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(.post, "/psp/paymentorders", json: body)
            #expect((400..<500).contains(reply.status), "\(body.prefix(60)) → \(reply.status) \(reply.text)")
            #expect(reply.contentType == "application/problem+json")
        }
    }

    @Test func timestampsHaveSevenFractionalDigitsInUTC() {
        #expect(PSPTimestamp.format(Date(timeIntervalSince1970: 1_592_823_416.25)) == "2020-06-22T10:56:56.2500000Z")
        #expect(PSPTimestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.0000000Z")
        #expect(PSPTimestamp.format(Date(timeIntervalSince1970: 59.75)) == "1970-01-01T00:00:59.7500000Z")
    }
}

/// The sandbox's answer to an order it refuses: the `inputerror` problem around `problems`, the
/// text of its JSON array.
private func invalidOrder(_ problems: String) throws -> SwedbankPaySDK.JSONValue {
    try json(
        #"{"type": "https://api.payex.com/psp/errordetail/paymentorders/inputerror", "title": "Error in input data","#
            + #" "status": 400, "detail": "The payment order is invalid.", "problems": "# + problems + "}")
}
