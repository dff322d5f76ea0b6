import BrowserHost
import Foundation
import SwedbankPaySDK
import Testing

/// The journeys that leave the menu or use the other views: the third-party bank page and the
/// return through paymentUrl, terms of service, the invoice page, payer identification, the v2
/// payment menu, checkin, an unknown token, and the dashboard. No page may log a console error.
@Suite(.serialized) struct HostedViewJourneyBrowserTests {
    typealias Page = HostedViewMerchantPage

    @Test func theBankPageIsAnotherHostAndTheViewReopensPaidThroughPaymentUrl() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            let menu = sandbox.menu(order)
            try await page.waitFor("document.querySelector('#choose-Trustly')", in: menu)
            try await page.click("#choose-Trustly", in: menu)
            try await page.click("#pay-bank", in: menu)
            let bankURL =
                sandbox.base.replacingOccurrences(of: "127.0.0.1", with: "localhost")
                + "/sandbox/bank/\(order.viewToken)"
            _ = try await recorder.waitForNavigation(to: bankURL)
            try await page.waitFor(
                "location.href === \(Page.literal(bankURL)) && document.querySelector('#bank-approve')")
            try await page.click("#bank-approve")
            let back = try await recorder.waitForNavigation(to: HostedViewSandbox.paymentUrl)
            #expect(back.method == "GET")
            #expect(try await sandbox.status(order) == "Paid")
            // The SDK reloads its page when it sees paymentUrl; the view then reports the payment.
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            let paid = try await recorder.wait(for: "onPaid")
            #expect(paid.objectValue?["redirectUrl"] == .string(HostedViewSandbox.completeUrl))
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func termsOfServiceOpenAWindowOrReachTheHandler() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            try await page.waitFor("document.querySelector('#terms')", in: sandbox.menu(order))
            try await page.click("#terms", in: sandbox.menu(order))
            _ = try await recorder.wait(for: "generalEvent:OnTermsOfServiceRequested")
            #expect(await page.waitForRecord { !$0.popups.isEmpty })
            #expect(await page.popups == [URL(string: HostedViewSandbox.termsOfServiceUrl)!])

