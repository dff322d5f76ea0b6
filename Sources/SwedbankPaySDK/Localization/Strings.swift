import Foundation

extension SwedbankPaySDK {
    /// The text the SDK shows to payers — the buttons of a page's dialogs, the "payment may be
    /// stuck" prompt, the browser notice, the terms page — in the 13 languages of
    /// ``SwedbankPaySDK/Language``, each replaceable by your app.
    ///
    /// A text is looked up in this order:
    /// 1. ``overrides`` (set in code, for every language);
    /// 2. your app's `SwedbankPaySDK.strings` table (`Bundle.main`, in the payer's language), so
    ///    a translator can change any text without code;
    /// 3. the SDK's own `Localizable.strings` for the language (``language``, else the device's
    ///    preferred languages), then English.
    public enum Strings {
        /// Every text the SDK shows, by the key used in `.strings` files.
        public enum Key: String, CaseIterable, Sendable {
            /// A page dialog's accepting button.
            case ok = "OK"
            /// A page dialog's declining button.
            case cancel = "Cancel"
            /// The title of the prompt shown when the payer came back from another app (a bank's,
            /// Swish) and the payment has not moved on.
            case maybeStuckTitle = "maybeStuckAlertTitle"
            /// Its text.
            case maybeStuckBody = "maybeStuckAlertBody"
            /// Its button that keeps waiting.
            case maybeStuckWait = "maybeStuckAlertWait"
            /// Its button that opens the payment in the browser instead.
            case maybeStuckRetry = "maybeStuckAlertRetry"
            /// The title of the notice that the payment continues in the browser.
            case browserTitle = "browserAlertTitle"
            /// Its text.
            case browserBody = "browserAlertBody"
            /// The title of the SDK's terms of service page.
            case termsOfServiceTitle = "termsOfServiceTitle"
            /// The button that closes it.
            case done = "Done"
        }

        /// Your own text for any key, used in every language; empty by default.
        @MainActor public static var overrides: [Key: String] = [:]

        /// The language to show, as a BCP 47 tag (`"sv"`, `"nb-NO"`); nil (the default) follows
        /// the device's preferred languages.
        @MainActor public static var language: String?

        /// The languages the SDK has text for.
        public static let languages = ["da", "de", "en", "es", "et", "fi", "fr", "lt", "lv", "nb", "pl", "ru", "sv"]

        /// The text for `key`, looked up as the type's documentation says.
        @MainActor
        public static func text(_ key: Key) -> String {
            text(
                key, overrides: overrides,
                preferred: language.map { [$0] } ?? Locale.preferredLanguages, appTable: Bundle.main)
        }

        /// The lookup, with its inputs given: tests and the type-check reach it without touching
        /// global state.
        static func text(_ key: Key, overrides: [Key: String], preferred: [String], appTable: Bundle?) -> String {
            if let text = overrides[key] { return text }
            let language = bestLanguage(for: preferred)
            if let appTable, let text = appText(key, in: appTable, language: language) { return text }
            return SDKTables.shared.table(for: language)[key.rawValue]
                ?? SDKTables.shared.table(for: "en")[key.rawValue] ?? key.rawValue
        }

        /// The first of `preferred` the SDK has text for, by language code (`nb-NO` → `nb`;
        /// Norwegian `no` and `nn` read Bokmål); English when none.
        static func bestLanguage(for preferred: [String]) -> String {
            for tag in preferred {
                let code =
                    tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
                let mapped = ["no": "nb", "nn": "nb"][code] ?? code
                if languages.contains(mapped) { return mapped }
            }
            return "en"
        }

        private static func appText(_ key: Key, in bundle: Bundle, language: String) -> String? {
            guard
                let path = bundle.path(
                    forResource: "SwedbankPaySDK", ofType: "strings", inDirectory: nil, forLocalization: language)
                    ?? bundle.path(forResource: "SwedbankPaySDK", ofType: "strings")
            else { return nil }
            return SDKTables.read(path)[key.rawValue]
        }
    }
}

/// The SDK's own tables, read once per language from its resource bundle.
final class SDKTables: @unchecked Sendable {
    static let shared = SDKTables()
    private let lock = NSLock()
    private var tables: [String: [String: String]] = [:]

    func table(for language: String) -> [String: String] {
        lock.withLock {
            if let table = tables[language] { return table }
            let path = SwedbankPaySDK.resourceBundle.path(
                forResource: "Localizable", ofType: "strings", inDirectory: nil, forLocalization: language)
            let table = path.map(Self.read) ?? [:]
            tables[language] = table
            return table
        }
    }

    /// A `.strings` file (text or binary property list) as a dictionary; empty if unreadable.
    static func read(_ path: String) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
        else { return [:] }
        return plist as? [String: String] ?? [:]
    }
}
