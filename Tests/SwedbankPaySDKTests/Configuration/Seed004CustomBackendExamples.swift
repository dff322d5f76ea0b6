import Foundation
// Only the public API: this is what an app writes.
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The iOS code of seed 004 ("Custom Backend"), as real Swift: it must compile against our API and
// behave as the seed says. `post` and `NetworkError` stand for the app's own networking.

enum NetworkError: Error { case cancelled }

private struct PostRequest: SwedbankPaySDKRequest {
    func cancel() {}
}

/// The app's own networking in the seed: answers at once with the script URL its backend returned.
@discardableResult
private func post(_ url: URL, completion: @escaping (Result<URL, Error>) -> Void) -> SwedbankPaySDKRequest {
    completion(.success(URL(string: "https://ecom.externalintegration.payex.com/script.js?for=\(url.path)")!))
    return PostRequest()
}

struct MyConfiguration: SwedbankPaySDKConfiguration {
    func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?,
        consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions,
        completion: @escaping (Result<SwedbankPaySDK.ViewPaymentOrderInfo, Error>) -> Void
    ) {
        post(URL(string: "https://example.com/pay/ios")!) { result in
            do {
                let viewPaymentorder = try result.get()
                let info = SwedbankPaySDK.ViewPaymentOrderInfo(
                    isV3: true,
                    webViewBaseURL: URL(string: "https://example.com/"),
                    viewPaymentLink: viewPaymentorder,
                    completeUrl: URL(string: "https://example.com/complete")!,
                    cancelUrl: URL(string: "https://example.com/cancel"),
                    paymentUrl: URL(string: "https://example.com/payment/ios"),
                    termsOfServiceUrl: URL(string: "https://example.com/tos"))
                completion(.success(info))
            } catch {
                completion(.failure(error))
            }
        }
    }

    func postConsumers(
        consumer: SwedbankPaySDK.Consumer?,
        userData: Any?,
        completion: @escaping (Result<SwedbankPaySDK.ViewConsumerIdentificationInfo, Error>) -> Void
    ) {
        post(URL(string: "https://example.com/identify")!) { result in
            do {
                let viewConsumerIdentification = try result.get()
                let info = SwedbankPaySDK.ViewConsumerIdentificationInfo(
                    webViewBaseURL: URL(string: "https://example.com/"),
                    viewConsumerIdentification: viewConsumerIdentification)
                completion(.success(info))
            } catch let error {
                completion(.failure(error))
            }
        }
        // Or completion(.failure(SwedbankPayConfigurationError.notImplemented)) if not using consumer identification
    }

    func updatePaymentOrder(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        options: SwedbankPaySDK.VersionOptions,
        userData: Any?,
        viewPaymentOrderInfo: SwedbankPaySDK.ViewPaymentOrderInfo,
        updateInfo: Any,
        completion: @escaping (Result<SwedbankPaySDK.ViewPaymentOrderInfo, Error>) -> Void
    ) -> SwedbankPaySDKRequest? {
        let request = post(URL(string: "https://example.com/payment/ios/frobnicate")!) { result in
            do {
                let viewPaymentorder = try result.get()
                let info = SwedbankPaySDK.ViewPaymentOrderInfo(
                    isV3: true,
                    webViewBaseURL: URL(string: "https://example.com/"),
                    viewPaymentLink: viewPaymentorder,
                    completeUrl: URL(string: "https://example.com/complete")!,
                    cancelUrl: URL(string: "https://example.com/cancel"),
                    paymentUrl: URL(string: "https://example.com/payment/ios"),
                    termsOfServiceUrl: URL(string: "https://example.com/tos"))
                completion(.success(info))
            } catch NetworkError.cancelled {
                // no callback
            } catch {
                completion(.failure(error))
            }
        }
        return request
    }

    func decidePolicyForPaymentMenuRedirect(
        navigationAction: SwedbankPaySDK.NavigationAction,
        completion: @escaping (SwedbankPaySDK.PaymentMenuRedirectPolicy) -> Void
    ) {
        // we like to live dangerously, allow everything
        completion(.openInWebView)
    }

    func url(_ url: URL, matchesPaymentUrl paymentUrl: URL) -> Bool {
        // We trust universal links enough
        // so we do not need the custom-scheme fallback
        return url == paymentUrl
    }
}