            let handled = """
                onTermsOfServiceRequested: function (e) { post("terms", e); },
                """
            let (other, otherRecorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL, extraHandlers: handled), into: other)
            try await other.waitFor("document.querySelector('#terms')", in: sandbox.menu(order))
            try await other.click("#terms", in: sandbox.menu(order))
            let terms = try await otherRecorder.wait(for: "terms")
            #expect(terms.objectValue?["termsOfServiceUrl"] == .string(HostedViewSandbox.termsOfServiceUrl))
            #expect(terms.objectValue?["event"] == .string("OnTermsOfServiceRequested"))
            #expect(await other.popups == [])
            #expect(await page.consoleErrors == [])
            #expect(await other.consoleErrors == [])
        }
    }

    @Test func theInvoiceIsApprovedOnItsPageInsideTheMenu() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder {
                $0["restrictedToInstruments"] = .array([.string("Invoice-PayExFinancingSe")])
            }
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            let menu = sandbox.menu(order)
            try await page.waitFor("document.querySelector('#choose-Invoice-PayExFinancingSe')", in: menu)
            #expect(
                try await page.evaluate("document.querySelectorAll('section.instrument').length", in: menu)
                    == .integer(1))
            try await page.click("#choose-Invoice-PayExFinancingSe", in: menu)
            try await page.click("#pay-invoice", in: menu)
            let invoice = sandbox.subview(order, "invoice")
            try await page.waitFor("document.querySelector('#invoice-approve')", in: invoice)
            try await page.click("#invoice-approve", in: invoice)
            _ = try await recorder.wait(for: "onPaid")
            #expect(try await sandbox.status(order) == "Paid")
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func aPayerIdentifiesFirstWhenTheOrderAsksForConsumerInfo() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder {
                $0["payer"] = .object(["requireConsumerInfo": .bool(true), "payerReference": .string("payer-7")])
            }
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            let menu = sandbox.menu(order)
            try await page.waitFor("document.querySelector('#payer-fill')", in: menu)
            #expect(try await page.evaluate("document.querySelector('#instruments').hidden", in: menu) == .bool(true))
            try await page.click("#payer-fill", in: menu)
            try await page.click("#payer-continue", in: menu)
            _ = try await recorder.wait(for: "payerIdentified")
            _ = try await recorder.wait(for: "generalEvent:OnCheckoutResized")
            // Payer-aware: the sandbox's saved cards are offered.
            try await page.click("#choose-CreditCard", in: menu)
            try await page.click("#pay-saved", in: menu)
            _ = try await recorder.wait(for: "onPaid")
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func theV2PaymentMenuCompletesThroughTheDefaultRedirect() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder(v3: false)
            #expect(order.scriptURL.contains("/paymentmenu/core/scripts/client/px.paymentmenu.client.js?token="))
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.paymentMenu(scriptURL: order.scriptURL), into: page)
            let configured = try await recorder.wait(for: "generalEvent:OnApplicationConfigured")
            #expect(configured.objectValue?["paymentOrderId"] == .string(order.id))
            try await HostedViewCheckoutBrowserTests.payByCard("4925000000000004", page, sandbox.menu(order))
            let completed = try await recorder.wait(for: "generalEvent:OnPaymentCompleted")
            #expect(completed.objectValue?["redirectUrl"] == .string(HostedViewSandbox.completeUrl))
            _ = try await recorder.waitForNavigation(to: HostedViewSandbox.completeUrl)
            #expect(try await sandbox.status(order) == "Paid")
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func theV2PaymentMenuReportsAWaitingSwishPaymentAsPending() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder(v3: false)
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.paymentMenu(scriptURL: order.scriptURL), into: page)
            let menu = sandbox.menu(order)
            try await page.waitFor("document.querySelector('#choose-Swish')", in: menu)
            try await page.click("#choose-Swish", in: menu)
            try await page.type("+46 739 000 001", into: "#swish-msisdn", in: menu)
            try await page.click("#pay-swish", in: menu)
            let pending = try await recorder.wait(for: "generalEvent:OnPaymentPending")
            #expect(
                pending
                    == .object([
                        "sourceEvent": .string("OnPaymentPending"), "actionType": .string("OnPaymentPending"),
                        "id": .string(order.id), "paymentOrderId": .string(order.id),
                    ]))
            try await page.click("#swish-approve", in: menu)
            _ = try await recorder.wait(for: "generalEvent:OnPaymentCompleted")
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func checkinCallsBackWithAConsumerProfileRef() async throws {
        try await HostedViewSandbox.run { sandbox in
            let href = try await sandbox.createConsumer()
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkin(scriptURL: href), into: page)
            let frame = BrowserPage.Frame.urlPrefix(sandbox.base + "/consumers/frame/")
            try await page.waitFor("document.querySelector('#checkin-fill')", in: frame)
            // The form's own checks first.
            try await page.click("#checkin-continue", in: frame)
            try await page.waitFor(
                "document.querySelector('#checkin-email').getAttribute('aria-invalid') === 'true'", in: frame)
            try await page.click("#checkin-fill", in: frame)
            try await page.click("#checkin-continue", in: frame)
            let ref = try await recorder.wait(for: "onConsumerIdentified")
            #expect(ref.stringValue?.count == 64)
            let shipping = try await recorder.wait(for: "onShippingDetailsAvailable")
            #expect(shipping.objectValue?["actionType"] == .string("OnShippingDetailsAvailable"))
            #expect(shipping.objectValue?["url"] == .string("/psp/consumers/\(ref.stringValue ?? "")/shipping-details"))
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func anUnknownTokenLoadsAndReportsOnError() async throws {
        try await HostedViewSandbox.run { sandbox in
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(
                Page.checkout(scriptURL: sandbox.base + "/checkout/client/0000?culture=sv-SE"), into: page)
            let error = try await recorder.wait(for: "onError")
            #expect(error.objectValue?["origin"] == .string("checkout"))
            #expect(
                error.objectValue?["details"]?.stringValue?.contains("No payment order has the view token 0000") == true
            )
            #expect(error.objectValue?["messageId"]?.stringValue != nil)
            #expect(await !recorder.names.contains("onScriptError"))
            #expect(await page.consoleErrors == [])
        }
    }

    /// A Seamless View on a page whose origin is not among the order's `hostUrls` does not open:
    /// no frame, and `onError` says why (v3 `checkout` and v2 `paymentMenu`). The portal
    /// documents no message of its own (docs/sandbox.md, the refusal catalogue).
    @Test func aPageOutsideTheHostUrlsGetsOnErrorAndNoView() async throws {
        try await HostedViewSandbox.run { sandbox in
            for v3 in [true, false] {
                let order = try await sandbox.createOrder(v3: v3) { order in
                    var urls = order["urls"]?.objectValue ?? [:]
                    urls["hostUrls"] = .array([.string("https://other.example/shop"), .string("http://localhost:8080")])
                    order["urls"] = .object(urls)
                }
                let (page, recorder) = try await sandbox.sdkPage()
                let html = v3 ? Page.checkout(scriptURL: order.scriptURL) : Page.paymentMenu(scriptURL: order.scriptURL)
                try await sandbox.load(html, into: page)
                let error = try await recorder.wait(for: "onError")
                #expect(error.objectValue?[v3 ? "event" : "bodyType"] == .string("OnError"))
                #expect(error.objectValue?["origin"] == .string(v3 ? "checkout" : "paymentmenu"))
                #expect(
                    error.objectValue?["details"]
                        == .string(
                            "This page (https://shop.example) is not at one of the payment order's hostUrls "
                                + "(https://other.example, http://localhost:8080), so the view does not open here."))
                #expect(try await page.evaluate("document.querySelectorAll('iframe').length") == .integer(0))
                #expect(try await sandbox.status(order) == "Initialized")
                #expect(await page.consoleErrors == [])
                await page.close()
            }
        }
    }

    @Test func theDashboardHighlightsALeniencyWarningAndSaysWhetherItIsStrict() async throws {
        try await HostedViewSandbox.run { sandbox in
            // The shape of Swedbank Pay's Node.js example backend: the payee reference as a number.
            let order = try await sandbox.createOrder {
                $0["payeeInfo"] = .object([
                    "payeeId": .string("5cabf558-5283-482f-b252-4d58e06f6f3b"), "payeeReference": .integer(1_234),
                ])
            }
            let page = try await sandbox.browser.newPage()
            try await page.navigate(to: URL(string: sandbox.base + "/sandbox/")!)
            try await page.waitFor(
                "document.querySelector('#requests-table td.warning') && document.querySelector('#mode').textContent",
                description: "the highlighted warning")
            let warning = try await page.evaluate("document.querySelector('#requests-table td.warning').textContent")
            #expect(
                warning
                    == .string(
                        "paymentorder.payeeInfo.payeeReference sent as a number; Swedbank Pay accepts it and answers"
                            + " with the string \"1234\", which your integration may not expect"))
            let row = try await page.evaluate(
                "document.querySelector('#requests-table td.warning').parentNode.querySelector('td:nth-child(3)').textContent"
            )
            #expect(row == .string("/psp/paymentorders"))
            let mode = try await page.evaluate("document.querySelector('#mode').textContent")
            #expect(mode.stringValue?.hasPrefix("Lenient:") == true)
            let orders = try await page.evaluate("document.querySelector('#orders-table tbody').textContent")
            #expect(orders.stringValue?.contains(order.id) == true)
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func theDashboardResendsAnOrdersCallback() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder {
                $0["urls"] = .object([
                    "hostUrls": .array([.string(HostedViewSandbox.merchantOrigin + "/")]),
                    "completeUrl": .string(HostedViewSandbox.completeUrl),
                    "callbackUrl": .string("http://127.0.0.1:9/callback"),
                ])
            }
            let page = try await sandbox.browser.newPage()
            try await page.navigate(to: URL(string: sandbox.base + "/sandbox/")!)
            try await page.waitFor("document.querySelector('#orders-table button.action')", description: "the button")
            try await page.click("#orders-table button.action")
            try await page.waitFor(
                "document.querySelector('#orders-notice').textContent", description: "the notice")
            let notice = try await page.evaluate("document.querySelector('#orders-notice').textContent")
            #expect(notice == .string("Callback sent again to http://127.0.0.1:9/callback."))
            // The delivery is on its way (or already tried): pending, or in the delivery log.
            let callbacks = try await sandbox.call("GET", "/sandbox/callbacks", body: nil)
            let tried =
                callbacks.objectValue?["callbacks"]?.arrayValue?.compactMap { $0.objectValue?["paymentOrder"] } ?? []
            let pending = callbacks.objectValue?["pending"]?.integerValue ?? 0
            #expect(pending == 1 || tried.contains(.string(order.id)), "\(callbacks)")
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func theDashboardListsWhatHappened() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let (payer, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: payer)
            try await HostedViewCheckoutBrowserTests.payByCard("4925000000000004", payer, sandbox.menu(order))
            _ = try await recorder.wait(for: "onPaid")
            let page = try await sandbox.browser.newPage()
            try await page.navigate(to: URL(string: sandbox.base + "/sandbox/")!)
            try await page.waitFor(
                "document.querySelector('#orders-table tbody tr') && document.querySelector('#attempts-table tbody tr')",
                description: "the dashboard's rows")
            let orders = try await page.evaluate("document.querySelector('#orders-table tbody').textContent")
            #expect(orders.stringValue?.contains(order.id) == true)
            #expect(orders.stringValue?.contains("Paid") == true)
            let attempts = try await page.evaluate("document.querySelector('#attempts-table tbody').textContent")
            #expect(attempts.stringValue?.contains("CreditCard") == true)
            // It refreshes by itself.
            let second = try await sandbox.createOrder()
            try await page.waitFor(
                "document.querySelector('#orders-table tbody').textContent.indexOf(\(Page.literal(second.id))) >= 0",
                timeout: 5)
            #expect(await page.consoleErrors == [])
            #expect(await payer.consoleErrors == [])
        }
    }
}
