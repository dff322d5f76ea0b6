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
        abstract: "Runs the Merchant Backend and the Payment Sandbox of the Swedbank Pay Mobile SDK system.",
        subcommands: [
            ServeCommand.self, BackendCommand.self, SandboxCommand.self, OrdersCommand.self, BenchCommand.self,
            DemoCommand.self,
        ],
        defaultSubcommand: nil
    )
}
