// swift-tools-version:6.0
// The example app: a SwiftUI app package (open it in Xcode; Swift Playgrounds cannot, because the
// SDK is a dependency by a relative path into this repository) that pays through
// `swedbankpay serve` with the SDK's web and native flows.
//
// Its logic is the `ExampleCore` library, cross-platform, which the repository's test command
// compiles and tests on Linux against the real backend and sandbox. The views (`App/`) are the
// iOS app and build only where Apple's app product type exists (Xcode).
import PackageDescription

#if canImport(AppleProductTypes)
    import AppleProductTypes
#endif

var products: [Product] = [.library(name: "ExampleCore", targets: ["ExampleCore"])]
var targets: [Target] = [
    .target(
        name: "ExampleCore",
        dependencies: [
            .product(name: "SwedbankPaySDK", package: "SwedbankPaySDK"),
            .product(name: "SwedbankPaySDKMerchantBackend", package: "SwedbankPaySDK"),
        ],
        path: "Core"
    )
]

#if canImport(AppleProductTypes)
    products.append(
        .iOSApplication(
            name: "SwedbankPayExample",
            targets: ["AppModule"],
            bundleIdentifier: "com.swedbankpay.example",
            teamIdentifier: "",
            displayVersion: "1.0",
            bundleVersion: "1",
            appIcon: .placeholder(icon: .box),
            accentColor: .presetColor(.blue),
            supportedDeviceFamilies: [.pad, .phone],
            supportedInterfaceOrientations: [.portrait, .landscapeLeft, .landscapeRight],
            // No capabilities: `.outgoingNetworkConnections()` is the macOS App Sandbox's
            // network-client entitlement, which an iOS app does not need to make connections.
            // The URL scheme and the local-network exception. Entitlements (associated domains,
            // Apple Pay) cannot be declared here: an Xcode project signs with
            // Config/SwedbankPayExample.entitlements. The README says what a team changes.
            additionalInfoPlistContentFilePath: "Config/AdditionalInfo.plist"
        ))
    targets.append(.executableTarget(name: "AppModule", dependencies: ["ExampleCore"], path: "App"))
#endif

let package = Package(
    name: "SwedbankPayExample",
    platforms: [.iOS("17.0"), .macOS("14.0")],
    products: products,
    dependencies: [.package(name: "SwedbankPaySDK", path: "../..")],
    targets: targets,
    swiftLanguageModes: [.v6]
)
