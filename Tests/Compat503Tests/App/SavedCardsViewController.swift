#if canImport(UIKit)
    import UIKit
    import SwedbankPaySDK
    import SwedbankPaySDKMerchantBackend

    // App code written for SwedbankPaySDK 5.0.x (see scripts/check-apple-only: compiled three
    // ways). The saved cards screen: a view controller calling the Merchant Backend token helpers
    // and updating itself from their completions (`self?.show(...)`), which 5.0.3 calls on the
    // main thread.

    class SavedCardsViewController: UIViewController {
        var configuration: SwedbankPaySDK.MerchantBackendConfiguration?
        var payerReference = "payer-1"
        private var tokens: [SwedbankPaySDK.PaymentTokenInfo] = []
        private var loading: SwedbankPaySDKRequest?

        override func viewDidLoad() {
            super.viewDidLoad()
            reload()
        }

        func reload() {
            guard let configuration else { return }
            loading = SwedbankPaySDK.MerchantBackend.getPayerOwnedPaymentTokens(
                configuration: configuration, payerReference: payerReference
            ) { [weak self] result in
                self?.loading = nil
                switch result {
                case .success(let response):
                    self?.show(response.payerOwnedPaymentTokens.paymentTokens ?? [])
                case .failure(let error):
                    self?.showError(error)
                }
            }
        }

        func remove(_ token: SwedbankPaySDK.PaymentTokenInfo) {
            guard let configuration else { return }
            _ = SwedbankPaySDK.MerchantBackend.deletePayerOwnerPaymentToken(
                configuration: configuration, paymentToken: token, comment: "Removed in the app",
                extraHeaders: ["x-request-id": UUID().uuidString]
            ) { [weak self] result in
                if case .failure(let error) = result {
                    self?.showError(error)
                } else {
                    self?.reload()
                }
            }
        }

        private func show(_ tokens: [SwedbankPaySDK.PaymentTokenInfo]) {
            self.tokens = tokens
            title = "\(tokens.count) cards"
        }

        private func showError(_ error: Error) {
            let message = PaymentErrorFormatter.message(for: error)
            let alert = UIAlertController(title: message.title, message: message.message, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default, handler: nil))
            present(alert, animated: true, completion: nil)
        }

        override func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
            loading?.cancel()
            super.dismiss(animated: flag, completion: completion)
        }
    }
#endif
