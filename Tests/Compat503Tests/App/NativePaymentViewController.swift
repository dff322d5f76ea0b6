#if canImport(UIKit)
    import UIKit
    import SwedbankPaySDK

    // App code written for SwedbankPaySDK 5.0.x (see scripts/check-apple-only: compiled three
    // ways). A native checkout screen: the view controller is the session's delegate with 5.0.3's
    // eight methods (the 3-D Secure page comes as a UIViewController), presents what the SDK gives
    // it, and lets the payer retry.

    class NativePaymentViewController: UIViewController, SwedbankPaySDKPaymentSessionDelegate {
        private let paymentSession = SwedbankPaySDK.SwedbankPayPaymentSession()
        var sessionURL: URL?
        private var instruments: [SwedbankPaySDK.AvailableInstrument] = []
        private var retry: (() -> Void)?

        override func viewDidLoad() {
            super.viewDidLoad()
            paymentSession.delegate = self
            if let sessionURL {
                paymentSession.fetchPaymentSession(sessionURL: sessionURL)
            }
        }

        func payWithSwish() {
            paymentSession.makeNativePaymentAttempt(instrument: .swish(msisdn: nil))
        }

        func payWithCard(_ card: SwedbankPaySDK.CreditCardMethodPrefillModel) {
            paymentSession.makeNativePaymentAttempt(instrument: .creditCard(prefill: card))
        }

        func payInWebMenu(_ instrument: SwedbankPaySDK.AvailableInstrument) {
            paymentSession.createSwedbankPaySDKController(mode: .instrumentMode(instrument: instrument))
        }

        private func showMessage(_ title: String, _ message: String?) {
            let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
            if retry != nil {
                alert.addAction(
                    UIAlertAction(title: "Retry", style: .default) { [weak self] _ in
                        self?.retry?()
                        self?.retry = nil
                    })
            }
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
            present(alert, animated: true)
        }

        // MARK: SwedbankPaySDKPaymentSessionDelegate

        func paymentSessionComplete() {
            showMessage("Thank you", nil)
        }

        func paymentSessionCanceled() {
            dismiss(animated: true)
        }

        func paymentSessionFetched(availableInstruments: [SwedbankPaySDK.AvailableInstrument]) {
            instruments = availableInstruments
            for instrument in availableInstruments {
                switch instrument {
                case .swish(let prefills):
                    print("Swish, \(prefills?.count ?? 0) numbers")
                case .creditCard(let prefills):
                    print("cards: \(prefills?.map { $0.maskedPan } ?? [])")
                case .applePay(let canMakePayments, _):
                    print("Apple Pay \(canMakePayments ? "available" : "not set up")")
                case .webBased(let paymentMethod):
                    print("web: \(paymentMethod)")
                }
            }
        }

        func sessionProblemOccurred(problem: SwedbankPaySDK.ProblemDetails) {
            showMessage(problem.title ?? "Payment failed", problem.detail)
        }

        func sdkProblemOccurred(problem: SwedbankPaySDK.PaymentSessionProblem) {
            switch problem {
            case .paymentSessionAPIRequestFailed(let error, let retry),
                .paymentControllerPaymentFailed(let error, let retry),
                .paymentSession3DSecureViewControllerLoadFailed(let error, let retry):
                self.retry = retry
                showMessage("Something went wrong", error.localizedDescription)
            case .paymentSessionEndStateReached, .internalInconsistencyError, .automaticConfigurationFailed,
                .abortPaymentNotAllowed:
                showMessage("Something went wrong", nil)
            }
        }

        func showSwedbankPaySDKController(viewController: SwedbankPaySDKController) {
            viewController.delegate = nil
            present(viewController, animated: true)
        }

        func show3DSecureViewController(viewController: UIViewController) {
            present(viewController, animated: true)
        }

        func dismiss3DSecureViewController() {
            presentedViewController?.dismiss(animated: true)
        }
    }
#endif
