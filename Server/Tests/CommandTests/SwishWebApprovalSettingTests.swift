import Foundation
import PaymentSandbox
import Testing

@testable import swedbankpay

/// `--swish-web-approval-delay` reaches the sandbox's configuration in both commands that run a
/// sandbox, is off when not given, and refuses a delay outside 0–3,600 s.
@Suite struct SwishWebApprovalSettingTests {
    @Test func serveHandsTheDelayToItsSandbox() throws {
        let given = try ServeCommand.parse(["--swish-web-approval-delay", "2.5"])
        #expect(
            try given.sandboxConfiguration(merchantToken: "t", controlToken: nil, publicURL: nil).swishWebApprovalDelay
                == 2.5)
        let none = try ServeCommand.parse([])
        #expect(
            try none.sandboxConfiguration(merchantToken: "t", controlToken: nil, publicURL: nil).swishWebApprovalDelay
                == nil)
    }

    @Test func theSandboxCommandTakesTheFlag() throws {
        #expect(try SandboxCommand.parse(["--swish-web-approval-delay", "5"]).swishWebApprovalDelay == 5)
        #expect(try SwishWebApproval.delay(0) == 0)
        #expect(try SwishWebApproval.delay(3_600) == 3_600)
    }

    @Test func aDelayOutsideTheRangeIsRefused() {
        #expect(throws: (any Error).self) { try SwishWebApproval.delay(3_601) }
        #expect(throws: (any Error).self) { try SwishWebApproval.delay(-1) }
        let serve = try? ServeCommand.parse(["--swish-web-approval-delay", "4000"])
        #expect(throws: (any Error).self) {
            try serve?.sandboxConfiguration(merchantToken: "t", controlToken: nil, publicURL: nil)
        }
    }
}
