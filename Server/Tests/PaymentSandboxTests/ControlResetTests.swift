import Foundation
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// `POST /sandbox/reset` forgets everything: stores, ids, the request log and the fault rules.
@Suite struct ControlResetTests {
    static let consumer =
        #"{"operation":"initiate-consumer-session","language":"sv-SE","requireShippingAddress":false}"#

    @Test func forgetsConsumersLogsFaultsAndRestartsIds() async throws {
        let harness = SandboxHarness()
        try await harness.run { client in
            let created = try await client.send(.post, "/psp/consumers", json: Self.consumer)
            let token = try #require(try created.object["token"]?.stringValue)
            #expect(await harness.sandbox.services.store.consumer(token: token) != nil)
            _ = try await client.send(.post, "/sandbox/faults", json: #"{"path":"/x","kind":"reset"}"#)

            let reset = try await client.send(.post, "/sandbox/reset", token: nil, headers: SandboxClient.control)
            #expect(reset.status == 204)
            #expect(reset.body.isEmpty)

            #expect(await harness.sandbox.services.store.consumer(token: token) == nil)
            #expect(try await client.send(.get, "/sandbox/requests").json == json(#"{"requests":[],"total":0}"#))
            #expect(try await client.send(.get, "/sandbox/faults").json == json(#"{"faults":[]}"#))
            // The seeded id sequence starts over: the same call gives the same token.
            let again = try await client.send(.post, "/psp/consumers", json: Self.consumer)
            #expect(try again.object["token"]?.stringValue == token)
        }
    }
}
