import Foundation
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Attacks on the iOS universal-link helper as a redirect to any installed handler (security issue
/// item 4): `/sdk-callback/ios-universal-link` needs no credentials, so whoever links a payer to it
/// chooses the query. Only the backend's configured app schemes are redirected to, on both legs
/// (the trampoline leg ends at the scheme too), compared case-insensitively. Each test runs
/// against a backend and a sandbox on loopback and checks the exact refusal and that nothing was
/// sent to Swedbank Pay.
@Suite struct AttackHelperRedirectTests {
    static let path = "/sdk-callback/ios-universal-link"
    static let notAllowed =
        #"{"detail":"The scheme parameter is not one of this backend's app schemes.","problems":[{"description":"Not an app scheme of this backend.","name":"scheme"}],"status":400,"title":"Bad Request","type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest"}"#

    /// Schemes that install apps (`itms-services`), start Android activities (`intent`), open
    /// Safari from an in-app browser (`x-safari-https`) or run script, in any letter case, encoded
    /// or not — none of them the merchant's.
    @Test(arguments: [
        "itms-services", "intent", "x-safari-https", "ITMS-SERVICES", "Intent", "X-Safari-HTTPS", "javascript",
        "itms%2Dservices", "testapp%0D%0ALocation:%20https://evil.example", "testapp2", "testap",
    ])
    func schemesOffTheListAreRefusedOnBothLegs(scheme: String) async throws {
        try await BackendHarness.run { harness in
            var answers: [Answer] = []
            let sent = try await harness.sandboxRequests {
                for fallback in ["", "&fallback=true", "&fallback=false"] {
                    answers.append(
                        try await harness.send(
                            .GET, "\(Self.path)?scheme=\(scheme)&language=en-US&id=abc\(fallback)", headers: [:]))
                }
            }
            for answer in answers {
                #expect(answer.status == 400)
                #expect(answer.contentType == "application/problem+json")
                #expect(answer.body == Self.notAllowed)
                #expect(answer.headers.first(name: "Location") == nil)
            }
            #expect(sent == [])
        }
    }

    /// Only the first `scheme` parameter counts, and it is the one checked: a second one cannot
    /// sneak past the list, nor can an allowed second one rescue a first that is not.
    @Test func aSecondSchemeParameterChangesNothing() async throws {
        try await BackendHarness.run { harness in
            let smuggled = try await harness.send(
                .GET, "\(Self.path)?scheme=itms-services&scheme=testapp&language=en-US&fallback=true", headers: [:])
            #expect(smuggled.status == 400)
            #expect(smuggled.body == Self.notAllowed)
            let query = "scheme=testapp&scheme=itms-services&language=en-US&fallback=true"
            let first = try await harness.send(.GET, "\(Self.path)?\(query)", headers: [:])
            #expect(first.status == 301)
            #expect(
                first.headers.first(name: "Location")
                    == "testapp://127.0.0.1:\(harness.backendPort)\(Self.path)?\(query)")
        }
    }

    /// An allowed scheme in another letter case is still allowed and still redirected to exactly as
    /// spelt (the query is never re-encoded: the SDK matches the returning URL against it).
    @Test func anAllowedSchemeStillRedirectsExactly() async throws {
        try await BackendHarness.run { harness in
            let query = "scheme=TestApp&language=sv-SE&id=payment-1&app=Test%20App"
            let sent = try await harness.sandboxRequests {
                let trampoline = try await harness.send(.GET, "\(Self.path)?\(query)", headers: [:])
                #expect(trampoline.status == 301)
                let target =
                    "http%3A%2F%2F127.0.0.1%3A\(harness.backendPort)%2Fsdk-callback%2Fios-universal-link%3Fscheme%3DTestApp%26language%3Dsv-SE%26id%3Dpayment-1%26app%3DTest%2520App%26fallback%3Dtrue"
                #expect(
                    trampoline.headers.first(name: "Location")
                        == "https://ecom.stage.payex.com/externalresourcehost/trampoline?target=\(target)&language=sv-SE&app=Test%20App"
                )
                let app = try await harness.send(.GET, "\(Self.path)?\(query)&fallback=true", headers: [:])
                #expect(app.status == 301)
                #expect(
                    app.headers.first(name: "Location")
                        == "TestApp://127.0.0.1:\(harness.backendPort)\(Self.path)?\(query)&fallback=true")
            }
            #expect(sent == [])
        }
    }

    /// A backend configured without app schemes (`swedbankpay backend` without `--app-scheme`)
    /// redirects nowhere, and says why.
    @Test func withoutAppSchemesEveryRedirectIsRefused() async throws {
        try await BackendHarness.run(configure: { $0.appSchemes = [] }) { harness in
            for query in ["scheme=testapp&language=en-US", "scheme=testapp&language=en-US&fallback=true"] {
                let answer = try await harness.send(.GET, "\(Self.path)?\(query)", headers: [:])
                #expect(answer.status == 400)
                #expect(
                    answer.body
                        == #"{"detail":"This backend has no app scheme configured (--app-scheme or SWEDBANKPAY_APP_SCHEMES), so it redirects to none.","problems":[{"description":"No app scheme is configured.","name":"scheme"}],"status":400,"title":"Bad Request","type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest"}"#
                )
            }
        }
    }

    /// The operator cannot configure a scheme that is a browser's or the system's: the backend
    /// refuses to start, naming each.
    @Test func aBackendWithAReservedAppSchemeDoesNotStart() throws {
        let configuration = BackendConfiguration(
            swedbankPayBaseURL: URL(string: "https://api.example.com")!, merchantToken: Secret("merchant-token"),
            payeeId: "payee", publicBaseURL: URL(string: "https://shop.example.com")!,
            apiKeys: [Secret("api-key-123")], appSchemes: ["com.example.app", "x-safari-https", "https", "1app"])
        #expect(
            configuration.problems() == [
                #"the app scheme "x-safari-https" is a browser's or the system's, not an app's"#,
                #"the app scheme "https" is a browser's or the system's, not an app's"#,
                #"the app scheme "1app" is not a URL scheme (a letter, then letters, digits, +, - or ., at most 64)"#,
            ])
    }
}
