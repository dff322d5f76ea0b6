import Foundation

/// The instruments of the hosted payment menu and how each is paid there.
enum HostedViewInstrument {
    /// The web-based invoice: an approval page inside the menu.
    static let invoice = "Invoice-PayExFinancingSe"
    /// A bank payment: the payer leaves for a third-party "bank" page and returns via paymentUrl.
    static let bank = "Trustly"

    /// How the menu offers an instrument.
    enum Presentation: String, Sendable {
        case card, swish, invoice, bank
        /// Shown, but only payable in the app (Apple Pay needs the native SDK).
        case appOnly
    }

    static func presentation(of instrument: String) -> Presentation {
        switch instrument {
        case "CreditCard": return .card
        case "Swish": return .swish
        case invoice: return .invoice
        case bank: return .bank
        default: return .appOnly
        }
    }

    /// The name people see.
    static func displayName(_ instrument: String) -> String {
        switch instrument {
        case "CreditCard": return "Card"
        case "Swish": return "Swish"
        case invoice: return "Invoice"
        case bank: return "Bank payment (Trustly)"
        case "ApplePay": return "Apple Pay"
        default: return instrument
        }
    }
}
