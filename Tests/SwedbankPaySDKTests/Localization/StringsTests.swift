import Foundation
import Testing

@testable import SwedbankPaySDK

/// The payer's text: every key in every language, the language chosen from the preferred ones,
/// and the app's overrides first.
struct StringsTests {
    typealias Strings = SwedbankPaySDK.Strings

    @Test(arguments: Strings.languages)
    func everyLanguageHasEveryKey(language: String) {
        let table = SDKTables.shared.table(for: language)
        #expect(Set(table.keys) == Set(Strings.Key.allCases.map(\.rawValue)), "\(language)")
        #expect(table.values.allSatisfy { !$0.isEmpty })
    }

    @Test func theLanguageOfEveryPaymentMenuLanguageHasItsOwnText() {
        // The 13 cultures of `Culture`, by their tags.
        let tags = SwedbankPaySDK.Culture.allCases.map(\.rawValue)
        #expect(Set(tags.map { Strings.bestLanguage(for: [$0]) }) == Set(Strings.languages))
    }

    @Test func theFirstPreferredLanguageWithTextWins() {
        func cancel(_ preferred: [String]) -> String {
            Strings.text(.cancel, overrides: [:], preferred: preferred, appTable: nil)
        }
        #expect(cancel(["sv-SE"]) == "Avbryt")
        #expect(cancel(["pt-BR", "fi-FI", "sv"]) == "Peruuta")
        #expect(cancel(["no"]) == "Avbryt")
        #expect(cancel(["nn-NO"]) == "Avbryt")
        #expect(cancel(["de_CH"]) == "Abbrechen")
        #expect(cancel(["pt-BR", "ja"]) == "Cancel")
        #expect(cancel([]) == "Cancel")
        #expect(
            Strings.text(.maybeStuckRetry, overrides: [:], preferred: ["nb"], appTable: nil)
                == "Fortsett i nettleseren")
    }

    @Test func anOverrideWinsInEveryLanguage() {
        let overrides: [Strings.Key: String] = [.maybeStuckTitle: "Still there?"]
        #expect(
            Strings.text(.maybeStuckTitle, overrides: overrides, preferred: ["sv"], appTable: nil) == "Still there?")
        #expect(Strings.text(.maybeStuckWait, overrides: overrides, preferred: ["sv"], appTable: nil) == "Vänta")
    }

    @Test func theAppsOwnTableWinsOverTheSDKs() throws {
        let bundleURL = FileManager.default.temporaryDirectory.appendingPathComponent("app-\(UUID().uuidString)")
        let lproj = bundleURL.appendingPathComponent("sv.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bundleURL) }
        try Data(#""Cancel" = "Nej tack";"#.utf8).write(to: lproj.appendingPathComponent("SwedbankPaySDK.strings"))
        let app = try #require(Bundle(path: bundleURL.path))
        #expect(Strings.text(.cancel, overrides: [:], preferred: ["sv"], appTable: app) == "Nej tack")
        // Keys the app's table lacks come from the SDK.
        #expect(Strings.text(.ok, overrides: [:], preferred: ["sv"], appTable: app) == "OK")
        #expect(Strings.text(.done, overrides: [:], preferred: ["sv"], appTable: app) == "Klar")
    }
}
