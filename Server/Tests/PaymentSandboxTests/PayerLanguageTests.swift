import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// The payer's languages without a browser: which culture is which language, the fallback,
/// money as each language writes it, and one set of words per language.
@Suite struct PayerLanguageTests {
    @Test func everyCultureOfTheSDKsLanguageHasItsOwn() {
        #expect(PayerLanguage.allCases.map(\.rawValue) == SwedbankPaySDK.Culture.allCases.map(\.rawValue))
        for language in SwedbankPaySDK.Culture.allCases {
            #expect(PayerLanguage(culture: language.rawValue).rawValue == language.rawValue)
        }
    }

    @Test func culturesAreReadLooselyAndAnUnknownOneIsEnglish() {
        #expect(PayerLanguage(culture: "SV-se") == .swedish)
        #expect(PayerLanguage(culture: "sv") == .swedish)
        #expect(PayerLanguage(culture: "no") == .norwegian)
        #expect(PayerLanguage(culture: "nb_NO") == .norwegian)
        #expect(PayerLanguage(culture: "xx-XX") == .english)
        #expect(PayerLanguage(culture: "") == .english)
        #expect(PayerLanguage(culture: "<script>") == .english)
        #expect(PayerLanguage.norwegian.code == "nb")
    }

    @Test func moneyIsWrittenAsEachLanguageWritesIt() {
        let nbsp = "\u{00A0}"
        #expect(PayerLanguage.swedish.money(1500, currency: "SEK") == "15,00\(nbsp)kr")
        #expect(PayerLanguage.norwegian.money(1500, currency: "NOK") == "15,00\(nbsp)kr")
        #expect(PayerLanguage.swedish.money(1500, currency: "NOK") == "15,00\(nbsp)NOK")
        #expect(PayerLanguage.danish.money(150_000, currency: "DKK") == "1.500,00\(nbsp)kr.")
        #expect(PayerLanguage.finnish.money(123_456_789, currency: "EUR") == "1\(nbsp)234\(nbsp)567,89\(nbsp)€")
        #expect(PayerLanguage.german.money(7, currency: "USD") == "0,07\(nbsp)USD")
        #expect(PayerLanguage.english.money(150_005, currency: "USD") == "$1,500.05")
        #expect(PayerLanguage.english.money(1500, currency: "SEK") == "SEK\(nbsp)15.00")
        #expect(PayerLanguage.english.money(-1500, currency: "EUR") == "€-15.00")
    }

    @Test func eachLanguageHasItsOwnWordsAndEveryTemplateKeepsItsPlaceholders() {
        let all = PayerLanguage.allCases.map(\.words)
        // Estonian and Finnish both say "Maksa", Norwegian and Danish "Betal"; the rest differ.
        #expect(Set(all.map(\.pay)).count == all.count - 2)
        for words in all {
            for (template, keys) in [
                (words.pay, ["amount"]), (words.payWith, ["amount", "name"]), (words.approveIn, ["name"]),
                (words.bankApprove, ["amount", "merchant"]), (words.backTo, ["app"]), (words.cvcDigits, ["n"]),
                (words.completedText, ["amount"]), (words.identifiedAs, ["email"]), (words.testCards, ["cards"]),
            ] {
                for key in keys { #expect(template.contains("{\(key)}"), "\(template)") }
            }
        }
    }

    @Test func theMenuIsInTheOrdersLanguage() throws {
        let record = try HostedViewFixtures.record(
            HostedViewFixtures.order {
                $0["language"] = .string("nb-NO")
                $0["currency"] = .string("NOK")
            })
        let payment = HostedViewFixtures.payment(record)
        let html = PaymentMenuPage.render(HostedViewFixtures.menu(payment), boot: .object([:]))
        #expect(html.contains("<html lang=\"nb\">"))
        #expect(html.contains("<h1 id=\"menu-title\">Betal 15,00\u{00A0}kr</h1>"))
        #expect(html.contains(">Vipps<"))
        #expect(!html.contains("choose-Swish"))
    }
}
