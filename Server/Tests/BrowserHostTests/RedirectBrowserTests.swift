import BrowserHost
import Foundation
import SwedbankPaySDK
import Testing

/// The Redirect integration end to end in Chromium: the order's `redirect-checkout` (v3) or
/// `redirect-paymentorder` (v2) href opened as the top-level page, paid with each instrument
/// (card, a 3-D Secure challenge, Swish, invoice, the bank and back) or cancelled, ending on the
/// navigation to `completeUrl` or `cancelUrl`; a reload and Back in the middle of a payment; and
/// the pages of a used and an unknown link. One browser, a page per journey.
@Suite(.serialized) struct RedirectBrowserTests {
    typealias Check = HostedViewCheckoutBrowserTests

    /// One way through the Redirect page: what the payer does there, and where it must end.
    struct Journey: Sendable {
        var name: String
        var endsAt: String
        /// The order's history names at the end, as the portal names them (checked when given).
        var history: [String]? = nil
        var pay: @Sendable (BrowserPage, RedirectLink) async throws -> Void
    }

    /// A redirect href and what a journey needs to know around it.
    struct RedirectLink: Sendable {
        let href: URL
        let order: HostedViewSandbox.Order
        let sandbox: HostedViewSandbox
    }

    static let journeys: [Journey] = [
        Journey(name: "card", endsAt: HostedViewSandbox.completeUrl) { page, _ in
            try await Check.payByCard("4925 0000 0000 0004", page, .main)
        },
        Journey(name: "3-D Secure challenge", endsAt: HostedViewSandbox.completeUrl) { page, link in
            try await Check.payByCard("5226 6121 9953 3406", page, .main)
            let acs = link.sandbox.subview(link.order, "acs")
            try await page.waitFor("document.querySelector('#approve button')", in: acs, description: "the ACS page")
            try await page.click("#approve button", in: acs)
        },
        Journey(name: "Swish, reloaded while waiting", endsAt: HostedViewSandbox.completeUrl) { page, link in
            try await page.waitFor("document.querySelector('#choose-Swish')")
            try await page.click("#choose-Swish")
            // The national form, as a Swedish payer types it.
            try await page.type("073-900 00 01", into: "#swish-msisdn")
            try await page.click("#pay-swish")
            try await page.waitFor("!document.querySelector('#swish-pending').hidden")
            try await Self.expectNoAbortWhileInTheApp(page, link)
            // A reload opens the payment where it stands: still waiting for the app.
            try await page.perform("window.beforeReload = true, location.reload(), true")
            try await page.waitFor(
                "!window.beforeReload && document.querySelector('#swish-pending') && !document.querySelector('#swish-pending').hidden",
                description: "Swish after the reload")
            try await page.click("#swish-approve")
        },
        Journey(
            name: "invoice", endsAt: HostedViewSandbox.completeUrl,
            history: [
                "PaymentCreated", "PaymentLoaded", "PaymentInstrumentSelected", "PaymentAttemptStarted", "PaymentPaid",
            ]
        ) { page, link in
            try await page.waitFor("document.querySelector('#choose-Invoice-PayExFinancingSe')")
            try await page.click("#choose-Invoice-PayExFinancingSe")
            try await page.click("#pay-invoice")
            let invoice = link.sandbox.subview(link.order, "invoice")
            try await page.waitFor("document.querySelector('#invoice-approve')", in: invoice)
            try await page.click("#invoice-approve", in: invoice)
        },
        Journey(name: "bank, Back from it, then the bank again", endsAt: HostedViewSandbox.completeUrl) { page, link in
            let bankURL =
                link.sandbox.base.replacingOccurrences(of: "127.0.0.1", with: "localhost")
                + "/sandbox/bank/\(link.order.viewToken)"
            try await page.waitFor("document.querySelector('#choose-Trustly')")
            try await page.click("#choose-Trustly")
            try await page.click("#pay-bank")
            try await page.waitFor(
                "location.href === \(Page.literal(bankURL)) && document.querySelector('#bank-cancel')")
            // Back from the bank: the menu says the bank payment was not finished.
            try await page.perform("history.back(), true")
            try await page.waitFor(
                "location.pathname.indexOf('/sandbox/bank/') < 0 && document.querySelector('#notice')"
                    + " && !document.querySelector('#notice').hidden",
                description: "the menu after Back")
            // Cancelled at the bank: back on the Redirect page, which may be paid again.
            try await page.click("#choose-Trustly")
            try await page.click("#pay-bank")
            try await page.waitFor(
                "location.href === \(Page.literal(bankURL)) && document.querySelector('#bank-cancel')")
            try await page.click("#bank-cancel")
            try await page.waitFor(
                "location.href === \(Page.literal(link.href.absoluteString)) && !document.querySelector('#notice').hidden",
                description: "the Redirect page after the bank")
            try await page.click("#choose-Trustly")
            try await page.click("#pay-bank")
            try await page.waitFor(
                "location.href === \(Page.literal(bankURL)) && document.querySelector('#bank-approve')")
            try await page.click("#bank-approve")
        },
        // The portal's history names no event for an aborted order.
        Journey(name: "cancel", endsAt: HostedViewSandbox.cancelUrl, history: ["PaymentCreated", "PaymentLoaded"]) {
            page, _ in
            try await page.waitFor("document.querySelector('#cancel-payment')")
            try await page.click("#cancel-payment")
        },
    ]

    typealias Page = HostedViewMerchantPage

