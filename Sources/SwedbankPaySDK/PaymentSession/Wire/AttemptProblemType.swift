import Foundation

/// The `problemType` of a `fail-payment-attempt` body: why the app ended the attempt itself.
enum AttemptProblemType: String, CaseIterable, Sendable, Hashable {
    /// The payer closed the wallet's sheet.
    case userCancelled = "UserCancelled"
    /// The wallet failed or its payload could not be sent; `errorCode` says how.
    case technicalError = "TechnicalError"
    /// The payment app (Swish) could not be opened.
    case clientAppLaunchFailed = "ClientAppLaunchFailed"
}
