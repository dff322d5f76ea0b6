import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import PaymentSandbox

/// `swedbankpay`: runs the system's servers.
@main
struct SwedbankPayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swedbankpay",
        abstract: "Runs the Merchant Backend and the Payment Sandbox of the Swedbank Pay Mobile SDK system.",
        version: BuildInfo.line,
        subcommands: [
            ServeCommand.self, BackendCommand.self, SandboxCommand.self, OrdersCommand.self, BenchCommand.self,
            DemoCommand.self, DrillCommand.self, MigrateCommand.self,
        ],
        defaultSubcommand: nil
    )

    /// Sets the event-loop count (``EventLoopCount``) before any command touches NIO, which
    /// fixes it on first use, raises the file limit to its hard limit (``FileLimit``: a server
    /// and a benchmark hold a descriptor per connection), then runs the command.
    static func main() async {
        FileLimit.raiseToHardLimit()
        if let loops = EventLoopCount.suggestion(
            environment: ProcessInfo.processInfo.environment, cores: System.coreCount)
        {
            NIOSingletons.groupLoopCountSuggestion = loops
        }
        await main(nil)
    }
}
