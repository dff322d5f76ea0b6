import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// Every problem names its occurrence (`instance`, shaped as the portal's examples), and the
/// payment order API's input errors have the type the portal documents for it.
@Suite struct ProblemInstanceTests {
    typealias Fixture = PaymentOrdersFixture

    static func instance(_ reply: SandboxClient.Reply) throws -> String {
        try #require(try reply.rawJSON.objectValue?["instance"]?.stringValue)
    }

    @Test func everyProblemHasItsOwnInstance() async throws {
        try await SandboxHarness().run { client in
            let first = try await client.send(.get, "/psp/paymentorders/nope")
            let second = try await client.send(.get, "/psp/paymentorders/nope")
            let unknownRoute = try await client.send(.get, "/psp/nothing-here")
            let unauthorized = try await client.send(.get, "/psp/paymentorders/nope", token: "wrong")
            let pattern = /https:\/\/api\.payex\.com\/psp\/probleminstance\/00-[0-9a-f]{32}-[0-9a-f]{16}-01/
            let instances = try [first, second, unknownRoute, unauthorized].map(Self.instance)
            #expect(instances.allSatisfy { $0.wholeMatch(of: pattern) != nil })
            #expect(Set(instances).count == 4)
        }
    }

    @Test func thePaymentOrderAPIsInputErrorsAreScopedToIt() async throws {
        try await SandboxHarness().run { client in
            let create = try await client.send(
                .post, "/psp/paymentorders", json: Fixture.body(Fixture.order { $0["currency"] = nil }))
            #expect(create.status == 400)
            #expect(
                try create.object["type"] == .string("https://api.payex.com/psp/errordetail/paymentorders/inputerror"))
            let (_, id) = try await Fixture.create(client)
            let update = try await client.send(.patch, "/psp/paymentorders/\(id)", json: #"{"paymentorder": {}}"#)
            #expect(
                try update.object["type"] == .string("https://api.payex.com/psp/errordetail/paymentorders/inputerror"))
            let capture = try await client.send(.post, "/psp/paymentorders/\(id)/captures", json: #"{}"#)
            #expect(
                try capture.object["type"] == .string("https://api.payex.com/psp/errordetail/paymentorders/inputerror"))
            // Other APIs keep the generic type, as the portal shows them.
            let consumer = try await client.send(.post, "/psp/consumers", json: #"{"operation": "x"}"#)
            #expect(try consumer.object["type"] == .string("https://api.payex.com/psp/errordetail/inputerror"))
            // And the SDK reads either as the same kind.
            #expect(
                SwedbankPaySDK.SwedbankPayProblemType(typeURI: try create.object["type"]?.stringValue ?? "")
                    == .inputError)
        }
    }
}
