#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport
import SwedbankPaySDK

/// What the hosted payment menu of an order offers, decided from the order alone (plus the
/// payer's stored cards and the view's state): the instruments in menu order, saved cards, the
/// consent checkbox, the payer step, terms of service and cancel. The page only renders it.
struct PaymentMenuModel: Sendable, Equatable {
    /// One instrument of the menu.
    struct Instrument: Sendable, Equatable {
        var instrument: SandboxInstrument
        var presentation: HostedViewInstrument.Presentation
        /// Why it cannot be paid here, when it cannot.
        var unavailableReason: Unavailable?

        var name: String { instrument.rawValue }
    }

    /// Why an instrument is listed but cannot be paid in the menu.
    enum Unavailable: Sendable, Equatable {
        /// Apple Pay: paid in the app.
        case appOnly
        /// A bank payment in a Seamless View without `paymentUrl` to come back to.
        case needsPaymentUrl
    }

    var paymentOrderId: String
    var isV3: Bool
    var amount: Int64
    var currency: String
    var description: String
    /// The pages' language: the order's, or the Seamless View script's `culture`.
    var language: PayerLanguage
    var instruments: [Instrument]
    /// Instrument mode: one instrument, shown open, without a choice.
    var isInstrumentMode: Bool
    var savedCards: [SavedCardPrefill]
    /// `enablePaymentDetailsConsentCheckbox`: "remember my card" under the card form.
    var showsConsent: Bool
    var swishPrefill: String?
    /// v3 with `payer.requireConsumerInfo`: the payer identifies before choosing.
    var needsPayerIdentification: Bool
    /// Whether the menu identifies the payer at all (v3, `requireConsumerInfo`, no profile): then
    /// an identified payer may say "Not you?".
    var identifiesPayer: Bool
    var payerEmailPrefill: String?
    var termsOfServiceUrl: String?
    var completeUrl: String
    var cancelUrl: String?
    var paymentUrl: String?
    /// The origins of `hostUrls`, to compare with the page the view is embedded in.
    var hostOrigins: [String]

    init(order record: PaymentOrderRecord, storedTokens: [PayerTokenRecord], state: HostedViewState) {
        let order = record.order
        paymentOrderId = record.path
        isV3 = record.isV3
        amount = order.amount
        currency = order.currency
        description = order.description
        language = PayerLanguage(culture: order.culture.rawValue)
        let paymentUrl = order.urls.paymentUrl?.absoluteString
        instruments = record.availableInstruments.map { instrument in
            let presentation = HostedViewInstrument.presentation(of: instrument)
            var reason: Unavailable?
            if presentation == .appOnly {
                reason = .appOnly
            } else if presentation == .bank, paymentUrl == nil, state.integration != .redirect {
                reason = .needsPaymentUrl
            }
            return Instrument(instrument: instrument, presentation: presentation, unavailableReason: reason)
        }
        isInstrumentMode = record.isInstrumentMode
        savedCards = SavedCardPrefill.prefills(
            order: record, storedTokens: storedTokens, hidden: order.disableStoredPaymentDetails)
        showsConsent = record.requested(.enablePaymentDetailsConsentCheckbox) == .bool(true)
        swishPrefill = order.payer?.msisdn.map { $0.filter { $0 != " " } }
        identifiesPayer =
            record.isV3 && order.payer?.requireConsumerInfo == true && order.payer?.consumerProfileRef == nil
        needsPayerIdentification = identifiesPayer && state.identifiedEmail == nil
        payerEmailPrefill = order.payer?.email
        termsOfServiceUrl = order.urls.termsOfServiceUrl?.absoluteString
        completeUrl = order.urls.completeUrl.absoluteString
        cancelUrl = order.urls.cancelUrl?.absoluteString
        self.paymentUrl = paymentUrl
        hostOrigins = order.urls.hostUrls.compactMap(Self.origin)
    }

    /// The amount as the page's language writes it (`15,00 kr`).
    var amountText: String { language.money(amount, currency: currency) }

    var words: PayerWords { language.words }

    /// The name people see: a brand as it is, the rest in the page's language.
    static func displayName(_ instrument: SandboxInstrument, _ words: PayerWords) -> String {
        switch instrument {
        case .creditCard: words.card
        case .swish: instrument.rawValue
        case .invoice, .invoiceNo, .invoiceFi: words.invoice
        case .trustly: words.bankPayment + " (Trustly)"
        case .applePay: "Apple Pay"
        case .vipps, .mobilePay: instrument.rawValue
        }
    }

    /// `scheme://host[:port]` of a URL, as `location.origin` spells it.
    static func origin(_ url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = url.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)"
    }
}
#endif
