#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The language of the pages a payer sees — the payment menu, checkin, the card form, the 3-D
/// Secure ACS page, the Swish, invoice, Vipps and MobilePay steps, the bank page, the trampoline
/// and the Redirect integration's notices: the 13 cultures of the SDK's `Language`, each with one
/// set of words (``PayerWords``) and its way of writing money.
///
/// Read from a culture (`nb-NO`) or a bare language code (`nb`, and `no` for Norwegian), in any
/// letter case. Anything else — an unknown culture — is English, the documented fallback.
enum PayerLanguage: String, Sendable, CaseIterable {
    case swedish = "sv-SE"
    case norwegian = "nb-NO"
    case danish = "da-DK"
    case finnish = "fi-FI"
    case english = "en-US"
    case german = "de-DE"
    case estonian = "et-EE"
    case spanish = "es-ES"
    case french = "fr-FR"
    case lithuanian = "lt-LT"
    case latvian = "lv-LV"
    case polish = "pl-PL"
    case russian = "ru-RU"

    init(culture: String) {
        let code = culture.prefix { $0 != "-" && $0 != "_" }.lowercased()
        self = code == "no" ? .norwegian : Self.allCases.first { $0.code == code } ?? .english
    }

    /// The `lang` attribute: the language without its region (`nb`).
    var code: String { String(rawValue.prefix { $0 != "-" }) }

    var words: PayerWords {
        switch self {
        case .swedish: .swedish
        case .norwegian: .norwegian
        case .danish: .danish
        case .finnish: .finnish
        case .english: .english
        case .german: .german
        case .estonian: .estonian
        case .spanish: .spanish
        case .french: .french
        case .lithuanian: .lithuanian
        case .latvian: .latvian
        case .polish: .polish
        case .russian: .russian
        }
    }

    /// `amount` minor units of `currency` as the language writes money: `15,00 kr` (Swedish and
    /// Norwegian crowns), `15,00 kr.` (Danish), `15,00 €`, `SEK 15.00` and `$15.00` (English).
    /// Thousands are grouped (a no-break space, or `.` in German, Danish and Spanish, `,` in
    /// English); a currency without a symbol in the language is written as its code.
    func money(_ amount: Int64, currency: String) -> String {
        let code = currency.uppercased()
        let negative = amount < 0
        let magnitude = amount.magnitude
        let major = String(magnitude / 100)
        let minor = magnitude % 100
        let (group, decimal): (String, String) =
            switch self {
            case .english: (",", ".")
            case .german, .danish, .spanish: (".", ",")
            default: ("\u{00A0}", ",")
            }
        var grouped = ""
        for (index, digit) in major.enumerated() {
            if index > 0, (major.count - index) % 3 == 0 { grouped += group }
            grouped.append(digit)
        }
        let number = (negative ? "-" : "") + grouped + decimal + (minor < 10 ? "0" : "") + String(minor)
        if self == .english {
            switch code {
            case "USD": return "$" + number
            case "EUR": return "€" + number
            default: return code + "\u{00A0}" + number
            }
        }
        let symbol: String =
            switch (self, code) {
            case (_, "EUR"): "€"
            case (.swedish, "SEK"), (.norwegian, "NOK"): "kr"
            case (.danish, "DKK"): "kr."
            default: code
            }
        return number + "\u{00A0}" + symbol
    }
}
#endif
