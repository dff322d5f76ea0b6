import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDKMerchantBackend

@Suite struct PaymentOrderUrlsTests {
    private func configuration(_ backendUrl: String, scheme: String = "com.example.app")
        -> SwedbankPaySDK.MerchantBackendConfiguration
    {
        SwedbankPaySDK.MerchantBackendConfiguration(
            backendUrl: URL(string: backendUrl)!, callbackScheme: scheme, headers: nil, httpClient: StubHTTPClient())
    }

    @Test func theReferenceExample() {
        let urls = SwedbankPaySDK.PaymentOrderUrls(
            configuration: configuration("https://example.com/", scheme: "myapp"), language: .English,
            identifier: "1234",
            appName: "MyApp")
        #expect(urls.hostUrls.map(\.absoluteString) == ["https://example.com/"])
        #expect(urls.completeUrl.absoluteString == "https://example.com/complete")
        #expect(urls.cancelUrl?.absoluteString == "https://example.com/cancel")
        #expect(
            urls.paymentUrl?.absoluteString
                == "https://example.com/sdk-callback/ios-universal-link?scheme=myapp&language=en-US&id=1234&app=MyApp")
        #expect(urls.callbackUrl == nil)
        #expect(urls.termsOfServiceUrl == nil)
    }

    @Test func spacesAndReservedCharactersArePercentEncoded() {
        let urls = SwedbankPaySDK.PaymentOrderUrls(
            configuration: configuration("https://example.com/swedbank-pay-mobile/"), language: .Swedish,
            callbackUrl: URL(string: "https://example.com/callback"),
            termsOfServiceUrl: URL(string: "https://example.com/tos"),
            identifier: "a+b&c", appName: "Your eCom App")
        #expect(
            urls.paymentUrl?.absoluteString
                == "https://example.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=com.example.app&language=sv-SE&id=a%2Bb%26c&app=Your%20eCom%20App"
        )
        #expect(urls.completeUrl.absoluteString == "https://example.com/swedbank-pay-mobile/complete")
        #expect(urls.callbackUrl?.absoluteString == "https://example.com/callback")
        #expect(urls.termsOfServiceUrl?.absoluteString == "https://example.com/tos")
    }

    @Test func withoutATrailingSlashTheLastPathSegmentIsReplaced() {
        // RFC 3986 resolution: the reason the backend URL should end with "/".
        let urls = SwedbankPaySDK.PaymentOrderUrls(
            configuration: configuration("https://example.com/swedbank-pay-mobile"), language: .Norwegian,
            identifier: "x",
            appName: nil)
        #expect(urls.completeUrl.absoluteString == "https://example.com/complete")
        #expect(
            urls.paymentUrl?.absoluteString
                == "https://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=nb-NO&id=x")
    }

    /// Any of the 13 cultures reaches the trampoline; a 5.0.3 language gives what its culture gives.
    @Test func aCultureOutsideTheThreeLanguagesIsThePaymentUrlsLanguage() {
        let configuration = configuration("https://example.com/")
        let finnish = SwedbankPaySDK.PaymentOrderUrls(
            configuration: configuration, culture: .Finnish, identifier: "x", appName: "App")
        #expect(
            finnish.paymentUrl?.absoluteString
                == "https://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=fi-FI&id=x&app=App")
        for language in [SwedbankPaySDK.Language.English, .Norwegian, .Swedish] {
            let byLanguage = SwedbankPaySDK.PaymentOrderUrls(
                configuration: configuration, language: language, identifier: "x", appName: nil)
            let byCulture = SwedbankPaySDK.PaymentOrderUrls(
                configuration: configuration, culture: SwedbankPaySDK.Culture(language), identifier: "x", appName: nil)
            #expect(byLanguage == byCulture)
        }
    }

    @Test func aHostUrlReplacesTheBackendAsHost() {
        let urls = SwedbankPaySDK.PaymentOrderUrls(
            configuration: configuration("https://example.com/"), language: .English,
            hostUrl: URL(string: "https://shop.example.com/")!, identifier: "x", appName: nil)
        #expect(urls.hostUrls.map(\.absoluteString) == ["https://shop.example.com/"])
    }

    @Test func identifiersAreUniqueByDefault() {
        let configuration = configuration("https://example.com/")
        let first = SwedbankPaySDK.PaymentOrderUrls(configuration: configuration, language: .English)
        let second = SwedbankPaySDK.PaymentOrderUrls(configuration: configuration, language: .English)
        #expect(first.paymentUrl != second.paymentUrl)
    }

    @Test func theGeneratedPaymentUrlMatchesItsThreeReturnForms() throws {
        let configuration = configuration("https://example.com/swedbank-pay-mobile/")
        let urls = SwedbankPaySDK.PaymentOrderUrls(
            configuration: configuration, language: .English, identifier: "abc", appName: "Your eCom App")
        let paymentUrl = try #require(urls.paymentUrl)
        let fallback = URL(string: paymentUrl.absoluteString + "&fallback=true")!
        let custom = URL(
            string: fallback.absoluteString.replacingOccurrences(of: "https://", with: "com.example.app://"))!
        #expect(configuration.url(paymentUrl, matchesPaymentUrl: paymentUrl))
        #expect(configuration.url(fallback, matchesPaymentUrl: paymentUrl))
        #expect(configuration.url(custom, matchesPaymentUrl: paymentUrl))
        let otherApp = URL(string: fallback.absoluteString.replacingOccurrences(of: "https://", with: "other.app://"))!
        #expect(!configuration.url(otherApp, matchesPaymentUrl: paymentUrl))
    }
}

