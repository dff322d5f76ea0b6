#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// How the hosted payment menu offers each instrument and how it is paid there.
enum HostedViewInstrument {
    /// How the menu offers an instrument.
    enum Presentation: String, Sendable {
        case card, swish, invoice, bank
        /// A phone number, then the wallet app's approval on its simulator page (Vipps, MobilePay).
        case walletApp
        /// Shown, but only payable in the app (Apple Pay needs the native SDK).
        case appOnly
    }

    static func presentation(of instrument: SandboxInstrument) -> Presentation {
        switch instrument {
        case .creditCard: .card
        case .swish: .swish
        case .invoice, .invoiceNo, .invoiceFi: .invoice
        case .trustly: .bank
        case .vipps, .mobilePay: .walletApp
        case .applePay: .appOnly
        }
    }
}
#endif
