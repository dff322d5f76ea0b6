import Foundation
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

@Suite struct IOSUniversalLinkRedirectTests {
    let redirect = IOSUniversalLinkRedirect(
        publicOrigin: "https://example.com",
        trampoline: URL(string: "https://ecom.stage.payex.com/externalresourcehost/trampoline")!,
        appSchemes: ["yourecomapp", "com.example.app", "app"])

    @Test func firstVisitGoesToTheTrampolineExactlyAsTheContractShows() throws {
        // The example of the Merchant Backend OpenAPI document, byte for byte.
        let location = try redirect.location(
            path: "/sdk-callback/ios-universal-link",
            query: "scheme=yourecomapp&language=en-US&id=abcdef&app=Your%20eCom%20App")
        #expect(
            location
                == "https://ecom.stage.payex.com/externalresourcehost/trampoline?target=https%3A%2F%2Fexample.com%2Fsdk-callback%2Fios-universal-link%3Fscheme%3Dyourecomapp%26language%3Den-US%26id%3Dabcdef%26app%3DYour%2520eCom%2520App%26fallback%3Dtrue&language=en-US&app=Your%20eCom%20App"
        )
    }

    @Test func theFallbackGoesToTheCustomSchemeWithTheQueryUntouched() throws {
        let location = try redirect.location(
            path: "/sdk-callback/ios-universal-link",
            query: "scheme=yourecomapp&language=en-US&id=abcdef&app=Your%20eCom%20App&fallback=true")
        #expect(
            location
                == "yourecomapp://example.com/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=abcdef&app=Your%20eCom%20App&fallback=true"
        )
    }

    /// A query that already says `fallback=false` goes to the trampoline, and the trampoline's
    /// target (that query plus `fallback=true`) then reaches the app: the last `fallback` counts.
    @Test func aQueryWithFallbackFalseStillReachesTheApp() throws {
        let query = "scheme=yourecomapp&language=en-US&id=abcdef&fallback=false"
        let first = try redirect.location(path: "/sdk-callback/ios-universal-link", query: query)
        #expect(first.hasPrefix("https://ecom.stage.payex.com/externalresourcehost/trampoline?target="))
        let second = try redirect.location(path: "/sdk-callback/ios-universal-link", query: query + "&fallback=true")
        #expect(second == "yourecomapp://example.com/sdk-callback/ios-universal-link?\(query)&fallback=true")
    }

    /// Schemes compare in ASCII lower case only: the Kelvin sign (U+212A) is not a `k`.
    @Test func aSchemeThatOnlyUnicodeCaseFoldingMakesConfiguredIsRefused() throws {
        let kelvin = IOSUniversalLinkRedirect(
            publicOrigin: "https://example.com",
            trampoline: URL(string: "https://ecom.stage.payex.com/externalresourcehost/trampoline")!,
            appSchemes: ["kapp"])
        #expect(throws: IOSUniversalLinkRedirect.Refusal.schemeNotAllowed("\u{212A}app")) {
            try kelvin.location(path: "/p", query: "scheme=%E2%84%AAapp&language=en-US&fallback=true")
        }
        let upper = try kelvin.location(path: "/p", query: "scheme=KAPP&language=en-US&fallback=true")
        #expect(upper == "KAPP://example.com/p?scheme=KAPP&language=en-US&fallback=true")
    }

    @Test func seed004Example() throws {
        // paymentUrl https://example.com/payment/ios (seed 004 serves it at another path; the rule is the same).
        let trampoline = try redirect.location(
            path: "/payment/ios", query: "scheme=com.example.app&language=en-US&app=Example%20App")
        #expect(trampoline.hasSuffix("&language=en-US&app=Example%20App"))
        #expect(
            trampoline.contains(
                "target=https%3A%2F%2Fexample.com%2Fpayment%2Fios%3Fscheme%3Dcom.example.app%26language%3Den-US%26app%3DExample%2520App%26fallback%3Dtrue"
            ))
    }

    @Test func theReturningURLsMatchThePaymentUrlInTheSDK() throws {
        let paymentUrl = URL(
            string:
                "https://example.com/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=abcdef&app=Your%20eCom%20App"
        )!
        let matcher = SwedbankPaySDK.PaymentURLMatcher(callbackScheme: "yourecomapp")
        let query = paymentUrl.query!
        let trampoline = try redirect.location(path: paymentUrl.path, query: query)
        let target = try #require(URLComponents(string: trampoline)?.queryItems?.first { $0.name == "target" }?.value)
        #expect(matcher.url(URL(string: target)!, matches: paymentUrl))
        let custom = try redirect.location(path: paymentUrl.path, query: query + "&fallback=true")
        #expect(matcher.url(URL(string: custom)!, matches: paymentUrl))
    }

    @Test(arguments: [
        ("language=en-US", IOSUniversalLinkRedirect.Refusal.missingParameter("scheme")),
        ("scheme=app", .missingParameter("language")),
        ("scheme=javascript&language=en-US&fallback=true", .schemeNotAllowed("javascript")),
        ("scheme=https&language=en-US&fallback=true", .schemeNotAllowed("https")),
        ("scheme=1app&language=en-US", .schemeNotAllowed("1app")),
        ("scheme=a%2F%2Fevil.com&language=en-US", .schemeNotAllowed("a//evil.com")),
        ("scheme=otherapp&language=en-US", .schemeNotAllowed("otherapp")),
        ("scheme=app.&language=en-US&fallback=true", .schemeNotAllowed("app.")),
        ("scheme=app&language=en-US&fallback=1", .invalidFallback),
        ("scheme=app&language=en-US&fallback=-2.05e%2B307", .invalidFallback),
    ])
    func refusesWhatCouldRedirectAnywhere(query: String, refusal: IOSUniversalLinkRedirect.Refusal) {
        #expect(throws: refusal) { try redirect.location(path: "/sdk-callback/ios-universal-link", query: query) }
    }

    @Test func schemesCompareCaseInsensitivelyAndKeepTheirSpelling() throws {
        let location = try redirect.location(path: "/p", query: "scheme=YourEcomApp&language=en-US&fallback=true")
        #expect(location == "YourEcomApp://example.com/p?scheme=YourEcomApp&language=en-US&fallback=true")
    }

    @Test func withoutAppSchemesEveryRequestIsRefused() {
        let none = IOSUniversalLinkRedirect(
            publicOrigin: "https://example.com", trampoline: redirect.trampoline, appSchemes: [])
        #expect(throws: IOSUniversalLinkRedirect.Refusal.noAppSchemes) {
            try none.location(path: "/p", query: "scheme=yourecomapp&language=en-US")
        }
    }
}

