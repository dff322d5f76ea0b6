import ArgumentParser
import Foundation

/// `swedbankpay bench`: performance figures (see docs/benchmarks.md).
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measures the servers' performance; build with -c release first.",
        subcommands: [BenchSandboxCommand.self, BenchBackendCommand.self]
    )
}
