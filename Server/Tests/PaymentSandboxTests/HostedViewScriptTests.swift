import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The `view-*` scripts and the pages they frame, over HTTP: content types, status codes, the
/// boot values, escaping, and the dashboard.
@Suite struct HostedViewScriptTests {
    typealias F = HostedViewFixtures
    static let javascript = "application/javascript; charset=utf-8"
    static let html = "text/html; charset=utf-8"

    @Test func theV3ScriptDefinesTheFactoryAndPointsAtTheFrame() async throws {
        try await SandboxHarness().run { client in
            let (id, token) = try await F.create(client)
            let reply = try await client.send(.get, "/checkout/client/\(token)?culture=en-US", token: nil)
            #expect(reply.status == 200)
            #expect(reply.contentType == Self.javascript)
            #expect(reply.headers[.cacheControl] == "no-store")
            #expect(reply.text.contains("hostedView[boot.kind] = function (config)"))
            let boot = try F.boot("boot", in: reply.text)
            #expect(boot["kind"] == .string("checkout"))
            #expect(boot["frameUrl"] == .string("http://sandbox.test/checkout/frame/\(token)"))
            #expect(boot["origin"] == .string("http://sandbox.test"))
            #expect(boot["culture"] == .string("en-US"))
            #expect(boot["paymentOrderId"] == .string("/psp/paymentorders/\(id)"))
            #expect(boot["error"] == .null)
            // An unsupported culture falls back to the order's language.
            let other = try await client.send(.get, "/checkout/client/\(token)?culture=xx-XX", token: nil)
            #expect(try F.boot("boot", in: other.text)["culture"] == .string("sv-SE"))
        }
    }

