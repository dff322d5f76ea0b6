#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// The instruments the sandbox offers, by their names on the wire (`availableInstruments`,
/// `paid.instrument`, the payment session's `paymentMethod`, history and attempts). The one place
/// these names are spelled; orders, sessions, hosted views, tokens and the control API share it.
enum SandboxInstrument: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case creditCard = "CreditCard"
    case swish = "Swish"
    case applePay = "ApplePay"
    /// The web-based invoice: an approval page inside the menu.
    case invoice = "Invoice-PayExFinancingSe"
    /// A bank payment: the payer leaves for a third-party "bank" page and returns via paymentUrl.
    case trustly = "Trustly"
    /// Norway's wallet app: the payer gives a phone number and approves in the (simulated) app.
    case vipps = "Vipps"
    /// Denmark's and Finland's wallet app, paid as Vipps is.
    case mobilePay = "MobilePay"
    /// The invoice of the Norwegian market (NOK).
    case invoiceNo = "Invoice-PayExFinancingNo"
    /// The invoice of the Finnish market (EUR).
    case invoiceFi = "Invoice-PayExFinancingFi"

    /// The wire name, so a message that names an instrument says what the API says.
    var description: String { rawValue }

    /// What a payout `Verify` (`restrictedToPayoutInstruments`) offers: the bank accounts a
    /// `Payout` can pay to.
    static let payout: [SandboxInstrument] = [.trustly]

    /// The instruments a name of `restrictedToInstruments` stands for: itself, or for a family
    /// name every instrument of that family — Checkout v2 documents `Invoice` for all invoice
    /// subtypes (`Invoice-PayExFinancingSe`, …), and Swedbank Pay's Java example sends
    /// `["CreditCard", "Invoice"]`. Empty for a name the sandbox does not know.
    static func matching(_ name: String) -> [SandboxInstrument] {
        if let instrument = SandboxInstrument(rawValue: name) { return [instrument] }
        return allCases.filter { $0.rawValue.hasPrefix(name + "-") }
    }

    /// A restriction's instruments among `offered` (the market's), in that order, each once.
    static func expanding(_ restriction: [String], offered: [SandboxInstrument] = allCases) -> [SandboxInstrument] {
        let named = Set(restriction.flatMap(matching))
        return offered.filter(named.contains)
    }

    /// The names of `instruments`, joined for a message.
    static func names(_ instruments: [SandboxInstrument]) -> String {
        instruments.map(\.rawValue).joined(separator: ", ")
    }

    /// Cards and wallets authorize (captured later); the rest are sales.
    var transactionType: TransactionType {
        switch self {
        case .creditCard, .applePay, .invoice, .invoiceNo, .invoiceFi, .vipps, .mobilePay: .authorization
        case .swish, .trustly: .sale
        }
    }

    /// Whether it is one of the invoice subtypes (`Invoice-…`).
    var isInvoice: Bool { self == .invoice || self == .invoiceNo || self == .invoiceFi }

    /// Whether the payer approves it in a wallet app after giving a phone number (Vipps,
    /// MobilePay); the sandbox's simulator page stands in for the app.
    var isWalletApp: Bool { self == .vipps || self == .mobilePay }

    /// The segment of the instrument's own payment API (`/psp/<segment>/payments/<id>`), which
    /// callbacks and v2's `payments` name: the name before any `-`, in lower case.
    var apiSegment: String { rawValue.split(separator: "-")[0].lowercased() }

    /// Whether the instrument is a card the scheme authorizes (a card or a wallet's card).
    var isCard: Bool { self == .creditCard || self == .applePay }
}
#endif
