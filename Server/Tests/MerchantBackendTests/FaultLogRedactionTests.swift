import AsyncHTTPClient
import Foundation
import LocalStack
import PaymentSandbox
import Testing

/// A fault's log line names the request by its route, as the request log does
/// (`LoggedRoute`): the path can hold a session or view token, and log lines travel further than
/// the request.
@Suite(.timeLimit(.minutes(1))) struct FaultLogRedactionTests {
    @Test func aFaultLineNamesTheRouteNotThePath() async throws {
        let log = RecordedLog()
        let stack = try await LocalStack.start(
            LocalStack.Plan(
                sandbox: BackendHarness.sandboxConfiguration(), sandboxNamesItsPort: false, logger: log.logger))
        do {
            try stack.sandbox.addFault(FaultFlagParser.parse("GET /psp/paymentsessions/* status:503"))
            let secret = String(repeating: "5ec2e7", count: 10) + "abcd"
            let url = stack.sandboxURL.appendingPathComponent("psp/paymentsessions/\(secret)").absoluteString
            let answer = try await HTTPClient.shared.answer(.GET, url)
            #expect(answer.status == 503)
            let lines = log.lines(atLeast: .trace)
            let faultLines = lines.filter { $0.message == "fault applied" }
            #expect(faultLines.count == 1, "\(faultLines)")
            #expect(faultLines.first?.metadata.contains("route=/psp/paymentsessions/{token}") == true, "\(faultLines)")
            #expect(
                !lines.contains { line in
                    line.metadata.contains { $0.contains(secret) } || line.message.contains(secret)
                })
        } catch {
            await stack.stop()
            throw error
        }
        await stack.stop()
    }
}
