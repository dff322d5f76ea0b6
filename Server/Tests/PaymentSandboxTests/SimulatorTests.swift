import Foundation
import Hummingbird
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The Swish app and 3-D Secure ACS simulators, and their building blocks.
@Suite struct SimulatorTests {
    static let paymentUrl = "https://merchant.example/sdk-callback/payment"

    @Test func theSwishURLDecodesTheCallbackHoweverOftenItWasEncoded() throws {
        let href = "swish://paymentrequest?token=abc123"
        let iOS = try PaymentSessionBrowser.iOSLaunchURL(href, paymentUrl: Self.paymentUrl)
        #expect(
            SwishAppURL(iOS)
                == SwishAppURL(href + "&callbackurl=https%3A%2F%2Fmerchant.example%2Fsdk-callback%2Fpayment"))
        #expect(SwishAppURL(iOS)?.callbackURL == Self.paymentUrl)
        #expect(SwishAppURL(iOS)?.swishToken == "abc123")
        // An empty callbackurl followed by the appended one (iOS adds, never replaces).
        #expect(SwishAppURL(href + "&callbackurl=&callbackurl=myapp%3A%2F%2Fpay")?.callbackURL == "myapp://pay")
        #expect(SwishAppURL(href)?.callbackURL == nil)
        #expect(SwishAppURL("https://paymentrequest?token=a") == nil)
        #expect(SwishAppURL("swish://paymentrequest?callbackurl=x") == nil)
    }

    @Test func threeDSecureMessagesAreBase64URLJSON() throws {
        let transaction = ThreeDSecureTransaction(serverTransactionID: "server-1", acsTransactionID: "acs-1")
        let cres = transaction.cres(approved: true)
        #expect(!cres.contains("=") && !cres.contains("+") && !cres.contains("/"))
        var base64 = cres.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let decoded = try #require(Data(base64Encoded: base64))
        #expect(
            try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: decoded)
                == json(
                    #"{"threeDSServerTransID": "server-1", "acsTransID": "acs-1", "messageType": "CRes", "messageVersion": "2.2.0", "transStatus": "Y"}"#
                ))
        #expect(ThreeDSecureMessage(encoded: transaction.creq)?.messageType == "CReq")
        #expect(ThreeDSecureMessage(encoded: transaction.creq)?.transStatus == nil)
        #expect(ThreeDSecureMessage(encoded: "%%%") == nil)
    }

    @Test func formBodiesDecodeLikeBrowsersEncode() {
        let encoded = FormBody.encode([("cres", "a-b_c"), ("url", "https://x.example/a?b=c&d"), ("s", "a b+c")])
        #expect(
            FormBody.fields(Data(encoded.utf8)) == ["cres": "a-b_c", "url": "https://x.example/a?b=c&d", "s": "a b+c"])
        #expect(FormBody.fields(Data("a=1+2&b&=x&a=3".utf8)) == ["a": "3", "b": ""])
    }

    @Test func theSwishAppNeedsAKnownTokenAndACallback() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            let unknown = try await PaymentSessionBrowser.swishApp(
                "swish://paymentrequest?token=nope&callbackurl=https%3A%2F%2Fm.example", action: "approve", client)
            #expect(unknown.status == 404)
            let noCallback = try await PaymentSessionBrowser.swishApp(
                "swish://paymentrequest?token=nope", action: "approve", client)
            #expect(noCallback.status == 400)
            #expect(
                try noCallback.json
                    == json(
                        """
                        {"type": "https://api.payex.com/psp/errordetail/inputerror", "title": "Error in input data", "status": 400,
                         "detail": "The request body is invalid.",
                         "problems": [{"name": "callbackurl", "description": "The URL has no callbackurl: the Swish app would not know where to return."}]}
                        """))
            let notSwish = try await PaymentSessionBrowser.swishApp("https://example.com", action: "approve", client)
            #expect(try notSwish.object["problems"]?.arrayValue?.first?.objectValue?["name"] == .string("url"))
            let badAction = try await PaymentSessionBrowser.swishApp(
                "swish://paymentrequest?token=t&callbackurl=x%3A%2F%2Fy", action: "maybe", client)
            #expect(try badAction.object["problems"]?.arrayValue?.first?.objectValue?["name"] == .string("action"))
        }
    }

    @Test func aSwishRequestIsAnsweredOnce() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await PaymentSessionFlowTests.prepared(client, harness)
            try await driver.call("start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: nil))
            let href = try #require(
                try PaymentSessionDriver.task(of: try driver.operation("get-payment", on: "Swish"))["href"]?.stringValue
            )
            let url = try PaymentSessionBrowser.iOSLaunchURL(href, paymentUrl: Self.paymentUrl)
            let declined = try await PaymentSessionBrowser.swishApp(url, action: "decline", client)
            #expect(declined.status == 200)
            let again = try await PaymentSessionBrowser.swishApp(url, action: "approve", client)
            #expect(again.status == 409)
            #expect(try again.object["type"] == .string("https://api.payex.com/psp/errordetail/conflict"))
            let token = String(href.dropFirst("swish://paymentrequest?token=".count))
            #expect(
                try await client.send(
                    .post, "/sandbox/swish/\(token)/approve", token: nil, headers: SandboxClient.control
                ).status == 409)
            #expect(
                try await client.send(
                    .post, "/sandbox/swish/unknown/decline", token: nil, headers: SandboxClient.control
                ).status == 404)
            try await driver.fetch("/psp/paymentsessions/\(record.sessionToken)")
            #expect(
                driver.model["problem"]?.objectValue?["type"]
                    == .string("https://api.payex.com/psp/errordetail/usercancelled"))
            let order = try #require(await harness.sandbox.services.store.order(id: record.id))
            #expect(order.failedAttempts.count == 1)
        }
    }

    @Test func theACSPagesRefuseWhatTheyDidNotIssue() async throws {
        try await SandboxHarness().run { client in
            let form = "application/x-www-form-urlencoded"
            let base = PaymentSessionFixtures.base
            let garbage = try await PaymentSessionBrowser.submit(
                href: base + "/sandbox/acs/challenge", fields: [("creq", "not-a-creq")], contentType: form, client)
            #expect(garbage.status == 400)
            #expect(try garbage.object["problems"]?.arrayValue?.first?.objectValue?["name"] == .string("creq"))
            let methodData = ThreeDSecureTransaction(serverTransactionID: "x", acsTransactionID: "y")
                .methodData(notificationURL: "https://n.example")
            let unknown = try await PaymentSessionBrowser.submit(
                href: base + "/sandbox/acs/method", fields: [("threeDSMethodData", methodData)], contentType: form,
                client)
            #expect(unknown.status == 404)
            let missing = try await PaymentSessionBrowser.submit(
                href: base + "/sandbox/acs/method", fields: [], contentType: form, client)
            #expect(missing.status == 400)
            let notification = try await PaymentSessionBrowser.submit(
                href: base + "/psp/paymentsessions/nope/sca/notification", fields: [("cres", "x")],
                contentType: form, client)
            #expect(notification.status == 404)
        }
    }

    @Test func theChallengePageIsPlainHTMLForms() {
        let transaction = ThreeDSecureTransaction(serverTransactionID: "s&1", acsTransactionID: "a")
        let page = ThreeDSecurePages.challenge(
            transaction: transaction, notificationURL: "https://n.example/x?a=1&b=2", sessionData: "sd",
            amount: "15.00 SEK")
        #expect(page.contains(#"<form id="approve" method="post" action="https://n.example/x?a=1&amp;b=2">"#))
        #expect(page.contains(#"<form id="fail" method="post" action="https://n.example/x?a=1&amp;b=2">"#))
        #expect(page.contains(#"<input type="hidden" name="cres" value="\#(transaction.cres(approved: true))">"#))
        #expect(page.contains(#"<input type="hidden" name="cres" value="\#(transaction.cres(approved: false))">"#))
        #expect(page.contains("Transaction s&amp;1."))
        #expect(!page.contains("<script"))
    }

    @Test func sessionsAreListedAndForgottenOnReset() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            var (driver, record) = try await PaymentSessionFlowTests.prepared(client, harness)
            try await driver.call("start-payment-attempt", on: "Swish", body: SDKBodies.swish(msisdn: "+46739000009"))
            try await driver.call("event-logging", body: SDKBodies.beacon)
            let listed = try await client.send(.get, "/sandbox/sessions", token: nil).object
            let summary = try #require(listed["paymentSessions"]?.arrayValue?.first?.objectValue)
            let swishToken = try #require(summary["swish"]?.objectValue?["swishToken"]?.stringValue)
            #expect(
                try SwedbankPaySDK.JSONValue.object(summary)
                    == json(
                        """
                        {"token": "\(record.sessionToken)", "paymentOrder": "/psp/paymentorders/\(record.id)",
                         "phase": "swishOtherDevice", "instrumentModePaymentMethod": null, "restrictToPaymentMethods": null,
                         "hideStoredPaymentOptions": false, "expandedMethods": [], "problem": null,
                         "swish": {"swishToken": "\(swishToken)", "msisdn": "+46739000009", "attempt": 1},
                         "threeDSecure": null}
                        """))
            await harness.sandbox.reset()
            #expect(
                try await client.send(.get, "/sandbox/sessions", token: nil).json == json(#"{"paymentSessions": []}"#))
            #expect(try await client.send(.get, "/sandbox/events", token: nil).json == json(#"{"events": []}"#))
        }
    }
}
