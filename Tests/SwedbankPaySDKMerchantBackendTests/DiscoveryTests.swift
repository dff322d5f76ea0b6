import Foundation
import SwedbankPaySDK
import SwedbankPaySDKTesting
import Testing

@testable import SwedbankPaySDKMerchantBackend

@Suite struct DiscoveryTests {
    @Test func linksResolveRelativeToTheDiscoveryResponseAndAreFetchedOncePerConfiguration() async throws {
        let harness = MerchantBackendHarness()
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created))
        let copy = harness.configuration  // copies share the discovered links
        _ = try await harness.configuration.postPaymentorders(
            paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        _ = try await copy.postPaymentorders(
            paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        #expect(
            harness.requestLines == [
                "GET https://backend.example.com/swedbank-pay-mobile/",
                "POST https://backend.example.com/swedbank-pay-mobile/paymentorders",
                "POST https://backend.example.com/swedbank-pay-mobile/paymentorders",
            ])
    }

    @Test func aNotFoundLinkIsDiscoveredAgainAndTheCallRetriedOnce() async throws {
        let harness = MerchantBackendHarness(discovery: nil)
        harness.http.on(
            "GET", MerchantBackendHarness.backend, times: 1,
            reply: .json(#"{"consumers": "c", "paymentorders": "old"}"#))
        harness.http.on(
            "GET", MerchantBackendHarness.backend,
            reply: .json(#"{"consumers": "c", "paymentorders": "v2/paymentorders"}"#))
        harness.http.on(
            "POST", "https://backend.example.com/swedbank-pay-mobile/old",
            reply: .problem(#"{"type": "https://api.payex.com/psp/errordetail/notfound", "status": 404}"#, status: 404))
        harness.http.on(
            "POST", "https://backend.example.com/swedbank-pay-mobile/v2/paymentorders", reply: .json(v3Created))

        let info = try await harness.configuration.postPaymentorders(
            paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        #expect(info.paymentId == "/psp/paymentorders/5adc265f-f87f-4313-577e-08d3dca1a26c")
        #expect(
            harness.requestLines == [
                "GET https://backend.example.com/swedbank-pay-mobile/",
                "POST https://backend.example.com/swedbank-pay-mobile/old",
                "GET https://backend.example.com/swedbank-pay-mobile/",
                "POST https://backend.example.com/swedbank-pay-mobile/v2/paymentorders",
            ])
    }

    @Test func aFailedDiscoveryIsNotCached() async throws {
        let harness = MerchantBackendHarness(discovery: nil)
        harness.http.on(
            "GET", MerchantBackendHarness.backend, times: 1,
            reply: .failure(.timedOut(URL(string: MerchantBackendHarness.backend)!)))
        harness.http.on(
            "GET", MerchantBackendHarness.backend,
            reply: .json(#"{"consumers": "c", "paymentorders": "paymentorders"}"#))
        harness.http.on("POST", MerchantBackendHarness.paymentordersURL, reply: .json(v3Created))
        // One try per call, so the first call fails on the lost discovery (retries: OrderCreationRetryTests).
        var configuration = harness.configuration
        configuration.orderCreationRetry = .never
        let error = await merchantBackendError {
            _ = try await configuration.postPaymentorders(
                paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        }
        #expect(
            error == .networkError(SwedbankPaySDK.TransportError.timedOut(URL(string: MerchantBackendHarness.backend)!))
        )
        _ = try await configuration.postPaymentorders(
            paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        #expect(harness.requestLines.filter { $0.hasPrefix("GET") }.count == 2)
    }

    @Test func aDiscoveryDocumentWithoutBothLinksIsUnexpectedContent() async {
        let harness = MerchantBackendHarness(discovery: #"{"paymentorders": "paymentorders"}"#)
        let error = await merchantBackendError {
            _ = try await harness.configuration.postPaymentorders(
                paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        }
        #expect(
            error
                == .problem(
                    .server(
                        .unexpectedContent(
                            status: 200, contentType: "application/json",
                            body: Data(#"{"paymentorders": "paymentorders"}"#.utf8)))))
    }

    @Test func linksOutsideTheWhitelistAreRefusedWithoutBeingContacted() async {
        let harness = MerchantBackendHarness(
            discovery:
                #"{"consumers": "https://evil.example.net/c", "paymentorders": "https://backend.example.com.evil.net/p"}"#
        )
        let error = await merchantBackendError {
            _ = try await harness.configuration.postPaymentorders(
                paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        }
        #expect(error == .nonWhitelistedDomain(failingUrl: URL(string: "https://backend.example.com.evil.net/p")!))
        #expect(harness.requestLines == ["GET https://backend.example.com/swedbank-pay-mobile/"])
    }

    @Test func subdomainsOfTheBackendAreWhitelistedByDefault() async throws {
        let harness = MerchantBackendHarness(
            discovery: #"{"consumers": "c", "paymentorders": "https://api.backend.example.com/p"}"#)
        harness.http.on("POST", "https://api.backend.example.com/p", reply: .json(v3Created))
        _ = try await harness.configuration.postPaymentorders(
            paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        #expect(harness.http.requests.count == 2)
    }

    @Test func anExplicitWhitelistReplacesTheDefault() async {
        let harness = MerchantBackendHarness(
            domainWhitelist: [SwedbankPaySDK.WhitelistedDomain(domain: "other.example.org", includeSubdomains: false)])
        let error = await merchantBackendError {
            _ = try await harness.configuration.postPaymentorders(
                paymentOrder: harness.order, userData: nil, consumerProfileRef: nil, options: .isV3)
        }
        #expect(error == .nonWhitelistedDomain(failingUrl: URL(string: MerchantBackendHarness.backend)!))
        #expect(harness.http.requests.isEmpty)
    }

    @Test(arguments: [
        ("example.com", true, "example.com", true),
        ("example.com", true, "a.b.example.com", true),
        ("example.com", true, "EXAMPLE.com", true),
        ("example.com", true, "badexample.com", false),
        ("example.com", false, "a.example.com", false),
        ("example.com", false, "example.com", true),
    ])
    func whitelistMatching(domain: String, subdomains: Bool, host: String, expected: Bool) {
        #expect(
            SwedbankPaySDK.WhitelistedDomain(domain: domain, includeSubdomains: subdomains).matches(host: host)
                == expected)
    }

    @Test func aNilDomainNeverMatches() {
        #expect(!SwedbankPaySDK.WhitelistedDomain(domain: nil, includeSubdomains: true).matches(host: "example.com"))
    }
}
