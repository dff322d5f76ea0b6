import Foundation

/// How the hosted payment menu offers each instrument and how it is paid there.
enum HostedViewInstrument {
    /// How the menu offers an instrument.
    enum Presentation: String, Sendable {
        case card, swish, invoice, bank
        /// Shown, but only payable in the app (Apple Pay needs the native SDK).
        case appOnly
    }

    static func presentation(of instrument: SandboxInstrument) -> Presentation {
        switch instrument {
        case .creditCard: .card
        case .swish: .swish
        case .invoice: .invoice
        case .trustly: .bank
        case .applePay: .appOnly
        }
    }
}
