import Foundation
import Testing

@testable import SwedbankPaySDK

@Suite struct VersionReporterTests {
    @Test func theReportedVersionIsTheRepositorysVersion() throws {
        let versionFile = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("VERSION")
        let version = try String(contentsOf: versionFile, encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(SwedbankPaySDK.VersionReporter.currentVersion == version)
        #expect(
            SwedbankPaySDK.VersionReporter.userAgent
                == "SwedbankPaySDK-Swift/\(version) (compatible; SwedbankPaySDK-iOS/5.0.3)")
    }
}
