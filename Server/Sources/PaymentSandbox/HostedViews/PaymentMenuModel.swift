import Foundation
import ServerSupport
import SwedbankPaySDK

/// What the hosted payment menu of an order offers, decided from the order alone (plus the
/// payer's stored cards and the view's state): the instruments in menu order, saved cards, the
/// consent checkbox, the payer step, terms of service and cancel. The page only renders it.
struct PaymentMenuModel: Sendable, Equatable {
    /// One instrument of the menu.
    struct Instrument: Sendable, Equatable {
        var name: String
        var displayName: String
        var presentation: HostedViewInstrument.Presentation
        /// Why it cannot be paid here, when it cannot.
        var unavailableReason: String?
    }

    var paymentOrderId: String
    var isV3: Bool
    var amountText: String
    var description: String
    var language: String
    var instruments: [Instrument]
    /// Instrument mode: one instrument, shown open, without a choice.
    var isInstrumentMode: Bool
    var savedCards: [SavedCardPrefill]
    /// `enablePaymentDetailsConsentCheckbox`: "remember my card" under the card form.
    var showsConsent: Bool
    var swishPrefill: String?
    /// v3 with `payer.requireConsumerInfo`: the payer identifies before choosing.
    var needsPayerIdentification: Bool
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
        amountText = HTMLText.money(order.amount, currency: order.currency)
        description = order.description
        language = order.language.rawValue
        let paymentUrl = order.urls.paymentUrl?.absoluteString
        instruments = record.availableInstruments.map { instrument in
            let presentation = HostedViewInstrument.presentation(of: instrument)
            var reason: String?
            if presentation == .appOnly {
                reason = "\(Self.displayName(instrument)) is paid in the app, not in this web menu."
            } else if presentation == .bank, paymentUrl == nil, state.integration != .redirect {
                reason = "A bank payment returns through the order's paymentUrl, and this order has none."
            }
            return Instrument(
                name: instrument.rawValue, displayName: Self.displayName(instrument), presentation: presentation,
                unavailableReason: reason)
        }
        isInstrumentMode = record.isInstrumentMode
        savedCards = SavedCardPrefill.prefills(
            order: record, storedTokens: storedTokens, hidden: order.disableStoredPaymentDetails)
        showsConsent = record.requested(.enablePaymentDetailsConsentCheckbox) == .bool(true)
        swishPrefill = order.payer?.msisdn.map { $0.filter { $0 != " " } }
        needsPayerIdentification =
            record.isV3 && order.payer?.requireConsumerInfo == true && state.identifiedEmail == nil
            && order.payer?.consumerProfileRef == nil
        payerEmailPrefill = order.payer?.email
        termsOfServiceUrl = order.urls.termsOfServiceUrl?.absoluteString
        completeUrl = order.urls.completeUrl.absoluteString
        cancelUrl = order.urls.cancelUrl?.absoluteString
        self.paymentUrl = paymentUrl
        hostOrigins = order.urls.hostUrls.compactMap(Self.origin)
    }

    /// The name people see.
    static func displayName(_ instrument: SandboxInstrument) -> String {
        switch instrument {
        case .creditCard: "Card"
        case .swish: "Swish"
        case .invoice, .invoiceNo, .invoiceFi: "Invoice"
        case .trustly: "Bank payment (Trustly)"
        case .applePay: "Apple Pay"
        case .vipps: "Vipps"
        case .mobilePay: "MobilePay"
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
