import Foundation

extension SwedbankPaySDK {
    /// Reports which SDK is talking: the version string and the HTTP user agent built from it.
    ///
    /// The user agent is sent as the `User-Agent` header of every Merchant Backend request and is
    /// the default `userAgent` of a ``PaymentOrder``. It names this SDK and its version first, then
    /// — as a `compatible` comment — the Swedbank Pay iOS SDK whose API it keeps, so a backend that
    /// looks for `SwedbankPaySDK-iOS/` still finds it:
    /// `SwedbankPaySDK-Swift/0.1.0 (compatible; SwedbankPaySDK-iOS/5.0.3)`. (Swedbank Pay's own
    /// 5.0.3 reports `5.0.2`, a version it never bumped.)
    public enum VersionReporter {
        /// The version of this SDK. A test keeps it equal to the `VERSION` file of the repository,
        /// so the reported version is never stale.
        public static let currentVersion = "0.1.0"

        /// The version of Swedbank Pay's iOS SDK whose public API this SDK keeps (see the
        /// migration guide for the differences).
        public static let compatibleVersion = "5.0.3"

        /// `SwedbankPaySDK-Swift/<currentVersion> (compatible; SwedbankPaySDK-iOS/<compatibleVersion>)`.
        public static let userAgent =
            "SwedbankPaySDK-Swift/\(currentVersion) (compatible; SwedbankPaySDK-iOS/\(compatibleVersion))"
    }
}
