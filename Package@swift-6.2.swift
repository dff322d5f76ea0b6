// swift-tools-version:6.2
// The SDK package as Swift 6.2 and later read it (older toolchains read `Package.swift`, the SDK
// alone; SwiftPM picks the newest `Package@swift-X.Y.swift` its version allows). The SDK targets
// below are the same as there, and an app that adds the SDK still resolves nothing else.
//
// Beside them: the Payment Sandbox and what it is made of (`Server/Sources/...`), as products for
// other packages' tests — and for the server package in `Server/`, which takes them from here —
// behind the trait `Server`, off by default. Every dependency of those targets is conditional on the trait, so SwiftPM fetches
// none of them for a package that does not enable it. With the trait off their sources compile to
// nothing: each file is inside `#if Server` (enabled traits are compilation conditions), which
// `scripts/wrap-server-sources` keeps true.
import PackageDescription

// The server targets' dependencies, only with the trait. Their versions are those of
// `Server/Package.swift` (`scripts/wrap-server-sources --check` compares them).
let server: TargetDependencyCondition? = .when(traits: ["Server"])
// Warnings are errors in our own code; SwiftPM drops this setting for a package taken by URL.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "SwedbankPaySDK",
    defaultLocalization: "en",
    // macOS 15: the server targets use Synchronization's `Mutex` (macOS 15, iOS 18); SwiftPM has
    // one floor per package, so the SDK's macOS floor rises with them here. iOS stays at the SDK's
    // own 15: the sandbox is not for iOS.
    platforms: [.iOS(.v15), .macOS(.v15)],
    products: [
        .library(name: "SwedbankPaySDK", targets: ["SwedbankPaySDK"]),
        .library(name: "SwedbankPaySDKMerchantBackend", targets: ["SwedbankPaySDKMerchantBackend"]),
        // Test doubles (stub HTTP client, manual clock) shared by this package's
        // tests and the server package's end-to-end tests. Not for app code.
        .library(name: "SwedbankPaySDKTesting", targets: ["SwedbankPaySDKTesting"]),
        // The Payment Sandbox for other packages' tests: needs the trait `Server`.
        .library(name: "PaymentSandbox", targets: ["PaymentSandbox"]),
        .library(name: "ServerSupport", targets: ["ServerSupport"]),
    ],
    traits: [
        .trait(
            name: "Server",
            description: "The PaymentSandbox and ServerSupport products and their dependencies (Hummingbird, NIO)."
        ),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
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
        // The server package (`Server/`) uses these two with the trait on and tests them.
        .target(
            name: "ServerSupport",
            dependencies: [
                "SwedbankPaySDK",
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "HummingbirdTLS", package: "hummingbird", condition: server),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: server),
                .product(name: "X509", package: "swift-certificates", condition: server),
                .product(name: "SwiftASN1", package: "swift-asn1", condition: server),
                .product(name: "Crypto", package: "swift-crypto", condition: server),
                .product(name: "Logging", package: "swift-log", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
            ],
            path: "Server/Sources/ServerSupport",
            swiftSettings: strict
        ),
        .target(
            name: "PaymentSandbox",
            dependencies: [
                "ServerSupport",
                "SwedbankPaySDK",
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: server),
                .product(name: "Crypto", package: "swift-crypto", condition: server),
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: server),
                .product(name: "Logging", package: "swift-log", condition: server),
            ],
            path: "Server/Sources/PaymentSandbox",
            swiftSettings: strict
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
