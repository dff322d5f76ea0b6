import Foundation
import HTTPTypes
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Clickjacking: the sandbox's top-level pages — the dashboard, the Redirect page, the bank
/// page — may be framed by nobody; the Seamless View's frame by pages at the order's `hostUrls`
/// only.
@Suite struct PageFramingTests {
    typealias F = HostedViewFixtures
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!

    static func expectNobodyFrames(_ reply: SandboxClient.Reply, _ what: String) {
        #expect(reply.headers[.contentSecurityPolicy] == "frame-ancestors 'none'", "\(what)")
        #expect(reply.headers[Self.xFrameOptions] == "DENY", "\(what)")
    }

    @Test func topLevelPagesAreFramedByNobody() async throws {
        try await SandboxHarness().run { client in
            let dashboard = try await client.send(.get, "/sandbox", token: nil)
            #expect(dashboard.status == 200)
            Self.expectNobodyFrames(dashboard, "the dashboard")
            let (_, token) = try await F.create(client)
            let redirect = try await client.send(.get, "/checkout/\(token)", token: nil)
            #expect(redirect.status == 200)
            Self.expectNobodyFrames(redirect, "the Redirect page")
            let unknown = try await client.send(.get, "/checkout/\(String(repeating: "0", count: 64))", token: nil)
            #expect(unknown.status == 404)
            Self.expectNobodyFrames(unknown, "the Redirect page of no order")
            let noBankPayment = try await client.send(.get, "/sandbox/bank/\(token)", token: nil)
            #expect(noBankPayment.status == 409)
            Self.expectNobodyFrames(noBankPayment, "the bank page with nothing waiting")
            _ = try await F.post(client, "/checkout/frame/\(token)/attempts", #"{"instrument": "Trustly"}"#)
            let bank = try await client.send(.get, "/sandbox/bank/\(token)", token: nil)
            #expect(bank.status == 200)
            Self.expectNobodyFrames(bank, "the bank page")
        }
    }

    @Test func theSeamlessViewFrameIsFramedByTheHostUrlsOnly() async throws {
        try await SandboxHarness().run { client in
            let (_, token) = try await F.create(
                client,
                F.order { order in
                    var urls = order["urls"]?.objectValue ?? [:]
                    urls["hostUrls"] = .array([
                        .string("https://shop.example/checkout?step=2"), .string("http://localhost:8080/app/"),
                        .string("https://Shop.Example:443/other"),
                    ])
                    order["urls"] = .object(urls)
                })
            let frame = try await client.send(.get, "/checkout/frame/\(token)", token: nil)
            #expect(frame.status == 200)
            #expect(
                frame.headers[.contentSecurityPolicy]
                    == "frame-ancestors https://shop.example http://localhost:8080")
            #expect(frame.headers[Self.xFrameOptions] == nil)
        }
    }
}
