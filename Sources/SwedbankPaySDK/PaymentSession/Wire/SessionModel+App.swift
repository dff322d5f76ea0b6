import Foundation

/// What the app is told, read from a session model: the instruments it may pay with, whether a
/// new card can be entered, the order info automatic configuration builds, and how a problem is
/// known again. Reading only; the decision (``PaymentSessionDecision``) says when each is used.
extension SessionModel {
    /// The order info automatic configuration builds; nil without the complete URL or a host URL.
    /// The view link is the session's `view-payment` script, else the session's own URL.
    func automaticOrderInfo(sessionURL: URL?) -> SwedbankPaySDK.ViewPaymentOrderInfo? {
        guard let urls, let completeUrl = urls.completeUrl, let host = urls.hostUrls?.first,
            let viewLink = topLevel(SessionRel.viewPayment)?.href.flatMap(URL.init(string:)) ?? sessionURL
        else { return nil }
        return SwedbankPaySDK.ViewPaymentOrderInfo(
            isV3: true, webViewBaseURL: host, viewPaymentLink: viewLink, completeUrl: completeUrl,
            cancelUrl: urls.cancelUrl, paymentUrl: urls.paymentUrl, termsOfServiceUrl: urls.termsOfServiceUrl)
    }

    /// Whether a card the payer enters can be paid with: the session has a card method and can be
    /// put in card instrument mode (or already is).
    var newCreditCardAvailable: Bool {
        methods.contains { $0.paymentMethod == PaymentMethodName.creditCard }
            && (topLevel(SessionRel.customizePayment) != nil
                || instrumentModePaymentMethod == PaymentMethodName.creditCard)
    }

    /// The instruments the app may pay with, one per method, Apple Pay as far as `wallet` can pay.
    func availableInstruments(wallet: SwedbankPaySDK.WalletDevice) -> [SwedbankPaySDK.AvailableInstrument] {
        methods.flatMap { method -> [SwedbankPaySDK.AvailableInstrument] in
            switch method.paymentMethod {
            case PaymentMethodName.swish:
                return [.swish(prefills: method.swishPrefills)]
            case PaymentMethodName.creditCard:
                return [.creditCard(prefills: method.cardPrefills)]
            case PaymentMethodName.applePay:
                return [
                    .applePay(
                        canMakePayments: wallet.canMakePayments,
                        canMakePaymentsUsingNetworksAndCapabilities: wallet.canPay(
                            networks: method.cardBrands ?? [], capabilities: method.merchantCapabilities ?? []))
                ]
            default:
                return [.webBased(paymentMethod: method.paymentMethod)]
            }
        }
    }
}

extension SwedbankPaySDK.ProblemDetails {
    /// What a shown problem is known by: its acknowledge href, or its content when it has none.
    var shownKey: String {
        operation?.href ?? "\(type)|\(title ?? "")|\(detail ?? "")"
    }
}