    /// While the payer is in the Swish app the order offers no abort (the reference's operations
    /// table): the page hides its Cancel, the order's operations lack the abort rel and the
    /// merchant's PATCH … Abort is refused with 409, leaving the order as it was.
    static func expectNoAbortWhileInTheApp(_ page: BrowserPage, _ link: RedirectLink) async throws {
        #expect(try await page.evaluate("document.querySelector('#cancel-payment').hidden") == .bool(true))
        let sandbox = link.sandbox
        let before = try await sandbox.call("GET", link.order.id, body: nil)
        let rels = before.objectValue?["operations"]?.arrayValue?.compactMap { $0.objectValue?["rel"]?.stringValue }
        #expect(rels?.contains { $0 == "abort" || $0 == "update-paymentorder-abort" } == false, "\(rels ?? [])")
        let abort = SwedbankPaySDK.JSONValue.object([
            "paymentorder": .object(["operation": .string("Abort"), "abortReason": .string("CancelledByConsumer")])
        ])
        let refused = try await sandbox.call("PATCH", link.order.id, body: abort).objectValue
        #expect(refused?["status"] == .integer(409))
        #expect(refused?["type"] == .string("https://api.payex.com/psp/errordetail/conflict"))
        #expect(
            refused?["detail"]
                == .string(
                    "The payer is paying in the Swish app; the payment order cannot be aborted until that attempt ends."
                ))
        #expect(try await sandbox.status(link.order) == "Initialized")
    }

    /// The order's redirect href, as the merchant reads it from the order's operations.
    static func redirectLink(_ sandbox: HostedViewSandbox, _ order: HostedViewSandbox.Order, v3: Bool) async throws
        -> URL
    {
        let document = try await sandbox.call("GET", order.id, body: nil)
        let operations = document.objectValue?["operations"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let rel = v3 ? "redirect-checkout" : "redirect-paymentorder"
        let href = try #require(operations.first { $0["rel"]?.stringValue == rel }?["href"]?.stringValue)
        #expect(href == sandbox.base + (v3 ? "/checkout/" : "/paymentmenu/") + order.viewToken)
        return try #require(URL(string: href))
    }

    /// Every journey on an order of its own, for one Checkout version.
    static func everyJourney(v3: Bool) async throws {
        try await HostedViewSandbox.run { sandbox in
            for journey in journeys {
                let order = try await sandbox.createOrder(v3: v3)
                let href = try await redirectLink(sandbox, order, v3: v3)
                let (page, recorder) = try await sandbox.sdkPage()
                try await page.navigate(to: href)
                #expect(try await page.evaluate("document.title") == .string("Payment menu (sandbox)"))
                try await journey.pay(page, RedirectLink(href: href, order: order, sandbox: sandbox))
                let end = try await recorder.waitForNavigation(to: journey.endsAt)
                #expect(end.method == "GET", "\(journey.name)")
                let status = try await sandbox.status(order)
                #expect(
                    status == (journey.endsAt == HostedViewSandbox.cancelUrl ? "Aborted" : "Paid"), "\(journey.name)")
                let integration = try await sandbox.call("GET", order.id, body: nil)
                    .objectValue?["paymentOrder"]?.objectValue?["integration"]
                #expect(integration == .string("Redirect"), "\(journey.name)")
                if let expected = journey.history {
                    let history = try await sandbox.call("GET", order.id + "/history", body: nil)
                    let names = history.objectValue?["history"]?.objectValue?["historyList"]?.arrayValue?
                        .compactMap { $0.objectValue?["name"]?.stringValue }
                    #expect(names == expected, "\(journey.name)")
                }
                #expect(await page.consoleErrors == [], "\(journey.name)")
                await page.close()
            }
        }
    }

    @Test func everyInstrumentPaysOnTheV3RedirectPage() async throws {
        try await Self.everyJourney(v3: true)
    }

    @Test func everyInstrumentPaysOnTheV2RedirectPage() async throws {
        try await Self.everyJourney(v3: false)
    }

    @Test func aUsedUnknownOrOtherVersionsLinkGetsAPageThatSaysSo() async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder()
            let href = try await Self.redirectLink(sandbox, order, v3: true)
            let (page, recorder) = try await sandbox.sdkPage()
            try await page.navigate(to: href)
            try await Check.payByCard("4925 0000 0000 0004", page, .main)
            _ = try await recorder.waitForNavigation(to: HostedViewSandbox.completeUrl)
            // Back (or the link again) after paying: the link is used.
            try await page.navigate(to: href)
            #expect(
                try await page.evaluate("document.querySelector('#notice-title').textContent")
                    == .string("This payment is completed"))
            #expect(
                try await page.evaluate("document.querySelector('#notice-link').href")
                    == .string(HostedViewSandbox.completeUrl))
            let unknown = try #require(URL(string: sandbox.base + "/checkout/" + String(repeating: "0", count: 64)))
            try await page.navigate(to: unknown)
            #expect(
                try await page.evaluate("document.querySelector('#notice-title').textContent")
                    == .string("Payment not found"))
            let text = try await page.evaluate("document.querySelector('#notice-text').textContent")
            #expect(text.stringValue?.contains("or it has expired") == true)
            // A v3 order's token at the v2 path.
            try await page.navigate(to: try #require(URL(string: sandbox.base + "/paymentmenu/" + order.viewToken)))
            let other = try await page.evaluate("document.querySelector('#notice-text').textContent")
            #expect(other.stringValue?.contains("belongs to a Checkout v3 payment order") == true)
        }
    }
}
