import Foundation
import NIOCore
import SwedbankPaySDK
import Testing

@testable import PaymentSandbox

/// `maxRequestBodyBytes` holds on every route, those that never read a body included.
@Suite struct ControlLimitTests {
    @Test(arguments: [
        ("POST", "/psp/consumers"), ("POST", "/sandbox/faults"), ("GET", "/externalresourcehost/trampoline"),
        ("POST", "/sandbox/reset"), ("PUT", "/no/such/route"),
    ])
    func refusesBodiesOverTheLimit(method: String, path: String) async throws {
        try await SandboxHarness(configure: { $0.maxRequestBodyBytes = 64 }).run { client in
            let big = "{\"padding\":\"" + String(repeating: "x", count: 100) + "\"}"
            let reply = try await client.send(.init(rawValue: method)!, path, json: big)
            #expect(reply.status == 413)
            #expect(
                try reply.json
                    == json(
                        #"{"type":"https://api.payex.com/psp/errordetail/payloadtoolarge","title":"Payload Too Large","status":413,"detail":"The request body is larger than 64 bytes."}"#
                    ))
        }
    }

    @Test func theLimitsAreDocumentedDefaults() {
        let configuration = SandboxConfiguration()
        #expect(configuration.maxRequestBodyBytes == 256 * 1_024)
        #expect(configuration.maxLogEntries == 1_000)
        #expect(FaultRuleStore.maxRules == 100)
        #expect(FaultAction.maxDelaySeconds == 600)
    }
}
