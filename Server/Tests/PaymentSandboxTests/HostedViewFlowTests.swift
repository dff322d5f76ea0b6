import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Paying through the menu's endpoints over HTTP, as the menu's script and the pages inside it
/// do, and what the merchant then reads.
@Suite struct HostedViewFlowTests {
    typealias F = HostedViewFixtures

    @Test func aCardPaysAndTheMerchantSeesItPaid() async throws {
        try await SandboxHarness().run { client in
            let (id, token) = try await F.create(client)
            let body =
                #"{"instrument": "CreditCard", "card": {"number": "4925 0000 0000 0004", "expiry": "12/30", "cvc": "123"}}"#
            let reply = try await F.post(client, "/checkout/frame/\(token)/attempts", body)
            #expect(reply.status == 200)
            #expect(try reply.object["outcome"] == .string("paid"))
            #expect(try reply.object["redirectUrl"] == .string("https://shop.example/complete"))
            #expect(try await F.read(client, id)["status"] == .string("Paid"))
            let again = try await F.post(client, "/checkout/frame/\(token)/attempts", body)
            #expect(again.status == 409)
            let state = try await client.send(.get, "/checkout/frame/\(token)/state", token: nil)
            #expect(try state.object["outcome"] == .string("paid"))
        }
    }

    @Test func badCardsAre400sNamingTheFieldsAndStartNothing() async throws {
        try await SandboxHarness().run { client in
            let (id, token) = try await F.create(client)
            let reply = try await F.post(
                client, "/checkout/frame/\(token)/attempts",
                #"{"instrument": "CreditCard", "card": {"number": "4925000000000005", "expiry": "1/2", "cvc": ""}}"#)
            #expect(reply.status == 400)
            #expect(reply.contentType == "application/problem+json")
            let names = try reply.object["problems"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue }
            #expect(names == ["card.number", "card.expiry", "card.cvc"])
            #expect(try await F.read(client, id)["status"] == .string("Initialized"))
            let other = try await F.post(client, "/checkout/frame/\(token)/attempts", #"{"instrument": "Vipps"}"#)
            #expect(other.status == 400)
            let notJSON = try await F.post(client, "/checkout/frame/\(token)/attempts", "instrument=CreditCard")
            #expect(notJSON.status == 400)
        }
    }

    @Test func theChallengeRunsOnTheACSPageAndEndsInTheMenu() async throws {
        for approve in [true, false] {
            try await SandboxHarness().run { client in
                let (id, token) = try await F.create(client)
                let started = try await F.post(
                    client, "/checkout/frame/\(token)/attempts",
                    #"{"instrument": "CreditCard", "card": {"number": "5226612199533406", "expiry": "12/30", "cvc": "123"}}"#
                )
                #expect(try started.object["outcome"] == .string("challenge"))
                #expect(try started.object["acsUrl"] == .string("http://sandbox.test/checkout/frame/\(token)/acs"))
                let creq = try #require(try started.object["creq"]?.stringValue)
                #expect(try await F.form(client, "/checkout/frame/\(token)/acs", [("creq", "forged")]).status == 400)
                let acs = try await F.form(client, "/checkout/frame/\(token)/acs", [("creq", creq)])
                #expect(acs.status == 200)
                #expect(acs.contentType == "text/html; charset=utf-8")
                let form = approve ? "approve" : "fail"
                let submitted = try await PaymentSessionBrowser.submitForm(form, of: acs.text, client)
                #expect(submitted.action == "http://sandbox.test/checkout/frame/\(token)/notification")
                #expect(submitted.reply.status == 200)
                #expect(submitted.reply.text.contains("subviewFinished"))
                let state = try await client.send(.get, "/checkout/frame/\(token)/state", token: nil)
                #expect(try state.object["outcome"] == .string(approve ? "paid" : "failed"))
                #expect(try await F.read(client, id)["status"] == .string(approve ? "Paid" : "Initialized"))
            }
        }
    }

    @Test func swishWaitsUntilThePayerAnswers() async throws {
        try await SandboxHarness().run { client in
            let (id, token) = try await F.create(client)
            let bad = try await F.post(
                client, "/checkout/frame/\(token)/attempts", #"{"instrument": "Swish", "msisdn": "070"}"#)
            #expect(try bad.object["problems"]?.arrayValue?.first?.objectValue?["name"] == .string("msisdn"))
            let started = try await F.post(
                client, "/checkout/frame/\(token)/attempts", #"{"instrument": "Swish", "msisdn": "+46739000001"}"#)
            #expect(try started.object["outcome"] == .string("swishPending"))
            let polled = try await client.send(.get, "/checkout/frame/\(token)/state", token: nil)
            #expect(try polled.object["outcome"] == .string("swishPending"))
            #expect(try await F.post(client, "/checkout/frame/\(token)/swish/maybe").status == 404)
            let approved = try await F.post(client, "/checkout/frame/\(token)/swish/approve")
            #expect(try approved.object["outcome"] == .string("paid"))
            #expect(try await F.read(client, id)["status"] == .string("Paid"))
        }
    }

    /// In the browser the payer decides: with the sandbox's defaults (whose native other-device
    /// Swish approves itself after 3 s) a Swish payment on the page still waits a minute later;
    /// it approves itself only when `swishWebApprovalDelay` asks for it.
    @Test func swishInThePageWaitsForThePayerUnlessADelayIsAskedFor() async throws {
        let defaults = SandboxHarness {
            $0.swishOtherDeviceApprovalDelay = SandboxConfiguration().swishOtherDeviceApprovalDelay
        }
        try await defaults.run { client in
            let (id, token) = try await F.create(client)
            let started = try await F.post(
                client, "/checkout/frame/\(token)/attempts", #"{"instrument": "Swish", "msisdn": "+46739000001"}"#)
            #expect(try started.object["outcome"] == .string("swishPending"))
            defaults.clock.advance(by: 60)
            let polled = try await client.send(.get, "/checkout/frame/\(token)/state", token: nil)
            #expect(try polled.object["outcome"] == .string("swishPending"))
            #expect(try await F.read(client, id)["status"] == .string("Initialized"))
        }
        let asked = SandboxHarness { $0.swishWebApprovalDelay = 3 }
        try await asked.run { client in
            let (id, token) = try await F.create(client)
            _ = try await F.post(
                client, "/checkout/frame/\(token)/attempts", #"{"instrument": "Swish", "msisdn": "+46739000001"}"#)
            asked.clock.advance(by: 3)
            let polled = try await client.send(.get, "/checkout/frame/\(token)/state", token: nil)
            #expect(try polled.object["outcome"] == .string("paid"))
            #expect(try await F.read(client, id)["status"] == .string("Paid"))
        }
    }

    /// The Swedish forms a payer types into the Swish field, written as the menu sends them.
    @Test(arguments: [
        ("0739000001", "+46739000001"), ("073-900 00 01", "+46739000001"), ("0046739000001", "+46739000001"),
        ("+46 73 900 00 01", "+46739000001"),
    ])
    func swishTakesSwedishNumberForms(typed: String, normalized: String) throws {
        #expect(try HostedViewPayment.swishNumber(typed, nationalPrefix: "+46") == normalized)
    }

    @Test func theInvoicePageApprovesInsideTheMenu() async throws {
        try await SandboxHarness().run { client in
            let (id, token) = try await F.create(client)
            #expect(try await client.send(.get, "/checkout/frame/\(token)/invoice", token: nil).status == 409)
            let started = try await F.post(
                client, "/checkout/frame/\(token)/attempts", #"{"instrument": "Invoice-PayExFinancingSe"}"#)
            #expect(try started.object["url"] == .string("http://sandbox.test/checkout/frame/\(token)/invoice"))
            let page = try await client.send(.get, "/checkout/frame/\(token)/invoice", token: nil)
            #expect(page.text.contains("Betala 15,00\u{00A0}kr mot faktura"))  // the order's sv-SE
            let done = try await F.form(client, "/checkout/frame/\(token)/invoice", [("action", "approve")])
            #expect(done.text.contains("subviewFinished"))
            #expect(try await F.read(client, id)["status"] == .string("Paid"))
        }
    }

    @Test func theBankIsOnAnotherHostAndReturnsThroughPaymentUrl() async throws {
        try await SandboxHarness(configure: { $0.publicBaseURL = URL(string: "http://127.0.0.1:8081") }).run { client in
            let (id, token) = try await F.create(client)
            let started = try await F.post(client, "/checkout/frame/\(token)/attempts", #"{"instrument": "Trustly"}"#)
            #expect(try started.object["outcome"] == .string("redirect"))
            #expect(try started.object["redirectUrl"] == .string("http://localhost:8081/sandbox/bank/\(token)"))
            let page = try await client.send(.get, "/sandbox/bank/\(token)", token: nil)
            #expect(page.status == 200)
            #expect(page.text.contains(#"action="/sandbox/bank/\#(token)""#))
            let back = try await F.form(client, "/sandbox/bank/\(token)", [("action", "approve")])
            #expect(back.status == 303)
            #expect(back.headers[.location] == "https://shop.example/pay?order=1")
            #expect(try await F.read(client, id)["status"] == .string("Paid"))
            // The re-opened view reports the payment.
            let menu = try await client.send(.get, "/checkout/frame/\(token)", token: nil)
            #expect(try F.boot("menuBoot", in: menu.text)["initial"]?.objectValue?["outcome"] == .string("paid"))
        }
    }

    @Test func cancellingAtTheBankIsReportedOnceWhenTheViewReopens() async throws {
        try await SandboxHarness().run { client in
            let (id, token) = try await F.create(client)
            _ = try await F.post(client, "/checkout/frame/\(token)/attempts", #"{"instrument": "Trustly"}"#)
            let back = try await F.form(client, "/sandbox/bank/\(token)", [("action", "cancel")])
            #expect(back.status == 303)
            #expect(try await F.read(client, id)["status"] == .string("Initialized"))
            let first = try await client.send(.get, "/checkout/frame/\(token)", token: nil)
            #expect(
                try F.boot("menuBoot", in: first.text)["initial"]?.objectValue?["outcome"] == .string("attemptAborted"))
            let second = try await client.send(.get, "/checkout/frame/\(token)", token: nil)
            #expect(try F.boot("menuBoot", in: second.text)["initial"]?.objectValue?["outcome"] == .string("idle"))
        }
    }

    @Test func thePayerCancelsAndTheMerchantSeesItAborted() async throws {
        try await SandboxHarness().run { client in
            let (id, token) = try await F.create(client)
            let reply = try await F.post(client, "/checkout/frame/\(token)/abort")
            #expect(
                try reply.object == [
                    "outcome": .string("aborted"), "redirectUrl": .string("https://shop.example/cancel"),
                ])
            let order = try await F.read(client, id)
            #expect(order["status"] == .string("Aborted"))
            #expect(try await F.post(client, "/checkout/frame/\(token)/abort").status == 409)
        }
    }

    @Test func aMerchantAbortIsSeenAtTheNextRefresh() async throws {
        try await SandboxHarness().run { client in
            let (id, token) = try await F.create(client)
            let abort = #"{"paymentorder": {"operation": "Abort", "abortReason": "CancelledByConsumer"}}"#
            #expect(try await client.send(.patch, "/psp/paymentorders/\(id)", json: abort).status == 200)
            let menu = try await client.send(.get, "/checkout/frame/\(token)", token: nil)
            #expect(try F.boot("menuBoot", in: menu.text)["initial"]?.objectValue?["outcome"] == .string("aborted"))
        }
    }

    @Test func thePayerIdentifiesBeforeChoosing() async throws {
        try await SandboxHarness().run { client in
            let (_, token) = try await F.create(
                client,
                F.order {
                    var payer = $0["payer"]!.objectValue!
                    payer["requireConsumerInfo"] = .bool(true)
                    $0["payer"] = .object(payer)
                })
            let before = try await client.send(.get, "/checkout/frame/\(token)", token: nil).text
            #expect(before.contains(#"id="payer-form""#))
            #expect(before.contains(#"<div id="instruments" hidden>"#))
            let bad = try await F.post(client, "/checkout/frame/\(token)/payer", #"{"email": "x"}"#)
            #expect(bad.status == 400)
            let good = try await F.post(client, "/checkout/frame/\(token)/payer", #"{"email": "ada@example.com"}"#)
            #expect(try good.object == ["payerIdentified": .bool(true)])
            let after = try await client.send(.get, "/checkout/frame/\(token)", token: nil).text
            #expect(after.contains(#"<section id="payer" class="card" aria-labelledby="payer-title" hidden>"#))
            #expect(after.contains(#"<div id="instruments">"#))
            #expect(after.contains(#"<p id="payer-identified">"#))
            // "Not you?": the menu asks again.
            let forget = try await F.post(client, "/checkout/frame/\(token)/payer/forget", "{}")
            #expect(try forget.object == ["payerIdentified": .bool(false)])
            let again = try await client.send(.get, "/checkout/frame/\(token)", token: nil).text
            #expect(again.contains(#"<div id="instruments" hidden>"#))
            #expect(again.contains(#"<p id="payer-identified" hidden>"#))
        }
    }

    @Test func checkinIdentifiesTheConsumerSession() async throws {
        try await SandboxHarness().run { client in
            let created = try await client.send(
                .post, "/psp/consumers",
                json:
                    #"{"operation": "initiate-consumer-session", "language": "sv-SE", "shippingAddressRestrictedToCountryCodes": ["SE"]}"#
            )
            let token = try #require(try created.object["token"]?.stringValue)
            let page = try await client.send(
                .get, "/consumers/frame/\(token)?origin=https%3A%2F%2Fshop.example", token: nil)
            #expect(page.status == 200)
            #expect(page.text.contains(#"<html lang="sv">"#))
            #expect(try F.boot("checkinBoot", in: page.text)["identified"] == .null)
            let bad = try await F.post(client, "/consumers/frame/\(token)/identify", #"{"email": "ada@example.com"}"#)
            #expect(bad.status == 400)
            let good = try await F.post(
                client, "/consumers/frame/\(token)/identify", #"{"email": "ada@example.com", "msisdn": "+46739000001"}"#
            )
            let ref = try #require(try good.object["consumerProfileRef"]?.stringValue)
            #expect(ref.count == 64)
            #expect(try good.object["shippingDetailsUrl"] == .string("/psp/consumers/\(ref)/shipping-details"))
            let again = try await F.post(
                client, "/consumers/frame/\(token)/identify", #"{"email": "ada@example.com", "msisdn": "+46739000001"}"#
            )
            #expect(try again.object["consumerProfileRef"] == .string(ref))
            let reopened = try await client.send(.get, "/consumers/frame/\(token)", token: nil)
            #expect(
                try F.boot("checkinBoot", in: reopened.text)["identified"]?.objectValue?["consumerProfileRef"]
                    == .string(ref))
            #expect(
                try await F.post(
                    client, "/consumers/frame/nope/identify", #"{"email": "a@b.se", "msisdn": "+46739000001"}"#
                ).status == 404)
        }
    }
}