@Suite struct AppSchemeTests {
    @Test(arguments: ["com.example.app", "yourecomapp", "a", "App+1.x-y", String(repeating: "a", count: 64)])
    func acceptsAppSchemes(scheme: String) {
        #expect(AppScheme.problem(scheme) == nil)
    }

    @Test(arguments: [
        "", "1app", "app:", "a b", "é", "a/b", String(repeating: "a", count: 65), "http", "HTTPS", "javascript",
        "data", "file", "intent", "itms-services", "ITMS-Services", "x-safari-https", "X-Safari-Http", "about",
        "android-app", "mailto",
    ])
    func refusesWhatIsNoAppScheme(scheme: String) {
        #expect(AppScheme.problem(scheme) != nil)
    }

    @Test func theConfigurationNamesEachBadScheme() {
        var configuration = BackendConfiguration(
            swedbankPayBaseURL: URL(string: "https://api.example.com")!, merchantToken: Secret("token"),
            payeeId: "payee", publicBaseURL: URL(string: "https://shop.example.com")!,
            apiKeys: [Secret("api-key-123")], appSchemes: ["com.example.app", "itms-services", "a b"])
        #expect(
            configuration.problems() == [
                #"the app scheme "itms-services" is a browser's or the system's, not an app's"#,
                #"the app scheme "a b" is not a URL scheme (a letter, then letters, digits, +, - or ., at most 64)"#,
            ])
        configuration.appSchemes = []
        #expect(configuration.problems() == [])
    }
}

@Suite struct AndroidIntentPageTests {
    @Test func thePageIsTheDocumentedOne() throws {
        let page = AndroidIntentPage(scheme: "https", authority: "example.com")
        // Seed 004's example page for paymentUrl https://example.com/payment/android (here with its package query).
        let html = try page.html(path: "/payment/android", query: "package=com.example.app")
        let intent =
            "intent://example.com/payment/android?package=com.example.app#Intent;scheme=https;action=com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER;package=com.example.app;end;"
        #expect(
            html == """
                <html>
                    <head>
                        <title>Swedbank Pay Payment</title>
                        <meta http-equiv="refresh" content="0;url=\(intent)">
                    </head>
                    <body>
                        <a href="\(intent)">Back to app</a>
                    </body>
                </html>
                """)
    }

    @Test func queryCharactersAreEscapedInTheHTML() throws {
        let page = AndroidIntentPage(scheme: "https", authority: "example.com")
        let html = try page.html(path: "/sdk-callback/android-intent", query: "package=com.example.app&id=a%22b&x=<y>")
        #expect(html.contains("id=a%22b&amp;x=&lt;y&gt;#Intent;"))
        #expect(!html.contains("<y>"))
    }

    @Test func refusesMissingOrInvalidPackages() {
        let page = AndroidIntentPage(scheme: "https", authority: "example.com")
        #expect(throws: AndroidIntentPage.Refusal.missingPackage) { try page.intentURL(path: "/p", query: "id=1") }
        #expect(throws: AndroidIntentPage.Refusal.invalidPackage("com.example;end;evil")) {
            try page.intentURL(path: "/p", query: "package=com.example%3Bend%3Bevil")
        }
    }
}

@Suite struct AppleAppSiteAssociationTests {
    @Test func oldAndNewStyleKeys() throws {
        let aasa = AppleAppSiteAssociation(
            appIDs: ["ABCDE12345.com.example.app", "ABCDE12345.com.example.other"], paths: ["/sdk-callback/*"])
        let expected = try JSONDecoder().decode(
            SwedbankPaySDK.JSONValue.self,
            from: Data(
                #"""
                {"applinks": {"apps": [], "details": [
                  {"appID": "ABCDE12345.com.example.app", "paths": ["/sdk-callback/*"],
                   "appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.other"],
                   "components": [{"/": "/sdk-callback/*", "comment": "Swedbank Pay payment URLs return to the app"}]},
                  {"appID": "ABCDE12345.com.example.other", "paths": ["/sdk-callback/*"]}]}}
                """#.utf8))
        #expect(aasa.document == expected)
    }
}
