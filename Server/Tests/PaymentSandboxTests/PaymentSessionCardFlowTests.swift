import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Saved-card payments over HTTP as the SDK runs them, 3-D Secure pages included.
@Suite struct PaymentSessionCardFlowTests {
    @Test func aFrictionlessSavedCard() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await PaymentSessionFlowTests.prepared(client, harness)
            try await driver.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            try await driver.call(
                "start-payment-attempt", on: "CreditCard", body: SDKBodies.card(PaymentSessionFixtures.visaToken))
            #expect(try PaymentSessionFlowTests.redirect(driver) == PaymentSessionFlowTests.complete)
            #expect(driver.roundTrips == 4)
            let order = try await PaymentSessionFlowTests.order(harness, record)
            #expect(order.paid?.details["acquirerTransactionType"] == "STANDARD")
            // expand-method is the payer expanding the card in the app's menu: the portal's
            // PaymentInstrumentSelected, initiated by the payer.
            #expect(
                order.history.map { "\($0.name.rawValue) \($0.initiatedBy.rawValue) \($0.instrument?.rawValue ?? "-")" }
                    == [
                        "PaymentLoaded PaymentGateway -", "PaymentInstrumentSelected Payer CreditCard",
                        "PaymentAttemptStarted Payer CreditCard", "PaymentPaid Payer CreditCard",
                    ])
        }
    }

    @Test func aSavedCardWithAThreeDSMethodAndNoChallenge() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            await harness.sandbox.services.store.addToken(
                PaymentSessionFixtures.storedCard(
                    "AB1234", token: "network-visa", pan: "411111******3211", expiry: "09/35"))
            var (driver, record) = try await PaymentSessionFlowTests.prepared(client, harness)
            try await driver.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            try await driver.call(
                "start-payment-attempt", on: "CreditCard", body: SDKBodies.card("network-visa"))
            let create = try driver.operation("create-authentication", on: "CreditCard")
            // Branch 12: the hidden web view loads the method page (not a session-API call).
            let method = try await PaymentSessionBrowser.load(try PaymentSessionDriver.task(of: create), client)
            #expect(method.status == 200)
            #expect(method.contentType == "text/html; charset=utf-8")
            #expect(method.text.contains("3-D Secure method completed."))
            let sessions = try await client.send(.get, "/sandbox/sessions", token: nil).object
            let threeDS = sessions["paymentSessions"]?.arrayValue?.first?.objectValue?["threeDSecure"]?.objectValue
            #expect(threeDS?["methodCompleted"] == .bool(true))
            // Branch 13: create-authentication with Y and the expected NotificationUrl.
            let notificationUrl = try PaymentSessionDriver.expectation("NotificationUrl", in: create)
            try await driver.call(
                "create-authentication", on: "CreditCard",
                body: SDKBodies.createAuthentication(indicator: "Y", notificationUrl: notificationUrl))
            #expect(try PaymentSessionFlowTests.redirect(driver) == PaymentSessionFlowTests.complete)
            #expect(driver.roundTrips == 5)
            let order = try await PaymentSessionFlowTests.order(harness, record)
            #expect(order.paid?.details["acquirerTransactionType"] == "3DSECURE")
            #expect(order.paid?.details["expiryDate"] == "09/2035")
        }
    }

    /// Runs a challenge with the MasterCard: start, method page, create-authentication, the ACS
    /// page submitted with `button` as a browser would, the notification page, complete-authentication.
    static func challenge(_ driver: inout PaymentSessionDriver, _ client: SandboxClient, button: String) async throws {
        try await driver.call(
            "start-payment-attempt", on: "CreditCard", body: SDKBodies.card(PaymentSessionFixtures.masterCardToken))
        let create = try driver.operation("create-authentication", on: "CreditCard")
        #expect(try await PaymentSessionBrowser.load(try PaymentSessionDriver.task(of: create), client).status == 200)
        let notificationUrl = try PaymentSessionDriver.expectation("NotificationUrl", in: create)
        try await driver.call(
            "create-authentication", on: "CreditCard",
            body: SDKBodies.createAuthentication(indicator: "Y", notificationUrl: notificationUrl))
        // Branch 14: the SDK shows its web view and loads the challenge.
        let complete = try driver.operation("complete-authentication", on: "CreditCard")
        let page = try await PaymentSessionBrowser.load(try PaymentSessionDriver.task(of: complete), client)
        #expect(page.status == 200)
        #expect(page.contentType == "text/html; charset=utf-8")
        #expect(page.text.contains("Bekräfta betalningen på 15,00\u{00A0}kr."))  // the order's sv-SE
        // The cardholder presses the button; the form posts to the NotificationUrl, where the SDK
        // takes `cres` from the navigation.
        let submitted = try await PaymentSessionBrowser.submitForm(button, of: page.text, client)
        #expect(submitted.action == notificationUrl)
        #expect(submitted.reply.status == 200)
        #expect(submitted.reply.text.contains("Authentication finished."))
        let cres = try #require(submitted.fields["cres"])
        #expect(ThreeDSecureMessage(encoded: cres)?.transStatus == (button == "approve" ? "Y" : "N"))
        #expect(submitted.fields["threeDSSessionData"] != nil)
        // Branch 15.
        try await driver.call("complete-authentication", on: "CreditCard", body: SDKBodies.completeAuthentication(cres))
    }

    @Test func aSavedCardWithAChallenge() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await PaymentSessionFlowTests.prepared(client, harness)
            try await driver.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            try await Self.challenge(&driver, client, button: "approve")
            #expect(try PaymentSessionFlowTests.redirect(driver) == PaymentSessionFlowTests.complete)
            #expect(driver.roundTrips == 6)
            let order = try await PaymentSessionFlowTests.order(harness, record)
            #expect(order.paid?.details["maskedPan"] == "522661******3406")
            // The page of a finished challenge is gone.
            let creq = ThreeDSecureTransaction(serverTransactionID: "x", acsTransactionID: "y").creq
            let stale = try await PaymentSessionBrowser.submit(
                href: PaymentSessionFixtures.base + "/sandbox/acs/challenge", fields: [("creq", creq)],
                contentType: "application/x-www-form-urlencoded", client)
            #expect(stale.status == 404)
        }
    }

    @Test func aFailedChallengeThenAFrictionlessCard() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await PaymentSessionFlowTests.prepared(client, harness)
            try await driver.call("expand-method", on: "CreditCard", body: SDKBodies.expand("CreditCard"))
            try await Self.challenge(&driver, client, button: "fail")
            let problem = try #require(driver.model["problem"]?.objectValue)
            #expect(problem["type"] == .string("https://api.payex.com/psp/errordetail/creditcard/3dsecuredeclined"))
            #expect(
                try await driver.post(try #require(problem["operation"]?.objectValue?["href"]?.stringValue)).status
                    == 204)
            try await driver.call(
                "start-payment-attempt", on: "CreditCard", body: SDKBodies.card(PaymentSessionFixtures.visaToken))
            #expect(try PaymentSessionFlowTests.redirect(driver) == PaymentSessionFlowTests.complete)
            let order = try await PaymentSessionFlowTests.order(harness, record)
            #expect(order.failedAttempts.count == 1)
            #expect(order.status == .paid)
        }
    }
}
