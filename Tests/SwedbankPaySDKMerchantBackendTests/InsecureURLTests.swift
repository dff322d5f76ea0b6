import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDKMerchantBackend

/// The app's credentials go to the Merchant Backend over https, or over http only to this device;
/// an answer that came from a URL the configuration does not allow is not used.
@Suite struct InsecureURLTests {
    @Test func plainHttpToAnotherHostIsRefusedBeforeAnythingIsSent() async throws {
        let http = StubHTTPClient()
        let configuration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: "http://backend.example.com/api/")!, callbackScheme: "com.example.app",
            headers: ["x-payex-sample-apikey": "key"], httpClient: http)
        await #expect(
            throws: SwedbankPaySDK.MerchantBackendError.nonWhitelistedDomain(
                failingUrl: URL(string: "http://backend.example.com/api/payers/payer-1/paymentTokens")!)
        ) {
            _ = try await SwedbankPaySDK.MerchantBackend.getPayerOwnedPaymentTokens(
                configuration: configuration, payerReference: "payer-1")
        }
        #expect(http.requests.isEmpty)
    }

    @Test(arguments: ["http://127.0.0.1:8080/api/", "http://localhost:8080/api/"])
    func plainHttpToThisDeviceIsAllowed(backend: String) async throws {
        let http = StubHTTPClient()
        http.on("GET", backend, reply: .json(#"{"consumers":"consumers","paymentorders":"paymentorders"}"#))
        http.on(
            "GET", backend + "payers/payer-1/paymentTokens",
            reply: .json(
                #"{"payerOwnedPaymentTokens":{"id":"/p","payerReference":"payer-1","paymentTokens":[]}}"#))
        let configuration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: backend)!, callbackScheme: "com.example.app", httpClient: http)
        let tokens = try await SwedbankPaySDK.MerchantBackend.getPayerOwnedPaymentTokens(
            configuration: configuration, payerReference: "payer-1")
        #expect(tokens.payerOwnedPaymentTokens.paymentTokens?.isEmpty == true)
    }

    /// A transport that answers as if a redirect had ended at `finalURL`.
    struct RedirectedClient: SwedbankPaySDK.HTTPClient {
        let finalURL: URL
        func send(_ request: SwedbankPaySDK.HTTPRequest) async throws(SwedbankPaySDK.TransportError)
            -> SwedbankPaySDK.HTTPResponse
        {
            var headers = SwedbankPaySDK.HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            return SwedbankPaySDK.HTTPResponse(
                status: 200, headers: headers, body: Data(#"{"consumers":"c","paymentorders":"p"}"#.utf8), url: finalURL
            )
        }
    }

    @Test(arguments: ["https://evil.example/api/", "http://backend.example.com/api/"])
    func anAnswerFromARedirectOffTheAllowedURLsIsNotUsed(finalURL: String) async throws {
        let configuration = SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: "https://backend.example.com/api/")!, callbackScheme: "com.example.app",
            httpClient: RedirectedClient(finalURL: URL(string: finalURL)!))
        await #expect(
            throws: SwedbankPaySDK.MerchantBackendError.nonWhitelistedDomain(failingUrl: URL(string: finalURL)!)
        ) {
            _ = try await SwedbankPaySDK.MerchantBackend.getPayerOwnedPaymentTokens(
                configuration: configuration, payerReference: "payer-1")
        }
    }
}
