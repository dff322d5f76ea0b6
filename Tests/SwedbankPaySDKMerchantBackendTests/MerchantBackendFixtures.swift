import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting

@testable import SwedbankPaySDKMerchantBackend

/// A Merchant Backend configuration over a stub transport, with the backend's discovery document
/// already stubbed.
struct MerchantBackendHarness {
    static let backend = "https://backend.example.com/swedbank-pay-mobile/"
    static let consumersURL = "https://backend.example.com/swedbank-pay-mobile/consumers"
    static let paymentordersURL = "https://backend.example.com/swedbank-pay-mobile/paymentorders"

    let http = StubHTTPClient()
    let configuration: SwedbankPaySDK.MerchantBackendConfiguration

    init(
        headers: [String: String]? = ["x-payex-sample-apikey": "key", "x-payex-sample-access-token": "token-1"],
        domainWhitelist: [SwedbankPaySDK.WhitelistedDomain]? = nil,
        discovery: String? = #"{"consumers": "/swedbank-pay-mobile/consumers", "paymentorders": "paymentorders"}"#
    ) {
        configuration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: Self.backend)!,
            callbackScheme: "com.example.app",
            headers: headers,
            domainWhitelist: domainWhitelist,
            httpClient: http
        )
        if let discovery {
            http.on("GET", Self.backend, reply: .json(discovery))
        }
    }

    var order: SwedbankPaySDK.PaymentOrder {
        SwedbankPaySDK.PaymentOrder(
            currency: "SEK",
            amount: 1500,
            vatAmount: 375,
            description: "Test Purchase",
            language: .Swedish,
            instrument: .swish,
            urls: SwedbankPaySDK.PaymentOrderUrls(
                configuration: configuration, language: .Swedish, identifier: "order-1", appName: "Example App")
        )
    }

    /// The JSON body of the n-th request, as a JSON value.
    func body(ofRequest index: Int) throws -> SwedbankPaySDK.JSONValue {
        try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: http.requests[index].body ?? Data())
    }

    /// "METHOD URL" of every request, in order.
    var requestLines: [String] {
        http.requests.map { "\($0.method) \($0.url.absoluteString)" }
    }
}

func json(_ text: String) throws -> SwedbankPaySDK.JSONValue {
    try JSONDecoder().decode(SwedbankPaySDK.JSONValue.self, from: Data(text.utf8))
}

/// Runs `body` and returns the MerchantBackendError it threw, or nil.
/// The invalid-argument error a call threw, nil when it threw something else or nothing.
func invalidArgument(_ body: () async throws -> Void) async -> SwedbankPaySDK.MerchantBackendInvalidArgument? {
    do {
        try await body()
        return nil
    } catch let error as SwedbankPaySDK.MerchantBackendInvalidArgument {
        return error
    } catch {
        return nil
    }
}

func merchantBackendError(_ body: () async throws -> Void) async -> SwedbankPaySDK.MerchantBackendError? {
    do {
        try await body()
        return nil
    } catch let error as SwedbankPaySDK.MerchantBackendError {
        return error
    } catch {
        return nil
    }
}

let v3Created = #"""
    {
      "paymentOrder": {
        "id": "/psp/paymentorders/5adc265f-f87f-4313-577e-08d3dca1a26c",
        "instrument": null,
        "availableInstruments": ["CreditCard", "Swish", "Invoice-PayExFinancingSe"],
        "someNewField": {"ignored": true}
      },
      "operations": [
        {"rel": "view-checkout", "method": "GET", "contentType": "application/javascript",
         "href": "https://ecom.externalintegration.payex.com/checkout/client/px.checkout.client.js?token=abc&culture=sv-SE"},
        {"rel": "set-instrument", "method": "PATCH", "contentType": "application/json",
         "href": "https://api.externalintegration.payex.com/psp/paymentorders/5adc265f"},
        {"rel": "abort", "method": "PATCH", "contentType": "application/json",
         "href": "https://api.externalintegration.payex.com/psp/paymentorders/5adc265f"}
      ]
    }
    """#
