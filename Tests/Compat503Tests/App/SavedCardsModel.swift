import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend

// App code written for SwedbankPaySDK 5.0.x (see scripts/check-apple-only: compiled three ways).
// The payer's saved cards, as a main-actor view model loads them through the Merchant Backend
// helpers: completions that capture `self` weakly and call its main-actor methods — in 5.0.3 the
// completions are plain `@escaping` closures called on the main thread.

@MainActor
final class SavedCardsModel {
    let configuration: SwedbankPaySDK.MerchantBackendConfiguration
    let payerReference: String
    private(set) var cards: [SwedbankPaySDK.PaymentTokenInfo] = []
    private(set) var errorText: String?
    private var request: SwedbankPaySDKRequest?
    var onChange: (() -> Void)?

    init(configuration: SwedbankPaySDK.MerchantBackendConfiguration, payerReference: String) {
        self.configuration = configuration
        self.payerReference = payerReference
    }

    func load() {
        request?.cancel()
        request = SwedbankPaySDK.MerchantBackend.getPayerOwnedPaymentTokens(
            configuration: configuration,
            payerReference: payerReference,
            extraHeaders: ["x-app-version": "5.0"]
        ) { [weak self] result in
            switch result {
            case .success(let response):
                self?.update(cards: response.payerOwnedPaymentTokens.paymentTokens ?? [])
            case .failure(let error):
                self?.update(error: error)
            }
        }
    }

    func delete(_ card: SwedbankPaySDK.PaymentTokenInfo) {
        _ = SwedbankPaySDK.MerchantBackend.deletePayerOwnerPaymentToken(
            configuration: configuration,
            paymentToken: card,
            comment: "Removed by the payer"
        ) { [weak self] result in
            switch result {
            case .success:
                self?.load()
            case .failure(let error):
                self?.update(error: error)
            }
        }
    }

    func cancel() {
        request?.cancel()
        request = nil
    }

    private func update(cards: [SwedbankPaySDK.PaymentTokenInfo]) {
        self.cards = cards
        errorText = nil
        onChange?()
    }

    private func update(error: Error) {
        errorText = PaymentErrorFormatter.message(for: error).message
        onChange?()
    }
}
