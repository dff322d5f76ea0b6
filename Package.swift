// swift-tools-version:6.0
// The SDK package. It has no third-party dependencies on purpose: an iOS app
// that adds it resolves nothing else. The servers live in `Server/`.
import PackageDescription

let package = Package(
    name: "SwedbankPaySDK",
    defaultLocalization: "en",
    platforms: [.iOS(.v15), .macOS(.v12)],
    products: [
        .library(name: "SwedbankPaySDK", targets: ["SwedbankPaySDK"]),
        .library(name: "SwedbankPaySDKMerchantBackend", targets: ["SwedbankPaySDKMerchantBackend"]),
        // Test doubles (stub HTTP client, manual clock) shared by this package's
        // tests and the server package's end-to-end tests. Not for app code.
        .library(name: "SwedbankPaySDKTesting", targets: ["SwedbankPaySDKTesting"]),
    ],
    targets: [
        // The privacy manifest ships with the library (Apple requires it of SDKs), and the
        // payer's text in 13 languages (`<language>.lproj/Localizable.strings`).
        .target(
            name: "SwedbankPaySDK",
            resources: [.copy("Resources/PrivacyInfo.xcprivacy"), .process("Resources/Localizable")]
        ),
        .target(name: "SwedbankPaySDKMerchantBackend", dependencies: ["SwedbankPaySDK"]),
        .target(name: "SwedbankPaySDKTesting", dependencies: ["SwedbankPaySDK"]),
        .testTarget(
            name: "SwedbankPaySDKTests",
            dependencies: ["SwedbankPaySDK", "SwedbankPaySDKTesting"]
        ),
        .testTarget(
            name: "SwedbankPaySDKMerchantBackendTests",
            dependencies: ["SwedbankPaySDK", "SwedbankPaySDKMerchantBackend", "SwedbankPaySDKTesting"]
        ),
        // The UIKit, WebKit and PassKit adapters in the real frameworks: Apple-only files that
        // the Apple workflow runs in the iOS Simulator; elsewhere they compile to nothing.
        .testTarget(name: "SwedbankPaySDKAppleTests", dependencies: ["SwedbankPaySDK"]),
        // App-side code written against the original SDK 5.0.3, compiled as apps compile it
        // (Swift 5 language mode, no @testable): proves source compatibility.
        .testTarget(
            name: "Compat503Tests",
            dependencies: ["SwedbankPaySDK", "SwedbankPaySDKMerchantBackend", "SwedbankPaySDKTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The DocC plugin only when documentation is built with it — `swift package generate-documentation`
// with SWEDBANKPAY_DOCC set, or the Swift Package Index (SPI_GENERATE_DOCS); `scripts/build-docs`
// runs DocC itself. An app that adds this package resolves nothing else.
if Context.environment["SWEDBANKPAY_DOCC"] != nil || Context.environment["SPI_GENERATE_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}
