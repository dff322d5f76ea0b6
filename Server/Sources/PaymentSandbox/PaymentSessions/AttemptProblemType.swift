#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// The `problemType` of a `fail-payment-attempt` body: why the app ended the attempt itself. The
/// sandbox's own copy of the native protocol's words (the SDK keeps another; each package's
/// vocabulary test holds its copy to the protocol).
enum AttemptProblemType: String, Sendable, CaseIterable {
    /// The payer closed the wallet's sheet.
    case userCancelled = "UserCancelled"
    /// The wallet failed or its payload could not be sent.
    case technicalError = "TechnicalError"
    /// The payment app (Swish) could not be opened.
    case clientAppLaunchFailed = "ClientAppLaunchFailed"
}
#endif
