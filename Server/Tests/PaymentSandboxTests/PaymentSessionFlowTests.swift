import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Whole native payments over HTTP, scripted as the SDK runs them (reference §3), with the SDK's
/// bodies, counting session-API round trips against the minimum of reference §7.
@Suite struct PaymentSessionFlowTests {
    static let complete = "https://merchant.example/complete"
    static let cancel = "https://merchant.example/cancel"
    static let paymentUrl = "https://merchant.example/sdk-callback/payment"

    /// Inserts an order and fetches and prepares its session (2 round trips).
    static func prepared(
        _ client: SandboxClient, _ harness: SandboxHarness, description: String = "Test purchase",
        amount: Int64 = 1500, payerReference: String? = "AB1234"
    ) async throws -> (PaymentSessionDriver, PaymentOrderRecord) {
        let record = PaymentSessionFixtures.order(
            ids: harness.sandbox.services.ids, description: description, amount: amount,
            payerReference: payerReference)
        let path = await PaymentSessionFixtures.insert(record, into: harness.sandbox)
        var driver = PaymentSessionDriver(client)
        #expect(try await driver.fetch(path).status == 200)
        #expect(try driver.operation("prepare-payment")["next"] == .bool(true))
        #expect(try await driver.call("prepare-payment", body: SDKBodies.prepare).status == 200)
        return (driver, record)
    }

    /// The href of the model's redirect-payer (the SDK's terminal check).
    static func redirect(_ driver: PaymentSessionDriver) throws -> String? {
        try driver.operation("redirect-payer")["href"]?.stringValue
    }

    static func order(_ harness: SandboxHarness, _ record: PaymentOrderRecord) async throws -> PaymentOrderRecord {
        try #require(await harness.sandbox.services.store.order(id: record.id))
    }

    @Test func swishOnThisDevice() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await Self.prepared(client, harness)
            try await driver.call("start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: nil))
            // Branch 11: the SDK launches the Swish app with its paymentUrl appended.
            let launch = try PaymentSessionDriver.task(of: try driver.operation("get-payment", on: "Swish"))
            let url = try PaymentSessionBrowser.iOSLaunchURL(
                try #require(launch["href"]?.stringValue), paymentUrl: Self.paymentUrl)
            // Encoded twice: `/` became `%2F`, then `%252F`.
            #expect(url.contains("%252F%252Fmerchant.example%252Fsdk-callback%252Fpayment"))
            let swishApp = try await PaymentSessionBrowser.swishApp(url, action: "approve", client)
            #expect(swishApp.status == 200)
            #expect(try swishApp.json == json(#"{"callbackUrl": "\#(Self.paymentUrl)"}"#))
            // The app forwards the callback URL; the SDK requests get-payment at once.
            try await driver.call("get-payment", on: "Swish")
            #expect(try Self.redirect(driver) == Self.complete)
            #expect(driver.roundTrips == 4)
            let order = try await Self.order(harness, record)
            #expect(order.status == .paid)
            #expect(order.paid?.details == ["msisdn": "+46739000001"])
            #expect(order.history.map(\.name.rawValue) == ["PaymentLoaded", "PaymentAttemptStarted", "PaymentPaid"])
        }
    }

    @Test func swishOnAnotherDeviceIsApprovedAfterTheDelay() async throws {
        let harness = SandboxHarness { $0.swishOtherDeviceApprovalDelay = 3 }
        try await harness.run { client in
            var (driver, record) = try await Self.prepared(client, harness)
            try await driver.call(
                "start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: "+46739000001"))
            // The SDK polls after 2 s; the payer approves on their phone within the next second.
            harness.clock.advance(by: 3)
            try await driver.call("get-payment", on: "Swish")
            #expect(try Self.redirect(driver) == Self.complete)
            #expect(driver.roundTrips == 4)
            #expect(try await Self.order(harness, record).paid?.transactionType.rawValue == "Sale")
        }
    }

    @Test func anEarlyPollKeepsPolling() async throws {
        let harness = SandboxHarness { $0.swishOtherDeviceApprovalDelay = 3 }
        try await harness.run { client in
            var (driver, _) = try await Self.prepared(client, harness)
            try await driver.call(
                "start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: "+46739000001"))
            harness.clock.advance(by: 2)
            try await driver.call("get-payment", on: "Swish")
            #expect(try driver.operation("get-payment", on: "Swish")["next"] == .bool(true))
            harness.clock.advance(by: 2)
            try await driver.call("get-payment", on: "Swish")
            #expect(try Self.redirect(driver) == Self.complete)
        }
    }

    @Test func swishDeclinedThenACard() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await Self.prepared(client, harness, description: "RF07")
            try await driver.call(
                "start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: "+46739000001"))
            let sessions = try await client.send(.get, "/sandbox/sessions", token: nil).object
            let summary = try #require(sessions["paymentSessions"]?.arrayValue?.first?.objectValue)
            let swishToken = try #require(summary["swish"]?.objectValue?["swishToken"]?.stringValue)
            #expect(
                try await client.send(
                    .post, "/sandbox/swish/\(swishToken)/approve", token: nil, headers: SandboxClient.control
                ).status == 204)
            try await driver.call("get-payment", on: "Swish")
            let problem = try #require(driver.model["problem"]?.objectValue)
            #expect(problem["type"] == .string("https://api.payex.com/psp/errordetail/swishdeclined"))
            #expect(problem["status"] == .integer(403))
            let ack = try #require(problem["operation"]?.objectValue?["href"]?.stringValue)
            #expect(try await driver.post(ack).status == 204)
            // Methods are offered again; the payer picks a saved card.
            try await driver.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            #expect(driver.model["problem"] == nil)
            try await driver.call(
                "start-payment-attempt", on: "CreditCard", body: SDKBodies.card(PaymentSessionFixtures.visaToken))
            #expect(try Self.redirect(driver) == Self.complete)
            let order = try await Self.order(harness, record)
            #expect(order.failedAttempts.map(\.instrument) == [.swish])
            #expect(order.paid?.instrument == .creditCard)
            #expect(order.paid?.number == 2)
        }
    }

