import ArgumentParser
import Foundation
import PaymentSandbox

/// `--swish-web-approval-delay` (`serve`, `sandbox`): the seconds after which a Swish payment a
/// payer started in a web page approves itself (``SandboxConfiguration/swishWebApprovalDelay``).
/// Off by default, so the payer decides, as on a real phone.
enum SwishWebApproval {
    /// The delays allowed: up to an hour.
    static let range = 0.0...3_600.0

    /// The delay given on the command line or in the environment, checked against ``range``;
    /// nil when neither gives one.
    static func delay(_ given: Double?) throws -> TimeInterval? {
        guard let delay = try settings.swishWebApprovalDelay.resolve(given) else { return nil }
        guard delay.isFinite, range.contains(delay) else {
            throw ValidationError(
                "--swish-web-approval-delay must be \(AllowedValues.text(range)) seconds, not \(delay)")
        }
        return delay
    }
}
