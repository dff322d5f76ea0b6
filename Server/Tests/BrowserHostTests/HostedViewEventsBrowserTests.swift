import BrowserHost
import Foundation
import SwedbankPaySDK
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Seamless View events the portal lists that need a situation of their own: `resume()` after
/// `onPaymentButtonPressed`, `onOutOfViewOpen`, `onPayerUnidentified` (v3) and `onPaymentFailed`
/// (v2), each fired when its situation happens, with the portal's payload.
@Suite(.serialized) struct HostedViewEventsBrowserTests {
    typealias Page = HostedViewMerchantPage
    typealias Checkout = HostedViewCheckoutBrowserTests

    /// The portal: with `onPaymentButtonPressed` subscribed, a Pay waits for `resume`; `false`
    /// pays nothing, `true` goes on.
    @Test func resumeDecidesAPaymentHeldForOnPaymentButtonPressed() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(
                Page.checkout(
                    scriptURL: order.scriptURL,
                    extraHandlers: #"onPaymentButtonPressed: function (n) { post("paymentButtonPressed", n); },"#),
                into: page)
            let menu = sandbox.menu(order)
            try await Checkout.payByCard("4925 0000 0000 0004", page, menu)
            let pressed = try await recorder.wait(for: "paymentButtonPressed")
            #expect(
                pressed
                    == .object([
                        "event": .string("OnPaymentButtonPressed"), "paymentOrder": .object(["id": .string(order.id)]),
                        "instrument": .string("CreditCard"),
                    ]))
            _ = try await page.evaluate(
                "window.view.resume({ paymentOrderId: \(Page.literal(order.id)), confirmation: false }), true")
            try await page.waitFor(
                "document.querySelector('#notice').textContent.indexOf('did not confirm') >= 0", in: menu,
                description: "the declined confirmation")
            #expect(try await sandbox.status(order) == "Initialized")
            try await page.click("#pay-card", in: menu)
            _ = try await recorder.wait(for: "paymentButtonPressed", after: 1)
            _ = try await page.evaluate(
                "window.view.resume({ paymentOrderId: \(Page.literal(order.id)), confirmation: true }), true")
            _ = try await recorder.wait(for: "onPaid")
            #expect(try await sandbox.status(order) == "Paid")
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func theStoredCardsInformationOpensOutOfViewAndTheNotYouLinkUnidentifiesThePayer() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder {
                $0["payer"] = .object(["requireConsumerInfo": .bool(true)])
            }
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            let menu = sandbox.menu(order)
            try await page.waitFor("document.querySelector('#payer-fill')", in: menu)
            try await page.click("#payer-fill", in: menu)
            try await page.click("#payer-continue", in: menu)
            _ = try await recorder.wait(for: "payerIdentified")
            try await page.click("#payer-forget", in: menu)
            let unidentified = try await recorder.wait(for: "generalEvent:OnPayerUnidentified")
            #expect(
                unidentified
                    == .object([
                        "sourceEvent": .string("OnPayerUnidentified"), "event": .string("OnPayerUnidentified"),
                        "paymentOrder": .object(["id": .string(order.id)]),
                    ]))
            try await page.waitFor(
                "!document.querySelector('#payer').hidden && document.querySelector('#instruments').hidden", in: menu,
                description: "the payer step again")
            try await page.click("#payer-continue", in: menu)
            _ = try await recorder.wait(for: "payerIdentified", after: 1)

            try await page.click("#choose-CreditCard", in: menu)
            try await page.click("#stored-cards-info", in: menu)
            let opened = try await recorder.wait(for: "generalEvent:OnOutOfViewOpen")
            let info = sandbox.base + "/checkout/about/stored-cards"
            #expect(
                opened
                    == .object([
                        "sourceEvent": .string("OnOutOfViewOpen"), "event": .string("OnOutOfViewOpen"),
                        "paymentOrder": .object(["id": .string(order.id)]), "openUrl": .string(info),
                    ]))
            // The page it names is alive.
            let (_, response) = try await URLSession.shared.data(from: try #require(URL(string: info)))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(await page.consoleErrors == [])
        }
    }

    /// A v2 order that failed (a declined merchant-initiated payment: no attempt can follow) tells
    /// its view `onPaymentFailed`.
    @Test func aFailedV2OrderReportsOnPaymentFailed() async throws {
        try await HostedViewSandbox.run { sandbox in
            let saver = try await sandbox.createOrder(v3: false) {
                $0["payer"] = .object(["payerReference": .string("events-payer")])
                $0["generateRecurrenceToken"] = .bool(true)
            }
            let saverID = String(saver.id.dropFirst("/psp/paymentorders/".count))
            _ = try await sandbox.call("POST", "/sandbox/paymentorders/\(saverID)/pay", body: .object([:]))
            let paid = try await sandbox.call("GET", saver.id + "/paid", body: nil)
            let tokens = paid.objectValue?["paid"]?.objectValue?["tokens"]?.arrayValue ?? []
            let token = try #require(tokens.first?.objectValue?["token"]?.stringValue)
            let recur = try await sandbox.call(
                "POST", "/psp/paymentorders",
                body: .object([
                    "paymentorder": .object([
                        "operation": .string("Recur"), "recurrenceToken": .string(token), "currency": .string("SEK"),
                        "amount": .integer(900361), "vatAmount": .integer(0), "description": .string("Declined box"),
                        "userAgent": .string("BrowserHostTests"), "language": .string("en-US"),
                        "urls": .object(["callbackUrl": .string("https://shop.example/callback")]),
                        "payeeInfo": .object([
                            "payeeId": .string("5cabf558-5283-482f-b252-4d58e06f6f3b"),
                            "payeeReference": .string("EVENTSRECUR1"),
                        ]),
                    ])
                ]))
            let failed = try #require(recur.objectValue)
            let id = try #require(failed["paymentOrder"]?.objectValue?["id"]?.stringValue)
            #expect(failed["paymentOrder"]?.objectValue?["status"] == .string("Failed"))
            let href = try #require(
                failed["operations"]?.arrayValue?.compactMap(\.objectValue).first {
                    $0["rel"]?.stringValue == "view-paymentorder"
                }?["href"]?.stringValue)
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.paymentMenu(scriptURL: href), into: page)
            let event = try await recorder.wait(for: "generalEvent:OnPaymentFailed")
            #expect(
                event
                    == .object([
                        "sourceEvent": .string("OnPaymentFailed"), "actionType": .string("OnPaymentFailed"),
                        "id": .string(id), "paymentOrderId": .string(id),
                        "details": .string("The payment order is Failed."),
                    ]))
            #expect(await page.consoleErrors == [])
        }
    }
}