    @Test func applePay() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await Self.prepared(client, harness)
            try await driver.call("start-payment-attempt", on: "ApplePay", body: SDKBodies.applePay)
            // Branch 2: the sheet is shown from the wallet-sdk task; its token comes back.
            #expect(try driver.operation("attempt-payload", on: "ApplePay")["next"] == .bool(true))
            try await driver.call(
                "attempt-payload", on: "ApplePay", body: SDKBodies.attemptPayload(SDKBodies.applePayToken()))
            #expect(try Self.redirect(driver) == Self.complete)
            #expect(driver.roundTrips == 4)
            #expect(try await Self.order(harness, record).paid?.details["acquirerTransactionType"] == "WALLET")
        }
    }

    @Test func applePayWithAMalformedPayload() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await Self.prepared(client, harness)
            try await driver.call("start-payment-attempt", on: "ApplePay", body: SDKBodies.applePay)
            let refused = try await driver.call(
                "attempt-payload", on: "ApplePay", body: SDKBodies.attemptPayload("bm90IGEgdG9rZW4="))
            #expect(refused.status == 400)
            #expect(
                try refused.object["problems"]?.arrayValue?.first?.objectValue?["name"] == .string("paymentPayload"))
            // The SDK turns every attempt-payload error into a TechnicalError.
            try await driver.call(
                "fail-payment-attempt", on: "ApplePay", body: SDKBodies.fail("TechnicalError", errorCode: "Bad payload")
            )
            let problem = try #require(driver.model["problem"]?.objectValue)
            #expect(problem["type"] == .string("https://api.payex.com/psp/errordetail/paymentorders/technicalerror"))
            let order = try await Self.order(harness, record)
            #expect(order.failedAttempts.map(\.status.rawValue) == ["Failed"])
            #expect(order.status == .initialized)
        }
    }

    @Test func abort() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await Self.prepared(client, harness)
            let before = driver.roundTrips
            try await driver.call("abort-payment")
            #expect(try Self.redirect(driver) == Self.cancel)
            #expect(driver.roundTrips - before == 1)
            let order = try await Self.order(harness, record)
            #expect(order.status == .aborted)
            #expect(order.abortReason == "Payment aborted by payer")
        }
    }

    @Test(.tags(.refusal)) func abortIsRefusedWhileSwishWaits() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await Self.prepared(client, harness)
            let abort = try driver.operation("abort-payment")
            try await driver.call("start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: nil))
            let refused = try await driver.post(try #require(abort["href"]?.stringValue))
            #expect(refused.status == 409)
            #expect(
                try refused.object["type"]
                    == .string("https://api.payex.com/psp/errordetail/paymentsessions/operationnotallowed"))
            #expect(try await Self.order(harness, record).status == .initialized)
        }
    }

    @Test func customizeToInstrumentModeThenPay() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await Self.prepared(client, harness)
            try await driver.call("customize-payment", body: SDKBodies.customize(paymentMethod: "Swish"))
            let session = try #require(driver.model["paymentSession"]?.objectValue)
            #expect(session["instrumentModePaymentMethod"] == .string("Swish"))
            #expect(session["methods"]?.arrayValue?.count == 1)
            #expect(try driver.operation("view-payment")["href"]?.stringValue?.contains(record.viewToken) == true)
            try await driver.call("start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: nil))
            let launch = try PaymentSessionDriver.task(of: try driver.operation("get-payment", on: "Swish"))
            let href = try #require(launch["href"]?.stringValue)
            // The Android SDK encodes the callback once; the Swish app decodes it the same.
            let answer = try await PaymentSessionBrowser.swishApp(
                href + "&callbackurl=https%3A%2F%2Fmerchant.example%2Fsdk-callback%2Fpayment", action: "approve", client
            )
            #expect(try answer.json == json(#"{"callbackUrl": "\#(Self.paymentUrl)"}"#))
            try await driver.call("get-payment", on: "Swish")
            #expect(try Self.redirect(driver) == Self.complete)
        }
    }

    @Test func beaconsAreLogged() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await Self.prepared(client, harness)
            let logged = try await driver.call("event-logging", body: SDKBodies.beacon)
            #expect(logged.status == 204)
            #expect(logged.body.isEmpty)
            let events = try await client.send(
                .get, "/sandbox/events?paymentSession=\(record.sessionToken)", token: nil
            ).object
            let event = try #require(events["events"]?.arrayValue?.first?.objectValue)
            #expect(event["paymentSession"] == .string(record.sessionToken))
            #expect(try event["event"] == json(SDKBodies.beacon))
            #expect(event["received"]?.stringValue?.hasSuffix("Z") == true)
            let none = try await client.send(.get, "/sandbox/events?paymentSession=other", token: nil).object
            #expect(none["events"] == .array([]))
            let notJSON = try await driver.call("event-logging", body: "[1]")
            #expect(notJSON.status == 400)
        }
    }
}
