import ArgumentParser
import Foundation

/// `swedbankpay demo`: runs the SDK's payment flows headless against the servers, printing what
/// happened.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Runs a payment with the SDK against `serve`, headless, and prints its timeline.",
        subcommands: [DemoWebCommand.self, DemoNativeCommand.self]
    )
}