    @Test func anUnknownTokenStillLoadsAScriptThatReportsAnError() async throws {
        try await SandboxHarness().run { client in
            let reply = try await client.send(.get, "/checkout/client/unknown", token: nil)
            #expect(reply.status == 200)
            #expect(reply.contentType == Self.javascript)
            let boot = try F.boot("boot", in: reply.text)
            #expect(boot["frameUrl"] == .null)
            #expect(boot["error"]?.stringValue?.contains("No payment order has the view token unknown") == true)
            let consumer = try await client.send(
                .get, "/consumers/core/scripts/client/px.consumer.client.js?token=nope", token: nil)
            #expect(consumer.contentType == Self.javascript)
            #expect(
                try F.boot("boot", in: consumer.text)["error"]?.stringValue?.contains("No consumer session") == true)
        }
    }

    @Test func theV2ScriptServesV2OrdersOnly() async throws {
        try await SandboxHarness().run { client in
            let (_, v2) = try await F.create(client, F.order(v3: false))
            let path = "/paymentmenu/core/scripts/client/px.paymentmenu.client.js?token=\(v2)&culture=sv-SE"
            let reply = try await client.send(.get, path, token: nil)
            #expect(reply.contentType == Self.javascript)
            let boot = try F.boot("boot", in: reply.text)
            #expect(boot["kind"] == .string("paymentMenu"))
            #expect(boot["frameUrl"] == .string("http://sandbox.test/checkout/frame/\(v2)"))
            let (_, v3) = try await F.create(client, F.order { $0["payeeInfo"] = Self.payee("v3") })
            let wrong = try await client.send(.get, path.replacingOccurrences(of: v2, with: v3), token: nil)
            #expect(try F.boot("boot", in: wrong.text)["frameUrl"] == .null)
        }
    }

    @Test func requestValuesCannotBreakOutOfTheScript() async throws {
        try await SandboxHarness().run { client in
            let evil = "%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E%22%27"
            let reply = try await client.send(
                .get, "/paymentmenu/core/scripts/client/px.paymentmenu.client.js?token=\(evil)", token: nil)
            #expect(!reply.text.contains("</script>"))
            #expect(!reply.text.contains("<script>"))
            #expect(try F.boot("boot", in: reply.text)["token"] == .string("</script><script>alert(1)</script>\"'"))
        }
    }

    @Test func theMenuPageShowsTheOrderEscapedAndRecordsTheLoad() async throws {
        try await SandboxHarness().run { client in
            let (id, token) = try await F.create(
                client, F.order { $0["description"] = .string("<b>Shoes</b> & \"socks\"") })
            let origin = "https%3A%2F%2Fshop.example"
            let reply = try await client.send(
                .get, "/checkout/frame/\(token)?culture=en-US&origin=\(origin)", token: nil)
            #expect(reply.status == 200)
            #expect(reply.contentType == Self.html)
            #expect(reply.text.contains("&lt;b&gt;Shoes&lt;/b&gt; &amp; &quot;socks&quot;"))
            #expect(!reply.text.contains("<b>Shoes"))
            #expect(reply.text.contains(#"<html lang="en">"#))
            #expect(reply.text.contains("Pay SEK\u{00A0}15.00"))
            for instrument in ["CreditCard", "Swish", "Invoice-PayExFinancingSe", "Trustly", "ApplePay"] {
                #expect(reply.text.contains(#"id="choose-\#(instrument)""#))
            }
            #expect(reply.text.contains(#"<label for="card-number">Card number</label>"#))
            #expect(
                reply.text.contains(#"name="saved-card" value="\#(SavedCardPrefill.sandboxCards[0].paymentToken)""#))
            #expect(reply.text.contains(#"id="terms" href="https://shop.example/terms""#))
            #expect(reply.text.contains(#"id="cancel-payment""#))
            let boot = try F.boot("menuBoot", in: reply.text)
            #expect(boot["parentOrigin"] == .string("https://shop.example"))
            #expect(boot["initial"] == .object(["outcome": .string("idle")]))
            #expect(boot["api"] == .string("http://sandbox.test/checkout/frame/\(token)"))
            let order = try await F.read(client, id)
            #expect(order["integration"] == .string("HostedView"))
        }
    }

    @Test func onlyRealOriginsAreTrustedAsTheParent() async throws {
        try await SandboxHarness().run { client in
            let (_, token) = try await F.create(client)
            for (origin, expected) in [
                ("null", SwedbankPaySDK.JSONValue.string("null")), ("javascript%3Aalert(1)", .null),
                ("https%3A%2F%2Fshop.example%2Fpath", .null),
                ("http%3A%2F%2F127.0.0.1%3A8080", .string("http://127.0.0.1:8080")),
            ] {
                let reply = try await client.send(.get, "/checkout/frame/\(token)?origin=\(origin)", token: nil)
                #expect(try F.boot("menuBoot", in: reply.text)["parentOrigin"] == expected, "\(origin)")
            }
        }
    }

    @Test func instrumentModeAndConsentShapeTheMenu() async throws {
        try await SandboxHarness().run { client in
            let (_, token) = try await F.create(
                client,
                F.order {
                    $0["instrument"] = .string("CreditCard")
                    $0["disableStoredPaymentDetails"] = .bool(true)
                    $0["enablePaymentDetailsConsentCheckbox"] = .bool(true)
                })
            let page = try await client.send(.get, "/checkout/frame/\(token)", token: nil).text
            #expect(page.contains(#"id="choose-CreditCard""#))
            #expect(!page.contains(#"id="choose-Swish""#))
            #expect(!page.contains(#"aria-expanded="false""#))
            #expect(page.contains(#"id="consent""#))
            #expect(!page.contains(#"name="saved-card""#))
        }
    }

    @Test func unknownFramesAre404Pages() async throws {
        try await SandboxHarness().run { client in
            let menu = try await client.send(.get, "/checkout/frame/nope", token: nil)
            #expect(menu.status == 404)
            #expect(menu.contentType == Self.html)
            let checkin = try await client.send(.get, "/consumers/frame/nope", token: nil)
            #expect(checkin.status == 404)
            let state = try await client.send(.get, "/checkout/frame/nope/state", token: nil)
            #expect(state.status == 404)
            #expect(state.contentType == "application/problem+json")
        }
    }

    @Test func theDashboardIsAPageAndAttemptsAreListed() async throws {
        try await SandboxHarness().run { client in
            for path in ["/sandbox", "/sandbox/"] {
                let page = try await client.send(.get, path, token: nil)
                #expect(page.status == 200, "\(path)")
                #expect(page.contentType == Self.html)
                #expect(page.text.contains("/sandbox/paymentorders"))
            }
            let (_, token) = try await F.create(client)
            _ = try await F.post(client, "/checkout/frame/\(token)/attempts", #"{"instrument": "Trustly"}"#)
            let attempts = try await client.send(.get, "/sandbox/attempts", token: nil)
            #expect(attempts.contentType == "application/json; charset=utf-8")
            let rows = try #require(try attempts.object["attempts"]?.arrayValue)
            #expect(rows.map { $0.objectValue?["result"] } == [.string("started")])
        }
    }

    static func payee(_ reference: String) -> SwedbankPaySDK.JSONValue {
        .object(["payeeId": .string(PaymentOrdersFixture.payeeId), "payeeReference": .string(reference)])
    }
}
