import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

// App code written for SwedbankPaySDK 5.0.x (see scripts/check-apple-only: compiled three ways).
// Calls of the Merchant Backend configuration written as for 5.0.3: completion closures that are
// not marked @Sendable and capture app state, an app type decoded by expandPayer (under main-actor
// default isolation its Decodable conformance is main-actor isolated), and an exhaustive switch
// over 5.0.3's languages. Their behaviour is tested in AppCodeTests and in
// SwedbankPaySDKMerchantBackendTests/CallbackStyleTests.

struct PayerInfo: Decodable {
    var paymentOrder: PaymentOrderPayer
    struct PaymentOrderPayer: Decodable { var payer: Payer? }
    struct Payer: Decodable { var email: String? }
}

final class CheckoutModel {
    var lastEmail: String?
    var lastError: Error?
    var instrument: SwedbankPaySDK.Instrument?
    var payerChecks = 0
    var onChange: (() -> Void)?
    var language: SwedbankPaySDK.Language = .Swedish

    /// The payment menu's language as the app's settings screen names it.
    var languageName: String {
        switch language {
        case .English: return "English"
        case .Norwegian: return "Norsk"
        case .Swedish: return "Svenska"
        }
    }

    func order(amount: Int64) -> SwedbankPaySDK.PaymentOrder {
        var order = SwedbankPaySDK.PaymentOrder(
            currency: "SEK", amount: amount, vatAmount: amount / 5, description: "Cart",
            urls: SwedbankPaySDK.PaymentOrderUrls(hostUrls: [], completeUrl: URL(string: "https://shop.example.com/c")!)
        )
        order.language = language
        return order
    }

    func fetchPayer(configuration: SwedbankPaySDK.MerchantBackendConfiguration, paymentOrderId: String) {
        _ = configuration.expandPayer(
            configuration: configuration,
            paymentOrderId: paymentOrderId,
            extraHeaders: ["x-request-id": "1"]
        ) { (result: Result<PayerInfo, SwedbankPaySDK.MerchantBackendError>) in
            switch result {
            case .success(let info): self.lastEmail = info.paymentOrder.payer?.email
            case .failure(let error): self.lastError = error
            }
            self.onChange?()
        }
    }

    /// Checks the identified payer as 5.0.3 allowed an app to: state in a captured local.
    func confirmPayer(
        configuration: SwedbankPaySDK.MerchantBackendConfiguration,
        info: SwedbankPaySDK.ViewPaymentOrderInfo
    ) -> SwedbankPaySDKRequest? {
        var attempts = 0
        return configuration.expandPayerAfterIdentified(paymentInfo: info) { result in
            attempts += 1
            if case .failure(let error) = result { self.lastError = error }
            self.payerChecks = attempts
            self.onChange?()
        }
    }

    func switchToCard(
        configuration: SwedbankPaySDK.MerchantBackendConfiguration,
        info: SwedbankPaySDK.ViewPaymentOrderInfo
    ) -> SwedbankPaySDKRequest? {
        configuration.updatePayment(
            with: .creditCard,
            paymentOrder: nil,
            options: [.isV3],
            userData: nil,
            viewPaymentOrderInfo: info
        ) { result in
            switch result {
            case .success(let updated): self.instrument = updated.instrument
            case .failure(let error): self.lastError = error
            }
        }
    }
}
