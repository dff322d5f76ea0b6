#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The market a payment order is sold in, read from its currency, and the instruments the
/// payment menu offers there — as the developer portal lists the instruments' regions: Swish in
/// Sweden, Vipps in Norway, MobilePay in Denmark and Finland, each country's own invoice (SEK, NOK,
/// EUR), Trustly in Sweden and Finland, cards and Apple Pay everywhere.
///
/// The sandbox has no merchant contracts, so the currency stands for the merchant's market: SEK
/// is Sweden, NOK Norway, DKK Denmark, EUR Finland, and any other currency (USD) a market where
/// only the international instruments are offered.
enum SandboxMarket: String, Sendable, CaseIterable {
    case sweden, norway, denmark, finland, international

    init(currency: String) {
        switch currency.uppercased() {
        case "SEK": self = .sweden
        case "NOK": self = .norway
        case "DKK": self = .denmark
        case "EUR": self = .finland
        default: self = .international
        }
    }

    /// The instruments offered, in the menu's order.
    var instruments: [SandboxInstrument] {
        switch self {
        case .sweden: [.creditCard, .swish, .applePay, .invoice, .trustly]
        case .norway: [.creditCard, .vipps, .applePay, .invoiceNo]
        case .denmark: [.creditCard, .mobilePay, .applePay]
        case .finland: [.creditCard, .mobilePay, .applePay, .invoiceFi, .trustly]
        case .international: [.creditCard, .applePay]
        }
    }
}
#endif
