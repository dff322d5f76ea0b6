import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

/// Amounts as the shop shows them.
public enum Money {
    /// `12900` → `"129.00 SEK"`.
    public static func format(_ ore: Int64) -> String {
        let sign = ore < 0 ? "-" : ""
        let magnitude = ore.magnitude
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction) SEK"
    }
}

/// One way to pay natively that the app offers, made from what the session offered.
public struct NativeChoice: Identifiable, Sendable {
    public var id: String
    public var title: String
    public var instrument: SwedbankPaySDK.PaymentAttemptInstrument

    /// The Apple Pay merchant identifier of the example (set up in the Apple Developer account of
    /// whoever signs the app).
    public static let applePayMerchantIdentifier = "merchant.com.swedbankpay.example"

    /// The choices for `instruments`: Swish in the Swish app on this device, Swish on another
    /// phone when a number is set, each saved card, Apple Pay when this device can pay with the
    /// session's networks, and a new card. Instruments only the web menu can take are left to it.
    public static func choices(
        for instruments: [SwedbankPaySDK.AvailableInstrument], newCreditCard: Bool, swishNumber: String?
    ) -> [NativeChoice] {
        var choices: [NativeChoice] = []
        for instrument in instruments {
            switch instrument {
            case .swish:
                choices.append(NativeChoice(id: "swish", title: "Swish", instrument: .swish(msisdn: nil)))
                if let swishNumber, !swishNumber.isEmpty {
                    choices.append(
                        NativeChoice(
                            id: "swish-other", title: "Swish on \(swishNumber)",
                            instrument: .swish(msisdn: swishNumber)))
                }
            case .creditCard(let prefills):
                for card in prefills ?? [] {
                    choices.append(
                        NativeChoice(
                            id: "card-\(card.paymentToken)",
                            title: "\(card.cardBrand) \(card.maskedPan.suffix(4)), expires \(card.expiryString)",
                            instrument: .creditCard(prefill: card)))
                }
                if newCreditCard {
                    choices.append(
                        NativeChoice(
                            id: "new-card", title: "New card",
                            instrument: .newCreditCard(enabledPaymentDetailsConsentCheckbox: true)))
                }
            case .applePay(let canMakePayments, let withNetworks) where canMakePayments && withNetworks:
                choices.append(
                    NativeChoice(
                        id: "applepay", title: "Apple Pay",
                        instrument: .applePay(merchantIdentifier: applePayMerchantIdentifier)))
            default:
                break
            }
        }
        return choices
    }
}

extension CheckoutModel {
    /// The native choices for what the session offered.
    public var nativeChoices: [NativeChoice] {
        NativeChoice.choices(
            for: nativeInstruments, newCreditCard: nativeNewCreditCard, swishNumber: settings.swishNumber)
    }

    /// One line telling the payer where the checkout is.
    public var statusText: String {
        switch phase {
        case .shopping: cart.isEmpty ? "Add something to the cart." : "Total \(Money.format(cart.total))."
        case .payingOnWeb: "Paying in the payment menu…"
        case .preparingNativePayment: "Preparing the payment…"
        case .choosingInstrument: "Choose how to pay \(Money.format(cart.total))."
        case .payingNatively: "Paying…"
        case .checkingStatus: "Checking the payment with the shop…"
        case .paid(let amount): "Paid \(Money.format(amount)). Thank you!"
        case .notPaid(let reason): "Not paid: \(reason)"
        }
    }

    /// The configuration the payment sheet is given. The sheet only opens after
    /// ``payOnWeb()`` accepted the settings, so the fallback is never paid with.
    public var webPaymentConfiguration: SwedbankPaySDK.MerchantBackendConfiguration {
        (try? configuration())
            ?? SwedbankPaySDK.MerchantBackendConfiguration(
                backendUrl: URL(string: ExampleSettings().backendURL)!, callbackScheme: ExampleSettings.callbackScheme)
    }
}
