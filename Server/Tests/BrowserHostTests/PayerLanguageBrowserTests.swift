import BrowserHost
import Foundation
import SwedbankPaySDK
import Testing

/// The payer's pages in the payer's language, in Chromium: the Redirect page of an order in each
/// of the 13 languages (its `lang`, its heading with the amount as the language writes it, a
/// screenshot per language), the fallback to English for an unknown culture, a Seamless View
/// script's `culture` winning over the order's `language`, and a Vipps (NOK) and a MobilePay (DKK)
/// payment paid through their simulator pages. One browser; one page for the languages.
@Suite(.serialized) struct PayerLanguageBrowserTests {
    typealias Page = HostedViewMerchantPage

    /// Each language: the order's culture and currency (its market's), and the menu's heading.
    static let languages: [(culture: String, currency: String, heading: String)] = [
        ("sv-SE", "SEK", "Betala 15,00\u{00A0}kr"), ("nb-NO", "NOK", "Betal 15,00\u{00A0}kr"),
        ("da-DK", "DKK", "Betal 15,00\u{00A0}kr."), ("fi-FI", "EUR", "Maksa 15,00\u{00A0}€"),
        ("en-US", "USD", "Pay $15.00"), ("de-DE", "EUR", "15,00\u{00A0}€ bezahlen"),
        ("et-EE", "EUR", "Maksa 15,00\u{00A0}€"), ("es-ES", "EUR", "Pagar 15,00\u{00A0}€"),
        ("fr-FR", "EUR", "Payer 15,00\u{00A0}€"), ("lt-LT", "EUR", "Mokėti 15,00\u{00A0}€"),
        ("lv-LV", "EUR", "Maksāt 15,00\u{00A0}€"), ("pl-PL", "EUR", "Zapłać 15,00\u{00A0}€"),
        ("ru-RU", "EUR", "Оплатить 15,00\u{00A0}€"),
    ]

    /// Where the screenshots go: `screenshots/languages/` (git-ignored) or `$SCREENSHOTS_DIR`.
    static var directory: URL { HostedViewFiguresBrowserTests.directory.appendingPathComponent("languages") }

    @Test func eachLanguagesRedirectPageIsInThatLanguage() async throws {
        try await HostedViewSandbox.run { sandbox in
            let (page, _) = try await sandbox.sdkPage()
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            for language in Self.languages {
                let order = try await sandbox.createOrder {
                    $0["language"] = .string(language.culture)
                    $0["currency"] = .string(language.currency)
                }
                try await page.navigate(to: try await RedirectBrowserTests.redirectLink(sandbox, order, v3: true))
                try await page.waitFor("document.querySelector('#menu-title')")
                let shown = try await page.evaluate(
                    "[document.documentElement.lang, document.querySelector('#menu-title').textContent]")
                #expect(
                    shown == .array([.string(String(language.culture.prefix(2))), .string(language.heading)]),
                    "\(language.culture)")
                let file = Self.directory.appendingPathComponent(language.culture + ".png")
                try await page.screenshot().write(to: file)
                print("\(language.culture): \(file.path): \(language.heading)")
            }
        }
    }

    /// The Seamless View of a Swedish order opened with a script `culture`: Norwegian wins over
    /// the order's Swedish; an unknown culture falls back to English.
    @Test(arguments: [("nb-NO", "nb", "Betal 15,00\u{00A0}SEK"), ("xx-XX", "en", "Pay SEK\u{00A0}15.00")])
    func theScriptsCultureWinsAndAnUnknownOneIsEnglish(culture: String, lang: String, heading: String)
        async throws
    {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder { $0["language"] = .string("sv-SE") }
            let (page, recorder) = try await sandbox.sdkPage()
            try await sandbox.load(
                Page.checkout(scriptURL: order.scriptURL, extraHandlers: "culture: \(Page.literal(culture)),"),
                into: page)
            _ = try await recorder.wait(for: "generalEvent:OnCheckoutLoaded")
            let menu = sandbox.menu(order)
            let shown = try await page.evaluate(
                "[document.documentElement.lang, document.querySelector('#menu-title').textContent,"
                    + " document.querySelector('#choose-CreditCard').textContent]", in: menu)
            let card = lang == "nb" ? "Kort›" : "Card›"
            #expect(shown == .array([.string(lang), .string(heading), .string(card)]))
        }
    }

    /// Vipps in a Norwegian order and MobilePay in a Danish one, each paid on the Redirect page
    /// through its simulator page: the order is `Paid` with the instrument and an authorization.
    @Test(arguments: [("Vipps", "NOK", "nb-NO", "+47 900 00 000"), ("MobilePay", "DKK", "da-DK", "+45 20 00 00 00")])
    func aWalletAppPaymentIsPaidThroughItsSimulatorPage(
        instrument: String, currency: String, culture: String, msisdn: String
    ) async throws {
        try await HostedViewSandbox.run { sandbox in
            let order = try await sandbox.createOrder {
                $0["currency"] = .string(currency)
                $0["language"] = .string(culture)
            }
            let (page, recorder) = try await sandbox.sdkPage()
            try await page.navigate(to: try await RedirectBrowserTests.redirectLink(sandbox, order, v3: true))
            try await page.waitFor("document.querySelector('#choose-\(instrument)')")
            #expect(try await page.evaluate("document.querySelector('#choose-Swish') === null") == .bool(true))
            try await page.click("#choose-\(instrument)")
            try await page.type(msisdn, into: "#wallet-msisdn")
            try await page.click("#pay-wallet")
            let app = sandbox.subview(order, "app")
            try await page.waitFor("document.querySelector('#app-approve')", in: app, description: "the app's page")
            #expect(
                try await page.evaluate("document.documentElement.lang", in: app) == .string(String(culture.prefix(2))))
            try await page.click("#app-approve", in: app)
            _ = try await recorder.waitForNavigation(to: HostedViewSandbox.completeUrl)
            let paid = try await sandbox.call("GET", order.id + "/paid", body: nil).objectValue?["paid"]?.objectValue
            #expect(try await sandbox.status(order) == "Paid")
            #expect(paid?["instrument"] == .string(instrument))
            #expect(paid?["transactionType"] == .string("Authorization"))
            #expect(
                paid?["details"]?.objectValue?["acquirerTransactionType"]
                    == .string(instrument == "Vipps" ? "WALLET" : "MOBILEPAY"))
        }
    }
}
