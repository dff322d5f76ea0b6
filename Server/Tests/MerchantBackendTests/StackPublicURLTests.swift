import Foundation
import Testing

/// `serve --sandbox-public-url`: a stack whose sandbox payers reach at another address (a phone on
/// the LAN) than the one its backend calls.
@Suite(.timeLimit(.minutes(1)))
struct StackPublicURLTests {
    @Test func payersGetThePublicURLAndTheBackendKeepsRelayingWhatItCalls() async throws {
        // The stack names the sandbox's own port as its API URL, as `serve` does.
        try await BackendHarness.run(
            sandbox: { $0.publicBaseURL = URL(string: "https://phone-reaches.example.test:8443")! },
            sandboxNamesItsPort: true
        ) { harness in
            let port = harness.backendPort
            let created = try await RawHTTP.response(
                Reference503RequestTests.backendRequest(
                    "POST", "/paymentorders", port: port, body: Reference503RequestTests.orderBody()),
                port: port)
            #expect(created.status == 201)
            let operations = created.json["operations"] as? [[String: Any]] ?? []
            let href = { (rel: String) in operations.first { $0["rel"] as? String == rel }?["href"] as? String }
            #expect(
                href("view-paymentsession")?.hasPrefix("https://phone-reaches.example.test:8443/psp/paymentsessions/")
                    == true)
            let abort = try #require(href("abort"))
            #expect(abort.hasPrefix(harness.sandboxURL + "/psp/paymentorders/"))
            let aborted = try await RawHTTP.response(
                Reference503RequestTests.backendRequest(
                    "PATCH", "/patch", port: port,
                    body:
                        #"{"href":"\#(abort)","paymentorder":{"operation":"Abort","abortReason":"CancelledByConsumer"}}"#
                ),
                port: port)
            #expect(aborted.status == 200)
        }
    }
}
