import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `SimpleRequestDecorator` and the defaults of `SwedbankPaySDKRequestDecorator`.
@Suite struct RequestDecoratorTests {
    static func jsonPost() -> URLRequest {
        var request = URLRequest(url: URL(string: "https://backend.example.com/paymentorders")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("old", forHTTPHeaderField: "X-Api-Key")
        return request
    }

    @Test func simpleDecoratorAddsItsHeadersAndKeepsContentType() {
        var request = Self.jsonPost()
        let decorator = SwedbankPaySDK.SimpleRequestDecorator(headers: ["x-api-key": "key", "x-access-token": "t-1"])
        decorator.decorateAny(request: &request)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "X-Api-Key") == "key")
        #expect(request.value(forHTTPHeaderField: "x-access-token") == "t-1")
        #expect(request.allHTTPHeaderFields?.count == 4)
        #expect(request.httpMethod == "POST")
    }

    @Test func simpleDecoratorIsIdempotentAndItsHeadersAreMutable() {
        var decorator = SwedbankPaySDK.SimpleRequestDecorator(headers: ["x-api-key": "key"])
        decorator.headers["x-api-key"] = "other"
        #expect(decorator.headers == ["x-api-key": "other"])
        var request = Self.jsonPost()
        decorator.decorateAny(request: &request)
        decorator.decorateAny(request: &request)
        #expect(request.value(forHTTPHeaderField: "x-api-key") == "other")
        #expect(request.allHTTPHeaderFields?.count == 3)
    }

    @Test func defaultHooksLeaveTheRequestUnchanged() {
        struct Nothing: SwedbankPaySDKRequestDecorator {}
        let decorator = Nothing()
        let original = Self.jsonPost()
        var request = original
        decorator.decorateAny(request: &request)
        decorator.decorateGetTopLevelResources(request: &request)
        decorator.decorateInitiateConsumerSession(
            request: &request, consumer: SwedbankPaySDK.Consumer(shippingAddressRestrictedToCountryCodes: ["SE"]),
            userData: nil)
        decorator.decorateCreatePaymentOrder(
            request: &request,
            paymentOrder: SwedbankPaySDK.PaymentOrder(
                currency: "SEK", amount: 100, vatAmount: 25, description: "d",
                urls: SwedbankPaySDK.PaymentOrderUrls(
                    hostUrls: [], completeUrl: URL(string: "https://example.com/c")!)),
            userData: nil)
        decorator.decoratePaymentOrderSetInstrument(request: &request, instrument: .creditCard, userData: nil)
        decorator.decorateExpandOperation(request: &request, operation: [.payer], endpoint: "expand")
        decorator.decorateOperation(request: &request, operation: .abort, userData: nil)
        #expect(request == original)
    }

    @available(*, deprecated, message: "exercises the deprecated initializer")
    @Test func deprecatedInitializerForwardsEverythingButTheIgnoredRedirects() {
        let configuration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: "https://backend.example.com/api/")!,
            callbackScheme: "com.example.app",
            headers: ["x-api-key": "key"],
            domainWhitelist: [.init(domain: "example.com", includeSubdomains: true)],
            pinPublicKeys: nil,
            additionalAllowedWebViewRedirects: [
                .Domain(name: "bank.example"), .DomainOrSubdomain(suffix: "pay.example"),
            ]
        )
        #expect(configuration.backendUrl.absoluteString == "https://backend.example.com/api/")
        #expect(configuration.callbackScheme == "com.example.app")
        #expect(configuration.headers == ["x-api-key": "key"])
        #expect(configuration.domainWhitelist == [.init(domain: "example.com", includeSubdomains: true)])
        #expect(configuration.pinPublicKeys == nil)
    }
}
