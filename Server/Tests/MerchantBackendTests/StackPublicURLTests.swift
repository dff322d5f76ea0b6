import Foundation
import LocalStack
import MerchantBackend
import PaymentSandbox
import ServerSupport
import Testing

/// `serve --sandbox-public-url`: a stack whose sandbox payers reach at another address (a phone on
/// the LAN) than the one its backend calls.
@Suite(.timeLimit(.minutes(1)))
struct StackPublicURLTests {
    @Test func payersGetThePublicURLAndTheBackendKeepsRelayingWhatItCalls() async throws {
        var sandbox = BackendHarness.sandboxConfiguration()
        sandbox.publicBaseURL = URL(string: "https://phone-reaches.example.test:8443")!
        var plan = LocalStack.Plan(sandbox: sandbox, logger: BackendHarness.quietLogger)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("public-url-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        plan.backend = LocalStack.BackendPlan(database: .sqlite(path: directory.appendingPathComponent("db").path)) {
            sandboxURL, port in
            BackendConfiguration(
                swedbankPayBaseURL: sandboxURL, merchantToken: Secret(BackendHarness.merchantToken),
                payeeId: BackendHarness.payeeID, publicBaseURL: URL(string: "http://127.0.0.1:\(port)")!,
                apiKeys: [Secret(BackendHarness.apiKey)])
        }
        let stack = try await LocalStack.start(plan)
        do {
            let port = try #require(stack.backendURL?.port)
            let created = try await RawHTTP.exchange(
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
            #expect(abort.hasPrefix(stack.sandboxURL.absoluteString + "/psp/paymentorders/"))
            let aborted = try await RawHTTP.exchange(
                Reference503RequestTests.backendRequest(
                    "PATCH", "/patch", port: port,
                    body:
                        #"{"href":"\#(abort)","paymentorder":{"operation":"Abort","abortReason":"CancelledByConsumer"}}"#
                ),
                port: port)
            #expect(aborted.status == 200)
        } catch {
            await stack.stop()
            throw error
        }
        await stack.stop()
    }
}
