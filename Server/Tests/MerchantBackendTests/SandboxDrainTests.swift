import AsyncHTTPClient
import Foundation
import Testing

/// `swedbankpay sandbox` drains on SIGTERM by `DrainPhase`'s rule, as `serve` and `backend` do:
/// `/readyz` answers 503 `{"status":"draining"}` at once while `/livez` still answers, a request
/// begun before the signal (held by a delay fault) is answered, and the process then exits 0.
@Suite(.timeLimit(.minutes(2))) struct SandboxDrainTests {
    /// How long the fault holds the request: room for the test's probes while it drains, within
    /// the sandbox's shutdown grace of 5 s.
    static let heldSeconds = 4

    @Test func readyzSaysDrainingWhileAHeldRequestIsAnsweredThroughSIGTERM() async throws {
        let sandbox = try #require(try await Self.launch())
        let url = sandbox.url
        let client = HTTPClient.shared
        let ready = try await client.answer(.GET, url + "/readyz")
        #expect(ready.status == 200)
        #expect(ready.body == #"{"status":"ok"}"#)
        let fault = try await client.answer(
            .POST, url + "/sandbox/faults",
            json:
                #"{"method":"GET","path":"/psp/paymentorders/held","kind":"delay","delaySeconds":\#(Self.heldSeconds),"count":1}"#
        )
        #expect(fault.status == 201, "\(fault.body)")
        let held = Task {
            try await client.answer(
                .GET, url + "/psp/paymentorders/held", headers: ["Authorization": "Bearer sandbox-merchant-token"],
                timeout: .seconds(30))
        }
        #expect(await sandbox.output.line(containing: "fault applied", within: 30).isLine)
        sandbox.process.terminate()
        guard case .line(let draining) = await sandbox.output.line(containing: "draining", within: 30) else {
            Issue.record("the sandbox did not say it was draining")
            await sandbox.kill()
            return
        }
        #expect(draining.contains("requests_owed=1"), "\(draining)")

        let whileDraining = try await client.answer(.GET, url + "/readyz")
        #expect(whileDraining.status == 503)
        #expect(whileDraining.body == #"{"status":"draining"}"#)
        #expect(whileDraining.contentType == "application/json; charset=utf-8")
        #expect(try await client.answer(.GET, url + "/livez").status == 200)

        // The held request is answered as it would have been without the signal: no such order.
        let answered = try await held.value
        #expect(answered.status == 404, "\(answered.body)")
        #expect(await sandbox.process.exitStatus() == 0)
        #expect(await sandbox.output.line(containing: "drained", within: 10).isLine)
        await sandbox.terminate()
        await #expect(throws: (any Error).self) {
            _ = try await client.answer(.GET, url + "/livez", timeout: .seconds(5))
        }
    }

    /// `swedbankpay sandbox` on a free port.
    static func launch() async throws -> ChildServer? {
        let executable = try ServeProcess.executable()
        for _ in 1...3 {
            let port = try await BackendHarness.freePort()
            let server = try await ChildServer.launch(
                executable, ["sandbox", "--port", "\(port)"], url: "http://127.0.0.1:\(port)", healthPath: "/livez",
                readyText: "Payment Sandbox listening on http://127.0.0.1:\(port)")
            if let server { return server }
        }
        return nil
    }
}
