import Foundation
import Testing

@testable import SwedbankPaySDK

/// The privacy manifest ships with the library, says the SDK does not track, and declares exactly
/// the required-reason API categories the SDK's sources use (found by a scan of every source file,
/// so a new call cannot go undeclared and a declaration cannot outlive its call).
@Suite struct PrivacyManifestTests {
    /// Apple's required-reason API categories and symbols that stand for them in Swift sources.
    static let requiredReasonAPIs: [String: [String]] = [
        "NSPrivacyAccessedAPICategorySystemBootTime": ["systemUptime", "mach_absolute_time", "kern.boottime"],
        "NSPrivacyAccessedAPICategoryFileTimestamp": [
            "creationDate", "modificationDate", "contentModificationDate", "fileModificationDate", "getattrlist",
            ".attributesOfItem(",
        ],
        "NSPrivacyAccessedAPICategoryDiskSpace": [
            "volumeAvailableCapacity", "systemFreeSize", "statfs(", "statvfs(", "systemSize",
        ],
        "NSPrivacyAccessedAPICategoryActiveKeyboards": ["activeInputModes"],
        "NSPrivacyAccessedAPICategoryUserDefaults": ["UserDefaults"],
    ]

    static func manifest() throws -> [String: Any] {
        let url = try #require(SwedbankPaySDK.PrivacyManifest.url)
        let data = try Data(contentsOf: url)
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    /// The categories the library's sources use.
    static func usedCategories() throws -> Set<String> {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        var used: Set<String> = []
        for library in ["SwedbankPaySDK", "SwedbankPaySDKMerchantBackend"] {
            let directory = root.appendingPathComponent("Sources/\(library)")
            let files = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil))
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                    .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                    .joined(separator: "\n")
                for (category, symbols) in requiredReasonAPIs where symbols.contains(where: text.contains) {
                    used.insert(category)
                }
            }
        }
        return used
    }

    @Test func itShipsAndSaysTheSDKDoesNotTrack() throws {
        let manifest = try Self.manifest()
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
        let collected = try #require(manifest["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
        #expect(collected.allSatisfy { $0["NSPrivacyCollectedDataTypeTracking"] as? Bool == false })
        #expect(
            Set(collected.compactMap { $0["NSPrivacyCollectedDataType"] as? String }) == [
                "NSPrivacyCollectedDataTypePaymentInfo", "NSPrivacyCollectedDataTypePhoneNumber",
                "NSPrivacyCollectedDataTypeProductInteraction", "NSPrivacyCollectedDataTypeOtherDataTypes",
            ])
    }

    @Test func everyRequiredReasonAPIUsedIsDeclaredAndNoOther() throws {
        let declared = try #require(try Self.manifest()["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        let categories = Set(declared.compactMap { $0["NSPrivacyAccessedAPIType"] as? String })
        #expect(categories == (try Self.usedCategories()))
        #expect(categories.contains("NSPrivacyAccessedAPICategorySystemBootTime"))
        for entry in declared {
            #expect((entry["NSPrivacyAccessedAPITypeReasons"] as? [String])?.isEmpty == false)
        }
        let bootTime = declared.first {
            $0["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategorySystemBootTime"
        }
        #expect(bootTime?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["35F9.1"])
    }
}
