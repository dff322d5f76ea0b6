import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PaymentSandbox

/// `swedbankpay sandbox`: the Payment Sandbox alone.
struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Runs the Payment Sandbox, an offline stand-in for the Swedbank Pay API."
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8081

    @Option(help: "A merchant bearer token the sandbox accepts (repeatable). Default: sandbox-merchant-token.")
    var merchantToken: [String] = []

    @Option(help: "Makes ids deterministic: the same seed and calls give the same ids.")
    var seed: UInt64?

    func run() async throws {
        var configuration = SandboxConfiguration(seed: seed)
        if !merchantToken.isEmpty {
            configuration.merchantTokens = Set(merchantToken)
        }
        let sandbox = PaymentSandbox(configuration: configuration)
        let host = self.host
        let app = sandbox.application(host: host, port: port) { port in
            print("Payment Sandbox listening on http://\(host):\(port)")
        }
        try await app.runService()
    }
}
