import Foundation
import SwedbankPaySDK
import SwedbankPaySDKMerchantBackend
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// A request decorator written as for 5.0.3: a non-final class with mutable state, overriding two
// of the hooks and reading the app's userData.

class AppRequestDecorator: SwedbankPaySDKRequestDecorator {
    var accessToken = "token-1"
    var decoratedOrders: [String] = []

    func decorateAny(request: inout URLRequest) {
        request.addValue(accessToken, forHTTPHeaderField: "x-access-token")
    }

    func decorateCreatePaymentOrder(
        request: inout URLRequest,
        paymentOrder: SwedbankPaySDK.PaymentOrder,
        userData: Any?
    ) {
        decoratedOrders.append(paymentOrder.description)
        if let customer = userData as? String {
            request.addValue(customer, forHTTPHeaderField: "x-customer")
        }
    }
}

@Suite struct RequestDecoratorUsageTests {
    @Test func appDecoratorRunsItsOverridesAndTheDefaults() {
        let decorator = AppRequestDecorator()
        var request = URLRequest(url: URL(string: "https://backend.example.com/paymentorders")!)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let order = SwedbankPaySDK.PaymentOrder(
            currency: "SEK", amount: 1500, vatAmount: 375, description: "Test Purchase",
            urls: SwedbankPaySDK.PaymentOrderUrls(
                hostUrls: [], completeUrl: URL(string: "https://backend.example.com/complete")!))
        let decorators: [SwedbankPaySDKRequestDecorator] = [
            decorator, SwedbankPaySDK.SimpleRequestDecorator(headers: ["x-api-key": "key"]),
        ]
        for each in decorators {
            each.decorateAny(request: &request)
            each.decorateCreatePaymentOrder(request: &request, paymentOrder: order, userData: "customer-7")
            each.decorateGetTopLevelResources(request: &request)
        }
        #expect(decorator.decoratedOrders == ["Test Purchase"])
        // Field names compare case-insensitively (Foundation on Linux also rewrites their case).
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "x-access-token") == "token-1")
        #expect(request.value(forHTTPHeaderField: "x-customer") == "customer-7")
        #expect(request.value(forHTTPHeaderField: "x-api-key") == "key")
        #expect(request.allHTTPHeaderFields?.count == 4)
    }

    // 5.0.3's deprecated initializer, called as a 5.0.3 app called it. Using it warns (as it did
    // in 5.0.3), so this test is marked deprecated itself.
    @available(*, deprecated)
    @Test func deprecatedInitializerStillCompilesAndConfigures() {
        let configuration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: "https://backend.example.com/swedbank-pay-mobile/")!,
            callbackScheme: "com.example.app",
            headers: ["x-payex-sample-apikey": "key"],
            additionalAllowedWebViewRedirects: [.DomainOrSubdomain(suffix: "example.com", allowNestedSubdomains: true)]
        )
        #expect(configuration.headers == ["x-payex-sample-apikey": "key"])
        #expect(configuration.callbackScheme == "com.example.app")
        #expect(configuration.domainWhitelist.map(\.domain) == ["backend.example.com"])
    }
}
