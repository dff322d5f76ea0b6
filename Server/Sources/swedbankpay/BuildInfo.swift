import SwedbankPaySDK

/// Which build of `swedbankpay` runs: what `--version` prints and the `build_info` metric's labels.
enum BuildInfo {
    /// The version of this repository (the SDK's, kept equal to `VERSION` by a test).
    static let version = SwedbankPaySDK.VersionReporter.currentVersion

    /// `debug` or `release`: a debug build is many times slower, worth seeing on a dashboard.
    static var configuration: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    static var labels: [(String, String)] { [("version", version), ("configuration", configuration)] }

    /// The `--version` text.
    static var line: String { "\(version) (\(configuration) build)" }
}