@Suite struct CallbackSchemeLookupTests {
    private func urlType(_ schemes: [String], marked: Bool?) -> [String: Any] {
        var type: [String: Any] = ["CFBundleURLSchemes": schemes, "CFBundleURLName": "com.example"]
        if let marked { type["com.swedbank.SwedbankPaySDK.callback"] = marked }
        return type
    }

    @Test func findsTheMarkedURLType() {
        let info: [String: Any] = [
            "CFBundleURLTypes": [urlType(["other"], marked: nil), urlType(["com.example.app"], marked: true)]
        ]
        #expect(CallbackSchemeLookup.scheme(in: info) == .success("com.example.app"))
    }

    @Test func reportsWhyThereIsNoScheme() {
        #expect(CallbackSchemeLookup.scheme(in: nil) == .failure(.noMarkedURLType))
        #expect(
            CallbackSchemeLookup.scheme(in: ["CFBundleURLTypes": [urlType(["a"], marked: false)]])
                == .failure(.noMarkedURLType))
        #expect(
            CallbackSchemeLookup.scheme(in: [
                "CFBundleURLTypes": [urlType(["a"], marked: true), urlType(["b"], marked: true)]
            ])
                == .failure(.severalMarkedURLTypes))
        #expect(
            CallbackSchemeLookup.scheme(in: ["CFBundleURLTypes": [urlType(["a", "b"], marked: true)]])
                == .failure(.notExactlyOneScheme))
        #expect(
            CallbackSchemeLookup.scheme(in: ["CFBundleURLTypes": [urlType([], marked: true)]])
                == .failure(.notExactlyOneScheme))
    }
}

@Suite struct PinningTests {
    @Test func pinnedHostsAreRefusedWhereTheyCannotBeChecked() async throws {
        let stub = StubHTTPClient()
        stub.on("GET", "https://open.example.com/", reply: .json("{}"))
        let client = UnenforceablePinsClient(
            base: stub,
            pins: [SwedbankPaySDK.PinPublicKeys(pattern: "Pinned.example.com", publicKeyData: [Data([1, 2, 3])])])
        let pinned = URL(string: "https://pinned.example.com/")!
        await #expect(throws: SwedbankPaySDK.TransportError.untrustedServer(pinned)) {
            _ = try await client.send(SwedbankPaySDK.HTTPRequest(method: "GET", url: pinned))
        }
        let response = try await client.send(
            SwedbankPaySDK.HTTPRequest(method: "GET", url: URL(string: "https://open.example.com/")!))
        #expect(response.status == 200)
        #expect(stub.requests.map(\.url.host) == ["open.example.com"])
    }
}
