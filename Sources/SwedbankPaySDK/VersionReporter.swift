import Foundation

extension SwedbankPaySDK {
    /// Reports which SDK is talking: the version string and the HTTP user agent built from it.
    ///
    /// The user agent is sent as the `User-Agent` header of every Merchant Backend request and is
    /// the default `userAgent` of a ``PaymentOrder``. Backends may key behaviour on it, so it keeps
    /// the form the Swedbank Pay SDK uses: `SwedbankPaySDK-iOS/<version>`.
    public enum VersionReporter {
        /// The version of this SDK. A test keeps it equal to the `VERSION` file of the repository,
        /// so the reported version is never stale.
        public static let currentVersion = "0.1.0"

        /// `SwedbankPaySDK-iOS/<currentVersion>`.
        public static let userAgent = "SwedbankPaySDK-iOS/\(currentVersion)"
    }
}