struct MyCallbackSchemeConfiguration: SwedbankPaySDKConfigurationWithCallbackScheme {
    let callbackScheme = "com.example.app"

    func postPaymentorders(
        paymentOrder: SwedbankPaySDK.PaymentOrder?,
        userData: Any?,
        consumerProfileRef: String?,
        options: SwedbankPaySDK.VersionOptions,
        completion: @escaping (Result<SwedbankPaySDK.ViewPaymentOrderInfo, Error>) -> Void
    ) {
        completion(.failure(SwedbankPayConfigurationError.notImplemented))
    }
}

/// Collects one result across threads.
private final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    let arrivals = Arrivals()
    var value: Value? { lock.withLock { stored } }
    func set(_ value: Value) {
        lock.withLock { stored = value }
        arrivals.arrive()
    }
}

@Suite struct Seed004CustomBackendExamples {
    private func wait<T>(_ box: Box<T>) async -> T? {
        await box.arrivals.wait()
        return box.value
    }

    @Test func postPaymentordersReportsTheBackendsScriptAsTheViewLink() async throws {
        let box = Box<Result<SwedbankPaySDK.ViewPaymentOrderInfo, Error>>()
        MyConfiguration().postPaymentorders(paymentOrder: nil, userData: nil, consumerProfileRef: nil, options: .isV3) {
            box.set($0)
        }
        let info = try #require(await wait(box)).get()
        #expect(info.isV3)
        #expect(
            info.viewPaymentLink.absoluteString == "https://ecom.externalintegration.payex.com/script.js?for=/pay/ios")
        #expect(info.completeUrl.absoluteString == "https://example.com/complete")
        #expect(info.paymentUrl?.absoluteString == "https://example.com/payment/ios")
    }

    @Test func postConsumersReportsTheCheckinScript() async throws {
        let box = Box<Result<SwedbankPaySDK.ViewConsumerIdentificationInfo, Error>>()
        MyConfiguration().postConsumers(consumer: nil, userData: nil) { box.set($0) }
        let info = try #require(await wait(box)).get()
        #expect(info.webViewBaseURL?.absoluteString == "https://example.com/")
        #expect(
            info.viewConsumerIdentification.absoluteString
                == "https://ecom.externalintegration.payex.com/script.js?for=/identify")
    }

    @MainActor
    @Test func overridesReplaceTheDefaults() {
        let configuration = MyConfiguration()
        let paymentUrl = URL(string: "https://example.com/payment/ios")!
        #expect(configuration.url(paymentUrl, matchesPaymentUrl: paymentUrl))
        #expect(
            !configuration.url(
                URL(string: "https://example.com/payment/ios?fallback=true")!, matchesPaymentUrl: paymentUrl))

        var policy: SwedbankPaySDK.PaymentMenuRedirectPolicy?
        let box = Box<SwedbankPaySDK.PaymentMenuRedirectPolicy>()
        configuration.decidePolicyForPaymentMenuRedirect(
            navigationAction: SwedbankPaySDK.NavigationAction(
                request: URLRequest(url: URL(string: "https://bank.example.net/")!), isMainFrame: true)
        ) { box.set($0) }
        policy = box.value
        #expect(policy == .openInWebView)
    }

    @Test func theCallbackSchemeConfigurationAcceptsTheSeedsThreeURLs() {
        let configuration = MyCallbackSchemeConfiguration()
        let paymentUrl = URL(string: "https://example.com/payment/ios")!
        for url in [
            "https://example.com/payment/ios", "https://example.com/payment/ios?fallback=true",
            "com.example.app://example.com/payment/ios?fallback=true",
        ] {
            #expect(configuration.url(URL(string: url)!, matchesPaymentUrl: paymentUrl), "\(url)")
        }
        #expect(!configuration.url(URL(string: "other.app://example.com/payment/ios")!, matchesPaymentUrl: paymentUrl))
    }
}
