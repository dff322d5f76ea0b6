import ArgumentParser
import Foundation

/// `swedbankpay demo web`: a v3 card payment through `SwedbankPaySDKController` in headless
/// Chromium.
struct DemoWebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Pays a v3 payment order by card in the SDK's web view (headless Chromium)."
    )

    func run() async throws {
        throw ValidationError("not available yet")
    }
}
