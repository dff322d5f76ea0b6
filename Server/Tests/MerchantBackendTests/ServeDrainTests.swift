import AsyncHTTPClient
import Foundation
import Testing

@testable import MerchantBackend

/// `swedbankpay serve` drains on SIGTERM by `DrainPhase`'s rule: `/readyz` answers 503 at once —
/// the backend's and its in-process sandbox's alike —, a request begun before the signal is
/// answered within the shutdown grace (here an order creation Swedbank Pay — the in-process
/// sandbox, slowed by a fault rule — holds), a request begun while draining is served too, and
/// the process then exits 0.
@Suite(.timeLimit(.minutes(2))) struct ServeDrainTests {
    /// How long the sandbox holds the creation: room for the test's requests while it drains, on a
    /// loaded machine too (as GracefulShutdownTests holds its creation).
    /// Beside a release build of the server package, 6 s was not always enough.
    static let pspDelay = 15

    @Test func aSlowCreationIsAnsweredThroughSIGTERMWhileReadyzSaysDraining() async throws {
        let location = try TestDatabase.location(.sqlite)
        guard case .sqlite(let path) = location else { return }
        defer { TestDatabase.remove(location) }
        let client = HTTPClient.shared
        guard let (serve, slow) = try await Self.terminateWhileACreationIsHeld(database: path, grace: 30) else {
            return
        }

        for url in [serve.backendURL, serve.sandboxURL] {
            let ready = try await client.answer(.GET, url + "/readyz")
            #expect(ready.status == 503, "\(url)")
            #expect(ready.body == #"{"status":"draining"}"#, "\(url)")
            #expect(ready.contentType == "application/json; charset=utf-8", "\(url)")
            #expect(try await client.answer(.GET, url + "/livez").status == 200, "\(url)")
        }
        // Work begun while draining is served — the draining sandbox serves the backend's call —
        // and does not hold the drain up.
        let during = try await serve.createOrder(client, key: "drain-during-" + UUID().uuidString.lowercased())
        #expect(during.status == 201, "\(during.body)")

        let answered = try await slow.value
        #expect(answered.status == 201, "\(answered.body)")
        #expect(answered.paymentOrderID != nil)
        #expect(await serve.server.process.exitStatus() == 0)
        #expect(await serve.server.output.line(containing: "drained", within: 10).isLine)
        await serve.terminate()
        // Stopped: the listeners are closed.
        for url in [serve.backendURL, serve.sandboxURL] {
            await #expect(throws: (any Error).self, "\(url)") {
                _ = try await client.answer(.GET, url + "/livez", timeout: .seconds(5))
            }
        }
    }

    /// A grace shorter than the request owed: when it ends the drain stops waiting and the process
    /// says so in one line and exits 1 (not 0, and not a crash) — after its servers have stopped
    /// gracefully, which lets the held creation be answered first.
    @Test func aGraceThatEndsFirstIsReportedAndExitsOne() async throws {
        let location = try TestDatabase.location(.sqlite)
        guard case .sqlite(let path) = location else { return }
        defer { TestDatabase.remove(location) }
        guard let (serve, slow) = try await Self.terminateWhileACreationIsHeld(database: path, grace: 1) else {
            return
        }
        #expect(await serve.server.process.exitStatus() == 1)
        let said = await serve.server.output.line(containing: "Error: ", within: 10)
        #expect(
            said == .line("Error: the shutdown grace (1.0 s) ended with 1 requests still being answered"), "\(said)")
        #expect(try await slow.value.status == 201)
        await serve.terminate()
    }

    /// Both tests' start: `serve` with `--shutdown-grace <grace>`, both its `/readyz` answering
    /// 200, is sent SIGTERM while its sandbox holds an order creation ``pspDelay`` seconds (the
    /// creation is the task); returns once it says it is draining, with the one request owed.
    /// Nil (an issue recorded, the process killed) when it never says so.
    static func terminateWhileACreationIsHeld(database path: String, grace: Int) async throws
        -> (ServeProcess, Task<Answer, any Error>)?
    {
        let serve = try await ServeProcess.start(
            try ServeProcess.executable(), database: path, timeout: 30,
            options: ["--shutdown-grace", "\(grace)", "--log-level", "info"])
        let client = HTTPClient.shared
        for url in [serve.backendURL, serve.sandboxURL] {
            let ready = try await client.answer(.GET, url + "/readyz")
            #expect(ready.status == 200, "\(url)")
            #expect(ready.body == #"{"status":"ok"}"#, "\(url)")
        }
        let fault = try await client.answer(
            .POST, serve.sandboxURL + "/sandbox/faults",
            json:
                #"{"method":"POST","path":"/psp/paymentorders","kind":"delay","delaySeconds":\#(Self.pspDelay),"count":1}"#
        )
        #expect(fault.status == 201, "\(fault.body)")
        let slow = Task { try await serve.createOrder(client, key: "drain-held-" + UUID().uuidString.lowercased()) }
        // The sandbox holds the creation now: stop `serve` as a rolling restart would.
        #expect(await serve.server.output.line(containing: "fault applied", within: 30).isLine)
        serve.server.process.terminate()
        guard case .line(let draining) = await serve.server.output.line(containing: "draining", within: 30) else {
            Issue.record("serve did not say it was draining")
            await serve.kill()
            return nil
        }
        #expect(draining.contains("requests_owed=1"), "\(draining)")
        return (serve, slow)
    }
}
