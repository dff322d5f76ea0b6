import Foundation
import Testing

@testable import SwedbankPaySDK

@Suite struct PaymentURLMatcherTests {
    static let paymentUrl =
        "https://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App"
    let matcher = SwedbankPaySDK.PaymentURLMatcher(callbackScheme: "com.example.app")

    private func matches(_ candidate: String, _ paymentUrl: String = Self.paymentUrl) -> Bool {
        matcher.url(URL(string: candidate)!, matches: URL(string: paymentUrl)!)
    }

    @Test(arguments: [
        // 1. the paymentUrl itself
        paymentUrl,
        // 2. query parameters added, anywhere
        paymentUrl + "&fallback=true",
        "https://example.com/sdk-callback/ios-universal-link?fallback=true&scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        paymentUrl + "&fallback=true&extra=1",
        // 3. the callback scheme instead of https, with or without added parameters
        "com.example.app://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        "com.example.app://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App&fallback=true",
        // host names are case-insensitive
        "https://EXAMPLE.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
    ])
    func acceptsTheThreeForms(candidate: String) {
        #expect(matches(candidate))
    }

    @Test(arguments: [
        // another scheme
        "http://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        "evil://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        // another host, a subdomain, a look-alike, a port, user info
        "https://example.org/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        "https://evil.example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        "https://example.com.evil.net/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        "https://example.com:8443/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        "https://user@example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        // another path: prefix, suffix, case, trailing slash
        "https://example.com/sdk-callback/ios-universal-link/x?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        "https://example.com/sdk-callback/ios-universal?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        "https://example.com/SDK-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        "https://example.com/sdk-callback/ios-universal-link/?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
        // a parameter removed, changed, re-encoded
        "https://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&app=Example%20App",
        "https://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=9999&app=Example%20App",
        "https://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example+App",
        "https://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=sv-SE&id=1234&app=Example%20App&language=en-US&id=1234",
        "https://example.com/sdk-callback/ios-universal-link",
        // a fragment added
        "https://example.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App#x",
        // the custom scheme with another host
        "com.example.app://evil.com/sdk-callback/ios-universal-link?scheme=com.example.app&language=en-US&id=1234&app=Example%20App",
    ])
    func rejectsLookAlikes(candidate: String) {
        #expect(!matches(candidate))
    }

    @Test func withoutACallbackSchemeOnlyTheOwnSchemeMatches() {
        let plain = SwedbankPaySDK.PaymentURLMatcher(callbackScheme: nil)
        let paymentUrl = URL(string: "https://example.com/payment/ios")!
        #expect(plain.url(URL(string: "https://example.com/payment/ios?fallback=true")!, matches: paymentUrl))
        #expect(
            !plain.url(URL(string: "com.example.app://example.com/payment/ios?fallback=true")!, matches: paymentUrl))
    }

    @Test func seed004Example() {
        // The three URLs seed 004 says the app may be opened with for paymentUrl https://example.com/payment/ios.
        let paymentUrl = "https://example.com/payment/ios"
        #expect(matches("https://example.com/payment/ios", paymentUrl))
        #expect(matches("https://example.com/payment/ios?fallback=true", paymentUrl))
        #expect(matches("com.example.app://example.com/payment/ios?fallback=true", paymentUrl))
    }

    @Test func anEmptyPathEqualsTheRootPath() {
        #expect(matches("https://example.com/?a=1", "https://example.com?a=1"))
        #expect(matches("https://example.com?a=1&b=2", "https://example.com/?a=1"))
    }

    @Test func repeatedParametersMustAllBeThere() {
        let paymentUrl = "https://example.com/p?a=1&a=1"
        #expect(matches("https://example.com/p?a=1&a=1&b=2", paymentUrl))
        #expect(!matches("https://example.com/p?a=1&b=2", paymentUrl))
    }

    @Test func relativeURLsAreResolvedBeforeComparing() {
        let base = URL(string: "https://example.com/shop/")!
        let relative = URL(string: "sdk-callback/ios-universal-link?id=1", relativeTo: base)!
        #expect(
            matcher.url(
                URL(string: "https://example.com/shop/sdk-callback/ios-universal-link?id=1&fallback=true")!,
                matches: relative))
    }
}
