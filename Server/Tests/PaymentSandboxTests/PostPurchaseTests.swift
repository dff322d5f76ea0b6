import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Captures, cancellations and reversals (`POST …/captures`, `…/cancellations`, `…/reversals`,
/// v3.1 bodies): the order's status, remaining amounts, operations, financial transactions and
/// history at each step, and the problems for what is not possible.
@Suite struct PostPurchaseTests {
    typealias Fixture = PaymentOrdersFixture

    /// Creates the fixture order (1500, VAT 375) and pays it with `instrument`; returns its path.
    static func paidOrder(
        _ client: SandboxClient, instrument: String = "CreditCard", v3: Bool = true, reference: String = "AB832"
    ) async throws -> String {
        let order = Fixture.order(v3: v3) {
            $0["payeeInfo"] = .object(["payeeId": .string(Fixture.payeeId), "payeeReference": .string(reference)])
        }
        let (_, id) = try await Fixture.create(client, order)
        let paid = try await client.send(
            .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "\#(instrument)"}"#, token: nil)
        #expect(paid.status == 200, "\(paid.text)")
        return "/psp/paymentorders/\(id)"
    }

    static func transaction(
        amount: Int64? = nil, vat: Int64? = nil, reference: String, items: String? = nil, description: String = "Step"
    ) -> String {
        var members = [#""description": "\#(description)""#, #""payeeReference": "\#(reference)""#]
        if let amount { members.append(#""amount": \#(amount)"#) }
        if let vat { members.append(#""vatAmount": \#(vat)"#) }
        if let items { members.append(#""orderItems": \#(items)"#) }
        return #"{"transaction": {"# + members.joined(separator: ", ") + "}}"
    }

    /// The order's status, remaining amounts (absent ones left out) and operation rels.
    struct Snapshot: Equatable, CustomStringConvertible {
        var status: String
        var remaining: [String: Int64]
        var rels: [String]

        var description: String { "\(status) \(remaining.sorted { $0.key < $1.key }) \(rels)" }
    }

    static func snapshot(_ reply: SandboxClient.Reply) throws -> Snapshot {
        let order = try #require(try reply.object["paymentOrder"]?.objectValue)
        var remaining: [String: Int64] = [:]
        for name in ["remainingCaptureAmount", "remainingCancellationAmount", "remainingReversalAmount"] {
            if let value = order[name]?.integerValue { remaining[name] = value }
        }
        let rels = try #require(try reply.object["operations"]?.arrayValue).compactMap {
            $0.objectValue?["rel"]?.stringValue
        }
        return Snapshot(status: order["status"]?.stringValue ?? "?", remaining: remaining, rels: rels)
    }

    static let viewRels = ["redirect-checkout", "view-checkout"]

    @Test func captureHalfReverseSomeCancelTheRestThenReverseTheRest() async throws {
        try await SandboxHarness().run { client in
            let path = try await Self.paidOrder(client)
            let paid = try Self.snapshot(try await client.send(.get, path))
            #expect(
                paid
                    == Snapshot(
                        status: "Paid",
                        remaining: ["remainingCaptureAmount": 1500, "remainingCancellationAmount": 1500],
                        rels: ["cancel", "capture"] + Self.viewRels))
            let item =
                #"[{"reference": "P1", "name": "Product1", "type": "PRODUCT", "class": "ProductGroup1", "quantity": 1, "quantityUnit": "pcs", "unitPrice": 750, "vatPercent": 2500, "amount": 750, "vatAmount": 187}]"#
            let captured = try await client.send(
                .post, path + "/captures",
                json: Self.transaction(amount: 750, vat: 187, reference: "CAP1", items: item, description: "Half"))
            #expect(captured.status == 200, "\(captured.text)")
            #expect(
                try Self.snapshot(captured)
                    == Snapshot(
                        status: "Paid",
                        remaining: [
                            "remainingCaptureAmount": 750, "remainingCancellationAmount": 750,
                            "remainingReversalAmount": 750,
                        ],
                        rels: ["cancel", "capture", "reversal"] + Self.viewRels))
            let reversed = try await client.send(
                .post, path + "/reversals", json: Self.transaction(amount: 250, vat: 62, reference: "REV1"))
            #expect(reversed.status == 200, "\(reversed.text)")
            #expect(
                try Self.snapshot(reversed).remaining
                    == [
                        "remainingCaptureAmount": 750, "remainingCancellationAmount": 750,
                        "remainingReversalAmount": 500,
                    ])
            let cancelled = try await client.send(
                .post, path + "/cancellations", json: Self.transaction(reference: "CAN1", description: "The rest"))
            #expect(cancelled.status == 200, "\(cancelled.text)")
            // Money was captured, so the order stays Paid; only a reversal is left.
            #expect(
                try Self.snapshot(cancelled)
                    == Snapshot(
                        status: "Paid",
                        remaining: [
                            "remainingCaptureAmount": 0, "remainingCancellationAmount": 0,
                            "remainingReversalAmount": 500,
                        ],
                        rels: ["reversal"] + Self.viewRels))
            let last = try await client.send(
                .post, path + "/reversals", json: Self.transaction(amount: 500, vat: 125, reference: "REV2"))
            #expect(
                try Self.snapshot(last)
                    == Snapshot(
                        status: "Reversed", remaining: ["remainingCaptureAmount": 0, "remainingReversalAmount": 0],
                        rels: []))

            let list = try await client.send(.get, path + "/financialtransactions")
            let entries = try #require(
                try list.object["financialTransactions"]?.objectValue?["financialTransactionsList"]?.arrayValue)
            let summary = entries.compactMap { entry -> String? in
                guard let object = entry.objectValue else { return nil }
                return [object["type"], object["amount"], object["vatAmount"], object["payeeReference"]]
                    .map { $0.map { "\($0.stringValue ?? $0.integerValue.map(String.init) ?? "?")" } ?? "-" }
                    .joined(separator: " ")
            }
            #expect(
                summary == [
                    "Authorization 1500 375 AB832", "Capture 750 187 CAP1", "Reversal 250 62 REV1",
                    "Cancellation 750 187 CAN1", "Reversal 500 125 REV2",
                ])
            // Every entry has an id under the order and its order items' link; the capture lists its line.
            let capture = try #require(entries[1].objectValue)
            let captureId = try #require(capture["id"]?.stringValue)
            #expect(captureId.hasPrefix(path + "/financialtransactions/"))
            #expect(capture["orderItems"] == .object(["id": .string(captureId + "/orderitems")]))
            #expect(capture["receiptReference"] == nil)
            let lines = try await client.send(.get, captureId + "/orderitems")
            #expect(lines.status == 200)
            #expect(
                try lines.object["orderItems"]?.objectValue?["orderItemList"]?.arrayValue?.first?.objectValue?["amount"]
                    == .integer(750))

            let history = try await client.send(.get, path + "/history")
            let names = try #require(try history.object["history"]?.objectValue?["historyList"]?.arrayValue)
                .compactMap { $0.objectValue?["name"]?.stringValue }
            #expect(
                Array(names.suffix(5)) == [
                    "PaymentPaid", "PaymentPartiallyCaptured", "PaymentPartiallyReversed", "PaymentPartiallyCancelled",
                    "PaymentReversed",
                ])
            let resource = try await client.send(.get, path + "/reversed")
            let reversedObject = try #require(try resource.object["reversed"]?.objectValue)
            #expect(reversedObject["transactionType"] == .string("Reversal"))
            #expect(reversedObject["amount"] == .integer(750))
            #expect(reversedObject["payeeReference"] == .string("REV2"))
        }
    }

    @Test func aWholeCancellationBeforeAnyCaptureCancelsTheOrder() async throws {
        try await SandboxHarness().run { client in
            let path = try await Self.paidOrder(client)
            let cancelled = try await client.send(
                .post, path + "/cancellations", json: Self.transaction(reference: "CAN1", description: "Out of stock"))
            // Nothing left to do or show: no operations at all, as the portal's cancelled example lists.
            #expect(try Self.snapshot(cancelled) == Snapshot(status: "Cancelled", remaining: [:], rels: []))
            let resource = try await client.send(.get, path + "/cancelled")
            #expect(
                try resource.object["cancelled"]?.objectValue?["transactionType"] == .string("Cancellation"))
            #expect(try resource.object["cancelled"]?.objectValue?["amount"] == .integer(1500))
            let again = try await client.send(
                .post, path + "/captures", json: Self.transaction(amount: 1, vat: 0, reference: "X"))
            #expect(again.status == 403)
            #expect(
                try again.object["detail"]?.stringValue
                    == "A capture is not possible: the payment order is Cancelled, not Paid.")
        }
    }

    @Test func aSaleIsCapturedWhenPaidAndCanOnlyBeReversed() async throws {
        try await SandboxHarness().run { client in
            let path = try await Self.paidOrder(client, instrument: "Swish")
            #expect(
                try Self.snapshot(try await client.send(.get, path))
                    == Snapshot(
                        status: "Paid",
                        remaining: [
                            "remainingCaptureAmount": 0, "remainingCancellationAmount": 0,
                            "remainingReversalAmount": 1500,
                        ],
                        rels: ["reversal"] + Self.viewRels))
            let capture = try await client.send(
                .post, path + "/captures", json: Self.transaction(amount: 1500, vat: 375, reference: "C"))
            #expect(capture.status == 403)
            #expect(
                try capture.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/forbidden", "title": "Forbidden", "status": 403,
                         "detail": "A capture is not possible: nothing authorized remains."}
                        """))
            let reversal = try await client.send(
                .post, path + "/reversals", json: Self.transaction(amount: 1500, vat: 375, reference: "R"))
            #expect(try Self.snapshot(reversal).status == "Reversed")
        }
    }

    @Test func whatIsNotPossibleIsAProblemAndChangesNothing() async throws {
        try await SandboxHarness().run { client in
            let (_, open) = try await Fixture.create(client)
            let unpaid = try await client.send(
                .post, "/psp/paymentorders/\(open)/captures",
                json: Self.transaction(amount: 100, vat: 0, reference: "C"))
            #expect(unpaid.status == 403)
            #expect(
                try unpaid.object["detail"]?.stringValue
                    == "A capture is not possible: the payment order is Initialized, not Paid.")
            let path = try await Self.paidOrder(client, reference: "AB999")
            let tooMuch = try await client.send(
                .post, path + "/captures", json: Self.transaction(amount: 1501, vat: 375, reference: "C1"))
            #expect(tooMuch.status == 400)
            #expect(
                try tooMuch.object["problems"]
                    == json(
                        #"[{"name": "transaction.amount", "description": "The amount 1501 is larger than the remaining 1500."}]"#
                    ))
            let reversal = try await client.send(
                .post, path + "/reversals", json: Self.transaction(amount: 1, vat: 0, reference: "R1"))
            #expect(reversal.status == 403)
            #expect(
                try reversal.object["detail"]?.stringValue
                    == "A reversal is not possible: nothing captured remains to reverse.")
            // The order's own reference may be used (the portal's examples do), another transaction's not.
            let first = try await client.send(
                .post, path + "/captures", json: Self.transaction(amount: 100, vat: 25, reference: "AB999"))
            #expect(first.status == 200)
            let reused = try await client.send(
                .post, path + "/captures", json: Self.transaction(amount: 100, vat: 25, reference: "AB999"))
            #expect(reused.status == 409)
            let bad = try await client.send(
                .post, path + "/captures",
                json: #"{"transaction": {"amount": 0, "vatAmount": 5, "payeeReference": 7.5}}"#
            )
            #expect(bad.status == 400)
            #expect(
                try bad.object["problems"]
                    == json(
                        """
                        [{"name": "transaction.description", "description": "The field is required."},
                         {"name": "transaction.payeeReference", "description": "The field must be a string."},
                         {"name": "transaction.amount", "description": "The field must be at least 1."}]
                        """))
            let items =
                #"[{"reference": "P1", "name": "P", "type": "PRODUCT", "class": "C", "quantity": 1, "quantityUnit": "pcs", "unitPrice": 100, "vatPercent": 2500, "amount": 100, "vatAmount": 25}]"#
            let mismatch = try await client.send(
                .post, path + "/captures", json: Self.transaction(amount: 200, vat: 50, reference: "C2", items: items))
            #expect(
                try mismatch.object["problems"]
                    == json(
                        #"[{"name": "transaction.orderItems", "description": "The items' amounts add up to 100, not the transaction's 200."}]"#
                    ))
            let missing = try await client.send(.post, path + "/cancellations", json: #"{"description": "x"}"#)
            #expect(
                try missing.object["problems"]
                    == json(
                        #"[{"name": "transaction", "description": "The field is required and must be an object."}]"#))
            // The refusals of what the order could not do are on record, under both spellings.
            for resource in ["postpurchasefailedattempts", "failedpostpurchaseattempts"] {
                let failures = try await client.send(.get, path + "/" + resource)
                let list = try #require(
                    try failures.object["postPurchaseFailedAttempts"]?.objectValue?["postpurchaseFailedAttemptList"]?
                        .arrayValue?.compactMap(\.objectValue))
                #expect(list.map { $0["type"]?.stringValue ?? "" } == ["Capture", "Reversal", "Capture"])
                #expect(list.map { $0["status"]?.stringValue ?? "" } == ["Failed", "Failed", "Failed"])
                #expect(
                    list.map { $0["problem"]?.objectValue?["type"]?.stringValue ?? "" } == [
                        "https://api.payex.com/psp/errordetail/paymentorders/inputerror",
                        "https://api.payex.com/psp/errordetail/forbidden",
                        "https://api.payex.com/psp/errordetail/conflict",
                    ])
            }
            // Nothing of that changed the order but the one capture.
            #expect(
                try Self.snapshot(try await client.send(.get, path)).remaining
                    == [
                        "remainingCaptureAmount": 1400, "remainingCancellationAmount": 1400,
                        "remainingReversalAmount": 100,
                    ])
        }
    }

    @Test func checkoutV2NamesTheOperationsItsOwnWay() async throws {
        try await SandboxHarness().run { client in
            let path = try await Self.paidOrder(client, v3: false)
            let read = try await client.send(.get, path)
            // v2's own members and sub-resources: the card brands, the payment, the current transaction.
            #expect(
                try read.object["paymentOrder"]?.objectValue?["items"]
                    == json(#"[{"creditCard": {"cardBrands": ["Visa", "MasterCard"]}}]"#))
            let payments = try await client.send(.get, path + "/payments")
            let list = try #require(try payments.object["payments"]?.objectValue?["paymentList"]?.arrayValue)
            #expect(list.count == 1)
            #expect(list.first?.objectValue?["instrument"] == .string("CreditCard"))
            let current = try await client.send(.get, path + "/currentpayment")
            #expect(try current.object["transaction"]?.objectValue?["type"] == .string("Authorization"))
            let snapshot = try Self.snapshot(read)
            #expect(Array(snapshot.rels.prefix(2)) == ["create-paymentorder-cancel", "create-paymentorder-capture"])
            #expect(
                snapshot.remaining
                    == [
                        "remainingCaptureAmount": 1500, "remainingCancellationAmount": 1500,
                        "remainingReversalAmount": 0,
                    ])
            // v2 answers a capture with the transaction (PHPSDKRequestsTests); the order shows the rest.
            let captured = try await client.send(
                .post, path + "/captures", json: Self.transaction(amount: 1500, vat: 375, reference: "C"))
            #expect(captured.status == 200)
            #expect(try Self.snapshot(await client.send(.get, path)).rels.first == "create-paymentorder-reversal")
        }
    }

    @Test(.timeLimit(.minutes(1))) func eachChangeIsCalledBackToTheMerchant() async throws {
        let harness = SandboxHarness()
        try await CallbackReceiver.run { url, inbox in
            try await harness.run { client in
                let (_, id) = try await Fixture.create(client, CallbackTests.order(callbackUrl: url))
                let path = "/psp/paymentorders/\(id)"
                _ = try await client.send(
                    .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "CreditCard"}"#, token: nil)
                _ = try await client.send(
                    .post, path + "/captures", json: Self.transaction(amount: 1500, vat: 375, reference: "C"))
                _ = try await client.send(
                    .post, path + "/reversals", json: Self.transaction(amount: 1500, vat: 375, reference: "R"))
                let bodies = await inbox.bodies(count: 3)
                #expect(bodies.count == 3)
                #expect(
                    bodies.allSatisfy {
                        $0.objectValue?["paymentOrder"]?.objectValue?["id"] == .string(path)
                    })
            }
        }
    }
}

/// `POST /sandbox/paymentorders/<id>/callback`: the order's callback once more, as it is now.
@Suite struct ResendCallbackTests {
    typealias Fixture = PaymentOrdersFixture

    @Test(.timeLimit(.minutes(1))) func theCallbackIsSentAgainAsTheOrderIsNow() async throws {
        let harness = SandboxHarness()
        try await CallbackReceiver.run { url, inbox in
            try await harness.run { client in
                let (_, id) = try await Fixture.create(
                    client, CallbackTests.order(callbackUrl: url), headers: CallbackTests.v31)
                let path = "/psp/paymentorders/\(id)"
                let resent = try await client.send(
                    .post, "/sandbox/paymentorders/\(id)/callback", token: nil, headers: SandboxClient.control)
                #expect(resent.status == 202)
                #expect(
                    try resent.json
                        == json(
                            """
                            {"paymentOrder": "\(path)", "callbackUrl": "\(url)",
                             "body": {"orderReference": "or-123", "paymentOrder": {"id": "\(path)"}}}
                            """))
                let bodies = await inbox.bodies(count: 1)
                #expect(bodies == [try json(#"{"orderReference": "or-123", "paymentOrder": {"id": "\#(path)"}}"#)])
            }
        }
    }

    @Test func anOrderWithoutACallbackUrlOrUnknownIsAProblem() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let none = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/callback", token: nil, headers: SandboxClient.control)
            #expect(none.status == 409)
            #expect(try none.object["detail"] == .string("The payment order has no urls.callbackUrl to call back."))
            let unknown = try await client.send(
                .post, "/sandbox/paymentorders/nope/callback", token: nil, headers: SandboxClient.control)
            #expect(unknown.status == 404)
            // A control route: a cross-site form post cannot trigger it.
            let form = try await client.send(
                .post, "/sandbox/paymentorders/\(id)/callback", json: "x=1", token: nil,
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(form.status == 403)
        }
    }
}
