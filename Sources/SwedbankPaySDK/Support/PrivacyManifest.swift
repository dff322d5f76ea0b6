import Foundation

extension SwedbankPaySDK {
    /// The SDK's privacy manifest (`PrivacyInfo.xcprivacy`), shipped as a resource of the library so
    /// Xcode folds it into the app's privacy report.
    ///
    /// It declares no tracking; the data the SDK sends to Swedbank Pay for the payment itself (card
    /// details, a Swish phone number — linked to the payer), the session's event log (product
    /// interaction) and the device facts 3-D Secure needs (screen, time zone, language — other data,
    /// not linked); and the one required-reason API the SDK calls: the system's uptime
    /// (`ProcessInfo.systemUptime`, for elapsed time: reason `35F9.1`).
    public enum PrivacyManifest {
        /// Where the manifest is in the library's resource bundle.
        public static var url: URL? {
            SwedbankPaySDK.resourceBundle.url(forResource: "PrivacyInfo", withExtension: "xcprivacy")
        }
    }
}
