import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

// Calls of the Merchant Backend configuration written as for 5.0.3: completion closures that are
// not marked @Sendable and capture app state. They are compiled here; their behaviour is tested in
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
