import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PaymentSandbox

/// `swedbankpay`: runs the system's servers.
@main
struct SwedbankPayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swedbankpay",
        abstract: "Runs the Swedbank Pay Payment Sandbox (and, later, the Merchant Backend).",
        subcommands: [SandboxCommand.self, BenchCommand.self]
    )
}
