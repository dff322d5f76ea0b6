import Foundation

/// Makes the web payment menu (``SwedbankPaySDKController``) a payment session falls back to, and
/// reports how it ended.
///
/// The controller gets the session's order info as if a configuration had created the payment
/// order (``Configuration``), so it shows the session's `view-payment` script at the order's host
/// URL; 3-D Secure then happens inside the controller.
@MainActor
enum PaymentSessionWebController {
    /// The started controller and the observer that must live as long as it (the controller holds
    /// its delegate weakly).
    static func make(
        info: SwedbankPaySDK.ViewPaymentOrderInfo, webViewHost: (any SwedbankPaySDK.WebViewHost)?,
        appLauncher: any SwedbankPaySDK.AppLauncher, onEnd: @escaping @Sendable (WebControllerOutcome) -> Void
    ) -> (SwedbankPaySDKController, AnyObject & Sendable) {
        let configuration = Configuration(info: info)
        let controller: SwedbankPaySDKController
        if let webViewHost {
            controller = SwedbankPaySDKController(
                configuration: configuration, webViewHost: webViewHost, appLauncher: appLauncher)
        } else {
            // The platform's web view (WKWebView on UIKit; elsewhere the controller's default host).
            controller = SwedbankPaySDKController()
            controller.givenConfiguration = configuration
        }
        let observer = Observer(onEnd: onEnd)
        controller.delegate = observer
        controller.startPayment(withCheckin: false, isV3: info.isV3, consumer: nil, paymentOrder: nil, userData: nil)
        return (controller, observer)
    }

    /// Answers the controller's "create the payment order" with the session's order info.
    struct Configuration: SwedbankPaySDKConfigurationAsync {
        let info: SwedbankPaySDK.ViewPaymentOrderInfo

        func postConsumers(consumer: SwedbankPaySDK.Consumer?, userData: Any?) async throws
            -> SwedbankPaySDK.ViewConsumerIdentificationInfo
        {
            throw SwedbankPayConfigurationError.notImplemented
        }

        func postPaymentorders(
            paymentOrder: SwedbankPaySDK.PaymentOrder?, userData: Any?, consumerProfileRef: String?,
            options: SwedbankPaySDK.VersionOptions
        ) async throws -> SwedbankPaySDK.ViewPaymentOrderInfo {
            info
        }
    }

    final class Observer: SwedbankPaySDKDelegate {
        let onEnd: @Sendable (WebControllerOutcome) -> Void

        init(onEnd: @escaping @Sendable (WebControllerOutcome) -> Void) {
            self.onEnd = onEnd
        }

        func paymentComplete() { onEnd(.completed) }
        func paymentCanceled() { onEnd(.canceled) }
        func paymentFailed(error: Error) { onEnd(.failed(SwedbankPaySDK.WebPaymentError(error))) }
        func updatePaymentOrderFailed(updateInfo: Any, error: Error) {
            onEnd(.updateFailed(SwedbankPaySDK.WebPaymentError(error)))
        }
    }
}
