import Foundation

extension SwedbankPaySDK {
    /// A way to pay that a payment session offers, as ``SwedbankPaySDKPaymentSessionDelegate/paymentSessionFetched(availableInstruments:)``
    /// lists them.
    ///
    /// The four cases of the Swedbank Pay SDK 5.0.3, so an exhaustive `switch` written for it
    /// compiles. Whether the session also takes a card the payer enters
    /// (``PaymentAttemptInstrument/newCreditCard(enabledPaymentDetailsConsentCheckbox:)``) is
    /// ``SwedbankPayPaymentSession/newCreditCardAvailable``.
    public enum AvailableInstrument: Sendable, Hashable, Codable {
        /// Swish, with the numbers the session knows for the payer.
        case swish(prefills: [SwishMethodPrefillModel]?)
        /// The payer's saved cards.
        case creditCard(prefills: [CreditCardMethodPrefillModel]?)
        /// Apple Pay, with what the device can do (as in the Swedbank Pay SDK 5.0.3): whether it can
        /// make wallet payments at all, and whether with a card of the session's networks and the
        /// capabilities it asks for. Offer Apple Pay when the second is true; show the "set up
        /// Apple Pay" button when only the first is.
        case applePay(canMakePayments: Bool, canMakePaymentsUsingNetworksAndCapabilities: Bool)
        /// A method only the web payment menu can take (`Invoice-PayExFinancingSe`, `Trustly`, ...):
        /// use it with ``SwedbankPayPaymentSession/createSwedbankPaySDKController(mode:)``.
        case webBased(paymentMethod: String)

        /// The session's name of the method: `Swish`, `CreditCard`, `ApplePay`, or the web-based
        /// method's own name.
        public var paymentMethod: String {
            switch self {
            case .swish: return PaymentMethodName.swish
            case .creditCard: return PaymentMethodName.creditCard
            case .applePay: return PaymentMethodName.applePay
            case .webBased(let paymentMethod): return paymentMethod
            }
        }
    }

    /// What a payment attempt pays with: the argument of
    /// ``SwedbankPayPaymentSession/makeNativePaymentAttempt(instrument:)``.
    public enum PaymentAttemptInstrument: Sendable, Hashable {
        /// Swish. `nil` starts the Swish app on this device; a number (`+46739000001`: `+`, country
        /// code, digits, no spaces) starts the payment on the payer's other device.
        case swish(msisdn: String?)
        /// A saved card from ``AvailableInstrument/creditCard(prefills:)``.
        case creditCard(prefill: CreditCardMethodPrefillModel)
        /// Apple Pay, with your Apple Pay merchant identifier (`merchant.com.example.app`).
        case applePay(merchantIdentifier: String)
        /// A new card, entered in the SDK's web view (``SwedbankPaySDKPaymentSessionDelegate/showSwedbankPaySDKController(viewController:)``);
        /// the flag shows or hides the checkbox for saving the card.
        case newCreditCard(enabledPaymentDetailsConsentCheckbox: Bool)

        /// The session's name of the method this instrument pays with.
        public var paymentMethod: String {
            switch self {
            case .swish: return PaymentMethodName.swish
            case .creditCard, .newCreditCard: return PaymentMethodName.creditCard
            case .applePay: return PaymentMethodName.applePay
            }
        }

        /// Only a new card needs the session in instrument mode (it is paid in the web view).
        var requiresInstrumentMode: Bool {
            if case .newCreditCard = self { return true }
            return false
        }
    }

    /// How ``SwedbankPayPaymentSession/createSwedbankPaySDKController(mode:)`` shows the web
    /// payment menu.
    public enum SwedbankPayPaymentSessionSDKControllerMode: Sendable, Hashable {
        /// The payment menu; `nil` (or an empty list) shows every instrument, a list only those.
        case menu(restrictedToInstruments: [AvailableInstrument]?)
        /// One instrument alone.
        case instrumentMode(instrument: AvailableInstrument)
    }
}

/// The payment session's names of the methods the SDK pays with natively: the instrument names of
/// ``SwedbankPaySDK/Instrument``.
enum PaymentMethodName {
    static let swish = SwedbankPaySDK.Instrument.swish.rawValue
    static let creditCard = SwedbankPaySDK.Instrument.creditCard.rawValue
    static let applePay = SwedbankPaySDK.Instrument.applePay.rawValue
    static let native: Set<String> = [swish, creditCard, applePay]
}
