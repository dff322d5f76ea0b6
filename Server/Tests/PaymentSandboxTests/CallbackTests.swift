import Foundation
import HTTPTypes
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import PaymentSandbox

@Suite struct CallbackTests {
    typealias Fixture = PaymentOrdersFixture

    /// The fixture order with `urls.callbackUrl`.
    static func order(callbackUrl: String, _ change: (inout SwedbankPaySDK.JSONObject) -> Void = { _ in })
        -> SwedbankPaySDK.JSONObject
    {
        Fixture.order {
            var urls = $0["urls"]?.objectValue ?? [:]
            urls["callbackUrl"] = .string(callbackUrl)
            $0["urls"] = .object(urls)
            change(&$0)
        }
    }

    /// Checkout v3.1, whose callbacks name only the payment order.
    static let v31: HTTPFields = [.contentType: "application/json;version=3.1"]

    static func log(_ harness: SandboxHarness) async -> [CallbackDelivery] {
        await harness.sandbox.services.callbacks.log.all()
    }

    @Test func aPaidOrderIsPostedToTheMerchant() async throws {
        let harness = SandboxHarness()
        try await CallbackReceiver.run { url, inbox in
            try await harness.run { client in
                let (_, id) = try await Fixture.create(client, Self.order(callbackUrl: url), headers: Self.v31)
                let path = "/psp/paymentorders/\(id)"
                let number = Fixture.ExpectedIDs().firstAttemptNumber
                _ = try await client.send(
                    .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "CreditCard"}"#)
                _ = await harness.sandbox.services.callbacks.log.entries(once: 1)
                #expect(
                    await inbox.bodies
                        == [
                            try json(
                                """
                                {"orderReference": "or-123",
                                 "paymentOrder": {"id": "\(path)", "instrument": "CreditCard", "number": \(number)}}
                                """)
                        ])
                let listing = try await client.send(.get, "/sandbox/callbacks", token: nil)
                #expect(listing.status == 200)
                let entry = try #require(try listing.object["callbacks"]?.arrayValue?.first?.objectValue)
                let sent = try #require(entry["sent"]?.stringValue)
                #expect(Fixture.isTimestamp(sent))
                #expect(
                    SwedbankPaySDK.JSONValue.object(entry)
                        == (try json(
                            """
                            {"paymentOrder": "\(path)", "url": "\(url)", "attempt": 1, "offset": 0, "sent": "\(sent)",
                             "body": {"orderReference": "or-123",
                                      "paymentOrder": {"id": "\(path)", "instrument": "CreditCard", "number": \(number)}},
                             "statusCode": 200, "delivered": true, "willRetry": false}
                            """)))
                await harness.sandbox.services.callbacks.idle()
            }
        }
    }

    @Test func failedDeliveriesAreRetriedOnTheSandboxClock() async throws {
        let harness = SandboxHarness { $0.callbackRetryDelays = [1, 5] }
        try await CallbackReceiver.run(answers: [500, 503]) { url, inbox in
            try await harness.run { client in
                let (_, id) = try await Fixture.create(client, Self.order(callbackUrl: url), headers: Self.v31)
                let abort = try await client.send(
                    .patch, "/psp/paymentorders/\(id)", json: #"{"paymentorder": {"operation": "Abort"}}"#)
                #expect(abort.status == 200)
                _ = await harness.sandbox.services.callbacks.log.entries(once: 1)
                await harness.clock.waitForSleepers(1)
                harness.clock.advance(by: 1)
                _ = await harness.sandbox.services.callbacks.log.entries(once: 2)
                await harness.clock.waitForSleepers(1)
                harness.clock.advance(by: 4)
                _ = await harness.sandbox.services.callbacks.log.entries(once: 3)
                let log = await Self.log(harness)
                #expect(log.map(\.attempt) == [1, 2, 3])
                #expect(log.map(\.offset) == [0, 1, 5])
                #expect(log.map(\.statusCode) == [500, 503, 200])
                #expect(log.map(\.delivered) == [false, false, true])
                #expect(log.map(\.willRetry) == [true, true, false])
                let body = try json(
                    #"{"orderReference": "or-123", "paymentOrder": {"id": "/psp/paymentorders/\#(id)"}}"#)
                #expect(await inbox.bodies == [body, body, body])
            }
        }
    }

    @Test func transportFailuresAreRetriedUntilTheDelaysRunOut() async throws {
        let harness = SandboxHarness {
            $0.callbackRetryDelays = [2]
            $0.callbackTimeout = 0.5
        }
        try await harness.run { client in
            // Port 1 on the loopback has no listener: the connection is refused.
            let (_, id) = try await Fixture.create(client, Self.order(callbackUrl: "http://127.0.0.1:1/callback"))
            _ = try await client.send(
                .patch, "/psp/paymentorders/\(id)", json: #"{"paymentorder": {"operation": "Abort"}}"#)
            _ = await harness.sandbox.services.callbacks.log.entries(once: 1)
            await harness.clock.waitForSleepers(1)
            harness.clock.advance(by: 2)
            _ = await harness.sandbox.services.callbacks.log.entries(once: 2)
            let log = await Self.log(harness)
            #expect(log.allSatisfy { $0.statusCode == nil && $0.error != nil && !$0.delivered })
            #expect(log.map(\.willRetry) == [true, false])
            await harness.sandbox.services.callbacks.idle()
        }
    }

    @Test func theRequestNeverWaitsForTheMerchant() async throws {
        let harness = SandboxHarness()
        try await CallbackReceiver.run(holding: true) { url, inbox in
            try await harness.run { client in
                let (_, id) = try await Fixture.create(client, Self.order(callbackUrl: url), headers: Self.v31)
                let abort = try await client.send(
                    .patch, "/psp/paymentorders/\(id)", json: #"{"paymentorder": {"operation": "Abort"}}"#)
                #expect(abort.status == 200)
                // The merchant has the callback but has not answered, and the PATCH is already done.
                _ = await inbox.bodies(count: 1)
                #expect(await Self.log(harness).isEmpty)
                #expect(harness.sandbox.services.callbacks.pendingDeliveries == 1)
                await inbox.release()
                let delivery = await harness.sandbox.services.callbacks.log.first { _ in true }
                #expect(delivery.delivered)
            }
        }
    }

    @Test func ordersWithoutACallbackUrlAndFailedAttemptsSendNothing() async throws {
        let harness = SandboxHarness()
        try await CallbackReceiver.run { url, inbox in
            try await harness.run { client in
                let (_, quiet) = try await Fixture.create(client)
                _ = try await client.send(
                    .patch, "/psp/paymentorders/\(quiet)", json: #"{"paymentorder": {"operation": "Abort"}}"#)
                #expect(harness.sandbox.services.callbacks.pendingDeliveries == 0)
                let order = Self.order(callbackUrl: url) {
                    $0["payeeInfo"] = .object(["payeeId": .string(Fixture.payeeId), "payeeReference": .string("R2")])
                }
                let (_, id) = try await Fixture.create(client, order)
                _ = try await client.send(
                    .post, "/sandbox/paymentorders/\(id)/pay", json: #"{"instrument": "Swish", "outcome": "failed"}"#)
                #expect(harness.sandbox.services.callbacks.pendingDeliveries == 0)
                #expect(await inbox.bodies.isEmpty)
            }
        }
    }

    @Test func resetCancelsPendingRetriesAndClearsTheLog() async throws {
        let harness = SandboxHarness { $0.callbackRetryDelays = [100] }
        try await CallbackReceiver.run(answers: [500]) { url, _ in
            try await harness.run { client in
                let (_, id) = try await Fixture.create(client, Self.order(callbackUrl: url), headers: Self.v31)
                _ = try await client.send(
                    .patch, "/psp/paymentorders/\(id)", json: #"{"paymentorder": {"operation": "Abort"}}"#)
                _ = await harness.sandbox.services.callbacks.log.entries(once: 1)
                await harness.clock.waitForSleepers(1)
                await harness.sandbox.reset()
                #expect(harness.sandbox.services.callbacks.pendingDeliveries == 0)
                #expect(await Self.log(harness).isEmpty)
                let listing = try await client.send(.get, "/sandbox/callbacks")
                #expect(try listing.json == json(#"{"callbacks": [], "pending": 0}"#))
            }
        }
    }

    @Test func theBodyNamesTheOrderAndItsAttempt() throws {
        var record = try PaymentOrdersOperationsTests.record(instrumentMode: true)
        record.order.payeeInfo.orderReference = nil
        record.callbackNamesPayment = false  // v3.1
        #expect(
            CallbackDispatcher.body(for: record)
                == ["paymentOrder": .object(["id": .string(record.path), "instrument": .string("CreditCard")])])
        let number = try record.startAttempt(instrument: .creditCard, now: PaymentOrdersFixture.testDate)
        try record.markPaid(
            instrument: .creditCard, number: number, transactionType: .authorization, details: [:],
            now: PaymentOrdersFixture.testDate)
        record.order.payeeInfo.orderReference = "o1"
        #expect(
            CallbackDispatcher.body(for: record)
                == [
                    "orderReference": .string("o1"),
                    "paymentOrder": .object([
                        "id": .string(record.path), "instrument": .string("CreditCard"), "number": .integer(number),
                    ]),
                ])
        // v3.0 and v2: the card payment and its authorization too.
        record.callbackNamesPayment = true
        let payment = "/psp/creditcard/payments/\(record.id)"
        let transaction = PaymentOrderSubResource.paymentTransactionGuid(record)
        #expect(
            SwedbankPaySDK.JSONValue.object(CallbackDispatcher.body(for: record))
                == (try json(
                    """
                    {"orderReference": "o1",
                     "paymentOrder": {"id": "\(record.path)", "instrument": "CreditCard", "number": \(number)},
                     "payment": {"id": "\(payment)", "number": \(number)},
                     "transaction": {"id": "\(payment)/authorizations/\(transaction)", "number": \(number)}}
                    """)))
    }
}
