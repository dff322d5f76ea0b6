import Foundation
import SwedbankPaySDK

// Not in App/ (which is also compiled with complete concurrency checking): completing from
// DispatchQueue.global() captures 5.0.3's non-Sendable completion in a @Sendable closure, which
// complete checking reports against 5.0.3 just the same.
//
// A configuration for the app's own backend, written as for 5.0.3: a non-final class with mutable
// state, completions neither @Sendable nor called on any particular thread, a generic
// expandOperation constrained to Decodable only, and a request handle class. (A 5.0.3 app names
// the navigation action WKNavigationAction; SwedbankPaySDK.NavigationAction is that type where
// WebKit exists, and the same facts elsewhere.)

class AppRequest: SwedbankPaySDKRequest {
    var cancelled = false
    func cancel() { cancelled = true }
}

class AppBackendConfiguration: SwedbankPaySDKConfigurationWithCallbackScheme {
    let callbackScheme = "com.example.app"
    var calls: [String] = []
    var lastRequest: AppRequest?

    func postConsumers(
        consumer: SwedbankPaySDK.Consumer?,
        userData: Any?,
        completion: @escaping (Result<SwedbankPaySDK.ViewConsumerIdentificationInfo, Error>) -> Void
    ) {
        calls.append("postConsumers \(consumer?.language.rawValue ?? "-") \(userData as? String ?? "-")")
        completion(
            .success(
                SwedbankPaySDK.ViewConsumerIdentificationInfo(
                    webViewBaseURL: URL(string: "https://shop.example.com/"),
                    viewConsumerIdentification: URL(string: "https://ecom.example.com/consumer.js?token=c")!
                )))
    }

    func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?,
        consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions,
        completion: @escaping (Result<SwedbankPaySDK.ViewPaymentOrderInfo, Error>) -> Void
    ) {
        calls.append(
            "postPaymentorders \(paymentOrder?.description ?? "-") \(userData as? String ?? "-") "
                + "\(consumerProfileRef ?? "-") v3=\(options.contains(.isV3))")
        DispatchQueue.global().async {
            completion(
                .success(
                    SwedbankPaySDK.ViewPaymentOrderInfo(
                        isV3: true,
                        webViewBaseURL: URL(string: "https://shop.example.com/"),
                        viewPaymentLink: URL(string: "https://ecom.example.com/checkout.js?token=p")!,
                        completeUrl: URL(string: "https://shop.example.com/complete")!,
                        cancelUrl: URL(string: "https://shop.example.com/cancel"),
                        paymentUrl: URL(string: "https://shop.example.com/payment"),
                        termsOfServiceUrl: nil
                    )))
        }
    }

    func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        options: SwedbankPaySDK.VersionOptions,
        userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        updateInfo: Any,
        completion: @escaping (Result<SwedbankPaySDK.ViewPaymentOrderInfo, Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        calls.append("updatePaymentOrder \((updateInfo as? SwedbankPaySDK.Instrument)?.rawValue ?? "-")")
        var updated = viewPaymentOrderInfo
        updated.instrument = updateInfo as? SwedbankPaySDK.Instrument
        completion(.success(updated))
        let request = AppRequest()
        lastRequest = request
        return request
    }

    func abortPayment(
        paymentInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        userData: Any?,
        completion: @escaping (Result<Void, Error>) -> Void
    ) {
        calls.append("abortPayment \(paymentInfo.viewPaymentLink.absoluteString)")
        completion(.success(()))
    }

    func expandOperation<ResultJSON: Decodable>(
        paymentId: String,
        expand: [SwedbankPaySDK.ExpandResource],
        endpoint: String,
        completion: @escaping (Result<ResultJSON, Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        calls.append("expandOperation \(paymentId) \(expand.map(\.rawValue)) \(endpoint)")
        do {
            completion(.success(try JSONDecoder().decode(ResultJSON.self, from: Data(#"{"paid":true}"#.utf8))))
        } catch {
            completion(.failure(error))
        }
        return nil
    }

    func decidePolicyForPaymentMenuRedirect(
        navigationAction: SwedbankPaySDK.NavigationAction,
        completion: @escaping (SwedbankPaySDK.PaymentMenuRedirectPolicy) -> Void
    ) {
        calls.append("decidePolicy")
        completion(.openInBrowser)
    }
}
