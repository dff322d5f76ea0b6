import ArgumentParser
import Foundation
import MerchantBackend

/// What a command gives the backend's configuration that the shared options (``BackendOptions``)
/// do not: whom it calls and as whom, where it is reached, the keys apps use, and its own defaults.
struct BackendDeployment: Sendable {
    var swedbankPayBaseURL: URL
    var merchantToken: String
    var payeeId: String
    var publicBaseURL: URL
    var apiKeys: [String]
    /// nil for the configuration's default.
    var trampolineURL: URL?
    /// The app schemes when no `--app-scheme` is given.
    var defaultAppSchemes: [String]
    /// The example authentication is refused on an address other machines reach, unless allowed
    /// explicitly (``BackendOptions/applyAuthentication(to:refuseExampleOffLoopback:)``).
    var refuseExampleOffLoopback: Bool
}

extension BackendOptions {
    /// The backend's configuration, the one way `serve` and `backend` build it: `deployment`, then
    /// every shared setting given, then checked as a whole (``BackendRunner/validate(_:)``).
    func configuration(_ deployment: BackendDeployment) throws -> BackendConfiguration {
        var configuration = BackendConfiguration(
            swedbankPayBaseURL: deployment.swedbankPayBaseURL, merchantToken: Secret(deployment.merchantToken),
            payeeId: deployment.payeeId, publicBaseURL: deployment.publicBaseURL,
            apiKeys: deployment.apiKeys.map(Secret.init), iosAppIDs: resolvedIOSAppIDs,
            swedbankPayTimeout: try resolvedTimeout())
        if let trampolineURL = deployment.trampolineURL { configuration.trampolineURL = trampolineURL }
        configuration.appSchemes = resolvedAppSchemes(default: deployment.defaultAppSchemes)
        configuration.callbackBaseURL = try resolvedCallbackURL()
        try applyCallLimits(to: &configuration)
        try applyPayeeDetails(to: &configuration)
        try applyShutdownGrace(to: &configuration)
        try applyAuthentication(to: &configuration, refuseExampleOffLoopback: deployment.refuseExampleOffLoopback)
        try BackendRunner.validate(configuration)
        return configuration
    }
}
