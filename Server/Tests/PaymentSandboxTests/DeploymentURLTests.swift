import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// A sandbox that backends reach at one address (a container network) and payers at another (a
/// published port): API resources' hrefs on the API URL, pages and the session API on the public
/// one, as the real service splits them between `api.…` and `ecom.…`. And the health routes a
/// container health check asks.
@Suite struct DeploymentURLTests {
    typealias Fixture = PaymentOrdersFixture

    @Test func apiHrefsOnTheAPIURLPagesAndSessionsOnThePublicOne() async throws {
        let harness = SandboxHarness { $0.apiBaseURL = URL(string: "http://sandbox:8081/") }
        try await harness.run { client in
            let (reply, _) = try await Fixture.create(client)
            let ids = Fixture.ExpectedIDs()
            let path = "/psp/paymentorders/\(ids.id)"
            let operations = try #require(try reply.object["operations"]?.arrayValue).compactMap(\.objectValue)
            let hrefs = Dictionary(
                operations.compactMap { operation in
                    operation["rel"]?.stringValue.flatMap { rel in operation["href"]?.stringValue.map { (rel, $0) } }
                }, uniquingKeysWith: { first, _ in first })
            #expect(hrefs["update-order"] == "http://sandbox:8081\(path)")
            #expect(hrefs["abort"] == "http://sandbox:8081\(path)")
            #expect(hrefs["redirect-checkout"] == "http://sandbox.test/checkout/\(ids.viewToken)")
            #expect(hrefs["view-checkout"] == "http://sandbox.test/checkout/client/\(ids.viewToken)?culture=sv-SE")
            #expect(
                hrefs["view-paymentsession"]?.hasPrefix(
                    "http://sandbox.test/psp/paymentsessions/\(ids.sessionToken)?_tc_tid=") == true)
        }
    }

    @Test func withoutAnAPIURLEveryHrefIsOnThePublicURL() {
        let urls = PublicURL(base: "http://sandbox.test")
        #expect(urls.url("/psp/paymentorders/x") == "http://sandbox.test/psp/paymentorders/x")
        let split = PublicURL(base: "http://sandbox.test", apiBase: "http://sandbox:8081")
        #expect(split.url("/psp/paymentorders/x") == "http://sandbox:8081/psp/paymentorders/x")
        #expect(
            split.url("/psp/paymentorders/payerownedtokens/r")
                == "http://sandbox:8081/psp/paymentorders/payerownedtokens/r")
        #expect(split.url("/psp/paymentsessions/t") == "http://sandbox.test/psp/paymentsessions/t")
        #expect(split.url("/checkout/t") == "http://sandbox.test/checkout/t")
    }

    @Test func healthRoutesAnswerWithoutATokenAndStayOutOfTheRequestLog() async throws {
        try await SandboxHarness().run { client in
            for path in ["/livez", "/readyz"] {
                let reply = try await client.send(.get, path, token: nil)
                #expect(reply.status == 200)
                #expect(reply.text == #"{"status":"ok"}"#)
            }
            let log = try await client.send(.get, "/sandbox/requests").object
            #expect(log["total"] == .integer(0))
        }
    }
}
