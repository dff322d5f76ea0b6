#if canImport(UIKit)
    import UIKit
    import SwedbankPaySDK
    import SwedbankPaySDKMerchantBackend

    // App code written for SwedbankPaySDK 5.0.x (see scripts/check-apple-only: compiled three
    // ways). The web checkout screen of a 5.0.x app: a view controller that embeds
    // SwedbankPaySDKController, is its delegate, and tells the payer what went wrong.

    class PaymentViewController: UIViewController, SwedbankPaySDKDelegate {
        var configuration: SwedbankPaySDKConfiguration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: "https://shop.example.com/swedbank-pay-mobile/")!,
            callbackScheme: "com.example.shop",
            headers: ["x-payex-sample-apikey": "key", "x-payex-sample-access-token": "token"]
        )
        var paymentOrder: SwedbankPaySDK.PaymentOrder?
        var consumer: SwedbankPaySDK.Consumer?
        private var paymentController: SwedbankPaySDKController?
        private(set) var shownOrder: SwedbankPaySDK.ViewPaymentOrderInfo?
        var onFinished: ((Bool) -> Void)?

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Payment"
            let controller = SwedbankPaySDKController(
                configuration: configuration,
                withCheckin: consumer != nil,
                consumer: consumer,
                paymentOrder: paymentOrder,
                userData: nil
            )
            controller.delegate = self
            controller.webRedirectBehavior = .Default
            controller.webNavigationLogger = { url in
                print("payment page navigated to \(url)")
            }
            addChild(controller)
            view.addSubview(controller.view)
            controller.view.frame = view.bounds
            controller.didMove(toParent: self)
            paymentController = controller
        }

        func switchToSwish() {
            paymentController?.updatePaymentOrder(updateInfo: SwedbankPaySDK.Instrument.swish)
        }

        func cancelPayment() {
            paymentController?.abortPayment()
        }

        // MARK: SwedbankPaySDKDelegate

        func paymentComplete() {
            onFinished?(true)
            dismiss(animated: true)
        }

        func paymentCanceled() {
            onFinished?(false)
            dismiss(animated: true)
        }

        func paymentFailed(error: Error) {
            let message = PaymentErrorFormatter.message(for: error)
            let alert = UIAlertController(title: message.title, message: message.message, preferredStyle: .alert)
            alert.addAction(
                UIAlertAction(title: "OK", style: .default) { [weak self] _ in
                    self?.onFinished?(false)
                })
            present(alert, animated: true, completion: nil)
        }

        func paymentOrderDidShow(info: SwedbankPaySDK.ViewPaymentOrderInfo) {
            shownOrder = info
        }

        func updatePaymentOrderFailed(updateInfo: Any, error: Error) {
            let instrument = updateInfo as? SwedbankPaySDK.Instrument
            print("could not switch to \(instrument?.rawValue ?? "?"): \(error)")
        }

        func overrideTermsOfServiceTapped(url: URL) -> Bool {
            UIApplication.shared.open(url)
            return true
        }

        func javaScriptEvent(name: String, arguments: [String: Any]) {
            print("event \(name): \(arguments["sourceEvent"] as? String ?? "-")")
        }
    }
#endif
