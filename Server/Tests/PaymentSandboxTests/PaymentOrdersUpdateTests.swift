import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

@Suite struct PaymentOrdersUpdateTests {
    typealias Fixture = PaymentOrdersFixture

    static func patch(_ client: SandboxClient, _ id: String, _ order: String) async throws -> SandboxClient.Reply {
        try await client.send(.patch, "/psp/paymentorders/\(id)", json: #"{"paymentorder": \#(order)}"#)
    }

    static func rels(_ reply: SandboxClient.Reply) throws -> [String] {
        try #require(try reply.object["operations"]?.arrayValue).compactMap { $0.objectValue?["rel"]?.stringValue }
    }

    @Test func updateOrderReplacesAmountsLinesAndDescription() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let reply = try await Self.patch(
                client, id,
                #"""
                {"operation": "UpdateOrder", "amount": 3000, "vatAmount": 750, "description": "Two things",
                 "orderItems": [{"reference": "P2", "name": "Product2", "type": "SERVICE", "class": "G-2",
                   "quantity": 2, "quantityUnit": "pcs", "unitPrice": 1500, "vatPercent": 2500, "amount": 3000,
                   "vatAmount": 750}]}
                """#)
            #expect(reply.status == 200)
            let order = try #require(try reply.object["paymentOrder"]?.objectValue)
            #expect(order["amount"] == .integer(3000))
            #expect(order["vatAmount"] == .integer(750))
            #expect(order["description"] == .string("Two things"))
            #expect(order["status"] == .string("Initialized"))
            let items = try await client.send(.get, "/psp/paymentorders/\(id)/orderitems")
            let list = try #require(try items.object["orderItems"]?.objectValue?["orderItemList"]?.arrayValue)
            #expect(list.first?.objectValue?["reference"] == .string("P2"))
            // Amounts only: the lines and description stay.
            let amountsOnly = try await Self.patch(
                client, id, #"{"operation": "UpdateOrder", "amount": 10, "vatAmount": 2}"#)
            #expect(try amountsOnly.object["paymentOrder"]?.objectValue?["description"] == .string("Two things"))
        }
    }

    @Test func updateOrderIsValidated() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let reply = try await Self.patch(
                client, id, #"{"operation": "UpdateOrder", "amount": -5, "description": "", "orderItems": [{}]}"#)
            #expect(reply.status == 400)
            let names = try #require(try reply.object["problems"]?.arrayValue).compactMap {
                $0.objectValue?["name"]?.stringValue
            }
            #expect(
                names.prefix(4) == [
                    "paymentorder.amount", "paymentorder.vatAmount", "paymentorder.description",
                    "paymentorder.orderItems[0].reference",
                ])
            let tooMuchVat = try await Self.patch(
                client, id, #"{"operation": "UpdateOrder", "amount": 5, "vatAmount": 6}"#)
            #expect(
                try tooMuchVat.object["problems"]
                    == json(
                        #"[{"name": "paymentorder.vatAmount", "description": "The field must not be larger than amount."}]"#
                    ))
        }
    }

    @Test func setInstrumentSwitchesAnInstrumentModeOrder() async throws {
        try await SandboxHarness().run { client in
            let (created, id) = try await Fixture.create(
                client, Fixture.order { $0["instrument"] = .string("CreditCard") })
            #expect(try Self.rels(created).last == "set-instrument")
            let reply = try await Self.patch(client, id, #"{"operation": "SetInstrument", "instrument": "Swish"}"#)
            #expect(reply.status == 200)
            let order = try #require(try reply.object["paymentOrder"]?.objectValue)
            #expect(order["instrument"] == .string("Swish"))
            #expect(order["availableInstruments"] == .array([.string("Swish")]))
            let history = try await client.send(.get, "/psp/paymentorders/\(id)/history")
            let last = try #require(
                try history.object["history"]?.objectValue?["historyList"]?.arrayValue?.last?.objectValue)
            #expect(last["name"] == .string("PaymentInstrumentSet"))
            #expect(last["instrument"] == .string("Swish"))
            #expect(last["initiatedBy"] == .string("Payee"))
        }
    }

    @Test(.tags(.refusal)) func setInstrumentNeedsInstrumentModeAndAnOfferedInstrument() async throws {
        try await SandboxHarness().run { client in
            let (_, menu) = try await Fixture.create(client)
            let outside = try await Self.patch(client, menu, #"{"operation": "SetInstrument", "instrument": "Swish"}"#)
            #expect(outside.status == 409)
            #expect(
                try outside.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/conflict", "title": "Conflict", "status": 409,
                         "detail": "The payment order is not in instrument mode; SetInstrument needs an order created with an instrument."}
                        """))
            let restricted = Fixture.order {
                $0["instrument"] = .string("CreditCard")
                $0["restrictedToInstruments"] = try! json(#"["CreditCard", "Swish"]"#)
                $0["payeeInfo"] = try! json(#"{"payeeId": "p", "payeeReference": "R2"}"#)
            }
            let (_, id) = try await Fixture.create(client, restricted)
            let notOffered = try await Self.patch(
                client, id, #"{"operation": "SetInstrument", "instrument": "Trustly"}"#)
            #expect(notOffered.status == 400)
            #expect(
                try notOffered.object["problems"]
                    == json(
                        #"[{"name": "paymentorder.instrument", "description": "The instrument is not offered for this payment order (SEK): it offers CreditCard, Swish."}]"#
                    ))
            let missing = try await Self.patch(client, id, #"{"operation": "SetInstrument"}"#)
            #expect(missing.status == 400)
        }
    }

    /// The market (the currency) decides what an instrument-mode order may be switched to and what
    /// it reports: Vipps in Norway, never Swish; MobilePay in Denmark.
    @Test func setInstrumentAndInstrumentModeFollowTheMarket() async throws {
        try await SandboxHarness().run { client in
            func order(_ currency: String, _ instrument: String, _ reference: String) -> SwedbankPaySDK.JSONObject {
                Fixture.order {
                    $0["currency"] = .string(currency)
                    $0["instrument"] = .string(instrument)
                    $0["payeeInfo"] = try! json(#"{"payeeId": "p", "payeeReference": "\#(reference)"}"#)
                }
            }
            let (created, norwegian) = try await Fixture.create(client, order("NOK", "CreditCard", "M1"))
            #expect(
                try created.object["paymentOrder"]?.objectValue?["availableInstruments"] == json(#"["CreditCard"]"#))
            let swish = try await Self.patch(
                client, norwegian, #"{"operation": "SetInstrument", "instrument": "Swish"}"#)
            #expect(swish.status == 400)
            #expect(swish.contentType == "application/problem+json")
            #expect(
                try swish.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/paymentorders/inputerror", "title": "Error in input data",
                         "status": 400, "detail": "The instrument is not offered.",
                         "problems": [{"name": "paymentorder.instrument",
                                       "description": "The instrument is not offered for this payment order (NOK): it offers CreditCard, Vipps, ApplePay, Invoice-PayExFinancingNo."}]}
                        """))
            // Refused changes nothing: still CreditCard, no PaymentInstrumentSet.
            let unchanged = try await client.send(.get, "/psp/paymentorders/\(norwegian)?$expand=history")
            let unchangedOrder = try #require(try unchanged.object["paymentOrder"]?.objectValue)
            #expect(unchangedOrder["instrument"] == .string("CreditCard"))
            #expect(unchangedOrder["availableInstruments"] == (try json(#"["CreditCard"]"#)))
            let names = unchangedOrder["history"]?.objectValue?["historyList"]?.arrayValue?.compactMap {
                $0.objectValue?["name"]?.stringValue
            }
            #expect(names?.contains("PaymentInstrumentSet") == false)
            let vipps = try await Self.patch(
                client, norwegian, #"{"operation": "SetInstrument", "instrument": "Vipps"}"#)
            #expect(vipps.status == 200)
            let switched = try #require(try vipps.object["paymentOrder"]?.objectValue)
            #expect(switched["instrument"] == .string("Vipps"))
            #expect(switched["availableInstruments"] == (try json(#"["Vipps"]"#)))

            // An instrument-mode order of an instrument its market does not offer offers nothing
            // (its menu is empty), and can be switched to one the market offers.
            let (danishCreated, danish) = try await Fixture.create(client, order("DKK", "Swish", "M2"))
            let danishOrder = try #require(try danishCreated.object["paymentOrder"]?.objectValue)
            #expect(danishOrder["instrument"] == .string("Swish"))
            #expect(danishOrder["availableInstruments"] == .array([]))
            let mobilePay = try await Self.patch(
                client, danish, #"{"operation": "SetInstrument", "instrument": "MobilePay"}"#)
            #expect(
                try mobilePay.object["paymentOrder"]?.objectValue?["availableInstruments"] == json(#"["MobilePay"]"#))
            let trustly = try await Self.patch(
                client, danish, #"{"operation": "SetInstrument", "instrument": "Trustly"}"#)
            #expect(
                try trustly.object["problems"]
                    == json(
                        #"[{"name": "paymentorder.instrument", "description": "The instrument is not offered for this payment order (DKK): it offers CreditCard, MobilePay, ApplePay."}]"#
                    ))
        }
    }

    @Test func abortEndsTheOrderAndLeavesOnlyTheViews() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let reply = try await Self.patch(
                client, id, #"{"operation": "Abort", "abortReason": "CancelledByCustomer"}"#)
            #expect(reply.status == 200)
            #expect(try reply.object["paymentOrder"]?.objectValue?["status"] == .string("Aborted"))
            #expect(try Self.rels(reply) == ["redirect-checkout", "view-checkout"])
            let aborted = try await client.send(.get, "/psp/paymentorders/\(id)/aborted")
            #expect(
                try aborted.json
                    == json(
                        """
                        {"paymentOrder": "/psp/paymentorders/\(id)",
                         "aborted": {"id": "/psp/paymentorders/\(id)/aborted", "abortReason": "CancelledByCustomer"}}
                        """))
            for body in [#"{"operation": "Abort"}"#, #"{"operation": "UpdateOrder", "amount": 1, "vatAmount": 0}"#] {
                let again = try await Self.patch(client, id, body)
                #expect(again.status == 409)
                let operation = body.contains("Abort") ? "Abort" : "UpdateOrder"
                #expect(
                    try again.object["detail"]
                        == .string(
                            "The payment order is Aborted; \(operation) is only allowed while it is Initialized."))
            }
        }
    }

    @Test func abortReasonMustBeADocumentedOne() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let reply = try await Self.patch(client, id, #"{"operation": "Abort", "abortReason": "Bored"}"#)
            #expect(reply.status == 400)
            #expect(
                try reply.object["problems"]
                    == json(
                        #"[{"name": "paymentorder.abortReason", "description": "The field must be \"CancelledByConsumer\" or \"CancelledByCustomer\"."}]"#
                    ))
            let defaulted = try await Self.patch(client, id, #"{"operation": "Abort"}"#)
            #expect(defaulted.status == 200)
            let aborted = try await client.send(.get, "/psp/paymentorders/\(id)/aborted")
            #expect(try aborted.object["aborted"]?.objectValue?["abortReason"] == .string("CancelledByConsumer"))
        }
    }

    @Test(.tags(.leniency)) func paymentAttemptAbortedWithoutAnAttemptChangesNothing() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let reply = try await Self.patch(
                client, id, #"{"operation": "PaymentAttemptAborted", "abortReason": "AbortedByUI"}"#)
            #expect(reply.status == 200)
            #expect(try reply.object["paymentOrder"]?.objectValue?["status"] == .string("Initialized"))
            let attempts = try await client.send(.get, "/psp/paymentorders/\(id)/failedattempts")
            #expect(try attempts.object["failedAttempts"]?.objectValue?["failedAttemptList"] == .array([]))
        }
    }

    @Test func paymentAttemptAbortedStopsTheRunningAttempt() throws {
        var record = try PaymentOrdersOperationsTests.record()
        let number = try record.startAttempt(instrument: .swish, now: PaymentOrdersFixture.testDate)
        #expect(record.runningAttempt?.number == number)
        try PaymentOrderUpdate.abortAttempt(reason: "AbortedByUI").apply(to: &record, now: Date())
        #expect(record.status == .initialized)
        #expect(record.failedAttempts.map(\.status.rawValue) == ["Aborted"])
        #expect(record.history.last?.name == .paymentAttemptAborted)
        #expect(record.runningAttempt == nil)
    }

    @Test func unknownOperationsAndOrdersAreNamed() async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let unknown = try await Self.patch(client, id, #"{"operation": "Capture"}"#)
            #expect(
                try unknown.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/paymentorders/inputerror", "title": "Error in input data",
                         "status": 400, "detail": "The update is invalid.",
                         "problems": [{"name": "paymentorder.operation",
                                       "description": "The field must be one of UpdateOrder, SetInstrument, Abort, PaymentAttemptAborted."}]}
                        """))
            let missing = try await Self.patch(client, id, #"{}"#)
            #expect(
                try missing.object["problems"]
                    == json(#"[{"name": "paymentorder.operation", "description": "The field is required."}]"#))
            let noOrder = try await Self.patch(client, "nope", #"{"operation": "Abort"}"#)
            #expect(noOrder.status == 404)
            let noAuth = try await client.send(
                .patch, "/psp/paymentorders/\(id)", json: #"{"paymentorder": {"operation": "Abort"}}"#, token: nil)
            #expect(noAuth.status == 401)
        }
    }

    @Test(arguments: [
        "", "[]", "{", #"{"paymentorder": "Abort"}"#, #"{"paymentorder": {"operation": 7}}"#,
        #"{"paymentorder": {"operation": "UpdateOrder", "amount": "1", "vatAmount": {}, "orderItems": "x"}}"#,
        #"{"paymentorder": {"operation": "UpdateOrder", "amount": 1, "vatAmount": 0, "orderItems": [{"reference": 1}]}}"#,
        #"{"paymentorder": {"operation": "SetInstrument", "instrument": ["Swish"]}}"#,
    ])
    func malformedUpdatesAreProblemsNeverServerErrors(body: String) async throws {
        try await SandboxHarness().run { client in
            let (_, id) = try await Fixture.create(client)
            let reply = try await client.send(.patch, "/psp/paymentorders/\(id)", json: body)
            #expect((400..<500).contains(reply.status), "\(body) → \(reply.status) \(reply.text)")
            #expect(reply.contentType == "application/problem+json")
        }
    }
}
