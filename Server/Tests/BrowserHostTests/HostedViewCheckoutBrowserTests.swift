import BrowserHost
import Foundation
import SwedbankPaySDK
import Testing

/// The v3 hosted view end to end in Chromium, inside the page the SDK builds: paying by card,
/// the default redirect, cancelling, a failed card, 3-D Secure and Swish. No page may log a
/// console error.
@Suite(.serialized) struct HostedViewCheckoutBrowserTests {
    typealias Page = HostedViewMerchantPage

    /// Opens the card form and pays with `number`.
    static func payByCard(_ number: String, _ page: BrowserPage, _ menu: BrowserPage.Frame) async throws {
        try await page.waitFor("document.querySelector('#choose-CreditCard')", in: menu, description: "the menu")
        if try await page.evaluate(
            "document.querySelector('#choose-CreditCard').getAttribute('aria-expanded')", in: menu)
            != .string("true")
        {
            try await page.click("#choose-CreditCard", in: menu)
        }
        try await page.type(number, into: "#card-number", in: menu)
        try await page.type("12/30", into: "#card-expiry", in: menu)
        try await page.type("123", into: "#card-cvc", in: menu)
        try await page.click("#pay-card", in: menu)
    }

    @Test func aCardPaymentEndsInOnPaid() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            let loaded = try await recorder.wait(for: "generalEvent:OnCheckoutLoaded")
            #expect(loaded.objectValue?["paymentOrder"] == .object(["id": .string(order.id)]))
            #expect(loaded.objectValue?["bodyHeight"]?.integerValue ?? 0 > 100)
            try await Self.payByCard("4925 0000 0000 0004", page, sandbox.menu(order))
            let paid = try await recorder.wait(for: "onPaid")
            #expect(
                paid
                    == .object([
                        "event": .string("OnPaid"), "paymentOrder": .object(["id": .string(order.id)]),
                        "redirectUrl": .string(HostedViewSandbox.completeUrl),
                    ]))
            let names = await recorder.names
            #expect(names.first == "onScriptLoaded")
            #expect(names.contains("generalEvent:OnInstrumentSelected"))
            #expect(names.contains("generalEvent:OnPaymentAttemptStarted"))
            #expect(!names.contains("onError"))
            #expect(try await sandbox.status(order) == "Paid")
            // The iframe follows the menu's height.
            let height = try await page.evaluate(
                "Math.round(document.querySelector('#checkout iframe').getBoundingClientRect().height)")
            #expect(height.integerValue ?? 0 > 200)
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func withoutOnPaidTheTopWindowGoesToCompleteUrl() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL, withOnPaid: false), into: page)
            try await Self.payByCard("4925000000000004", page, sandbox.menu(order))
            let navigation = try await recorder.waitForNavigation(to: HostedViewSandbox.completeUrl)
            #expect(navigation.method == "GET")
            _ = try await recorder.wait(for: "generalEvent:OnPaid")
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func cancellingGoesToCancelUrlAndAbortsTheOrder() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            _ = try await recorder.wait(for: "generalEvent:OnCheckoutLoaded")
            try await page.click("#cancel-payment", in: sandbox.menu(order))
            _ = try await recorder.waitForNavigation(to: HostedViewSandbox.cancelUrl)
            #expect(try await sandbox.status(order) == "Aborted")
            // The menu says it was cancelled, not in the green box of a paid payment.
            #expect(
                try await page.evaluate("document.querySelector('#done').className", in: sandbox.menu(order))
                    == .string("notice info"))

            // The script's cancel() does the same.
            let second = try await sandbox.createOrder()
            let (other, otherRecorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: second.scriptURL), into: other)
            _ = try await otherRecorder.wait(for: "generalEvent:OnCheckoutLoaded")
            _ = try await other.evaluate("window.view.cancel(), true")
            let aborted = try await otherRecorder.wait(for: "generalEvent:OnAborted")
            #expect(aborted.objectValue?["redirectUrl"] == .string(HostedViewSandbox.cancelUrl))
            _ = try await otherRecorder.waitForNavigation(to: HostedViewSandbox.cancelUrl)
            #expect(await page.consoleErrors == [])
            #expect(await other.consoleErrors == [])
        }
    }

    @Test func refreshShowsAMerchantAbortAndUpdateAndCloseActOnTheFrame() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            _ = try await recorder.wait(for: "generalEvent:OnCheckoutLoaded")
            _ = try await page.evaluate("window.view.update({ culture: 'sv-SE' }), true")
            _ = try await recorder.wait(for: "generalEvent:OnCheckoutLoaded", after: 1)
            #expect(try await page.evaluate("document.documentElement.lang", in: sandbox.menu(order)) == .string("sv"))
            let abort = SwedbankPaySDK.JSONValue.object([
                "paymentorder": .object(["operation": .string("Abort"), "abortReason": .string("CancelledByConsumer")])
            ])
            _ = try await sandbox.call("PATCH", order.id, body: abort)
            _ = try await page.evaluate("window.view.refresh(), true")
            _ = try await recorder.wait(for: "generalEvent:OnAborted")
            _ = try await recorder.waitForNavigation(to: HostedViewSandbox.cancelUrl)
            _ = try await page.evaluate("window.view.close(), true")
            #expect(try await page.evaluate("document.querySelectorAll('#checkout iframe').length") == .integer(0))
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func aFailedCardCanBeFollowedByOneThatPays() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            let menu = sandbox.menu(order)
            // The menu's own checks stop a mistyped number before the sandbox sees it.
            try await Self.payByCard("4925 0000 0000 0005", page, menu)
            try await page.waitFor(
                "document.querySelector('#card-number').getAttribute('aria-invalid') === 'true'", in: menu)
            try await Self.payByCard("4111 1120 0000 4565", page, menu)
            let failed = try await recorder.wait(for: "generalEvent:OnPaymentAttemptFailed")
            #expect(failed.objectValue?["details"]?.stringValue?.contains("Payment token error") == true)
            try await page.waitFor("!document.querySelector('#notice').hidden", in: menu)
            #expect(try await sandbox.status(order) == "Initialized")
            try await Self.payByCard("4925 0000 0000 0004", page, menu)
            _ = try await recorder.wait(for: "onPaid")
            #expect(try await sandbox.status(order) == "Paid")
            #expect(await page.consoleErrors == [])
        }
    }

    @Test func threeDSecureChallengeApprovedAndFailedInsideTheMenu() async throws {
        try await HostedViewSandbox.run { sandbox in
            for approve in [false, true] {
                let order = try await sandbox.createOrder()
                let (page, recorder) = try await sandbox.sdkPage()
                try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
                try await Self.payByCard("5226 6121 9953 3406", page, sandbox.menu(order))
                let acs = sandbox.subview(order, "acs")
                try await page.waitFor(
                    "document.querySelector('#approve button')", in: acs, description: "the ACS page")
                try await page.click(approve ? "#approve button" : "#fail button", in: acs)
                if approve {
                    _ = try await recorder.wait(for: "onPaid")
                    #expect(try await sandbox.status(order) == "Paid")
                } else {
                    let failed = try await recorder.wait(for: "generalEvent:OnPaymentAttemptFailed")
                    #expect(failed.objectValue?["details"]?.stringValue?.contains("3-D Secure declined") == true)
                    #expect(try await sandbox.status(order) == "Initialized")
                }
                #expect(await page.consoleErrors == [])
                await page.close()
            }
        }
    }

    @Test func swishIsPaidFromTheMenu() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(Page.checkout(scriptURL: order.scriptURL), into: page)
            let menu = sandbox.menu(order)
            try await page.waitFor("document.querySelector('#choose-Swish')", in: menu)
            try await page.click("#choose-Swish", in: menu)
            let selected = try await recorder.wait(for: "generalEvent:OnInstrumentSelected")
            #expect(selected.objectValue?["instrument"] == .string("Swish"))
            try await page.type("+46 739 000 001", into: "#swish-msisdn", in: menu)
            try await page.click("#pay-swish", in: menu)
            try await page.waitFor("!document.querySelector('#swish-pending').hidden", in: menu)
            try await page.click("#swish-approve", in: menu)
            _ = try await recorder.wait(for: "onPaid")
            #expect(try await sandbox.status(order) == "Paid")
            #expect(await page.consoleErrors == [])
        }
    }
}
