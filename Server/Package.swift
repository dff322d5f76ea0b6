// swift-tools-version:6.2
// The server package: the Payment Sandbox (an offline Swedbank Pay) and the `swedbankpay` command
// line tool that runs it; the Merchant Backend and the browser host join it later. It uses the SDK
// package (one directory up) for the wire models, so both sides speak the same JSON.
import PackageDescription

// Our own targets must compile without a warning; dependencies are not held to that. Not
// `unsafeFlags`: SwiftPM refuses those in any package used as a dependency, and ignores this
// setting in a remote one, so a package depending on these targets builds them as usual.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]
// ServerSupport and PaymentSandbox (`Sources/`) are targets of the root package, behind its trait
// `Server`, so that other packages' tests can take the sandbox by URL
// (docs/testing-your-backend.md); this package uses them from there, with the trait on.
let serverSupport: Target.Dependency = .product(name: "ServerSupport", package: "SwedbankPaySDK")
let paymentSandbox: Target.Dependency = .product(name: "PaymentSandbox", package: "SwedbankPaySDK")

let package = Package(
    name: "SwedbankPayServer",
    // macOS 15: swift-configuration's floor (the servers run on Linux; this is for development).
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BrowserHost", targets: ["BrowserHost"]),
        .library(name: "MerchantBackend", targets: ["MerchantBackend"]),
        .library(name: "LocalStack", targets: ["LocalStack"]),
        .executable(name: "swedbankpay", targets: ["swedbankpay"]),
    ],
    dependencies: [
        .package(name: "SwedbankPaySDK", path: "..", traits: ["Server"]),
        // The example app's cross-platform core, tested here against the real backend and sandbox.
        .package(name: "SwedbankPayExample", path: "../Examples/SwedbankPayExample.swiftpm"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", from: "1.6.2"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        // Spans (the backend's requests and its calls to Swedbank Pay) and, behind a flag, their OTLP
        // export. Only the HTTP exporter: the gRPC one would add grpc-swift to every build.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
        // Property-based tests (Swift Testing): generated inputs for the parsers' properties.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // jwt-kit's own crypto; named only so the JWT tests can make RSA key pairs as they run.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        // HTTPS for `serve` and `sandbox` (`--https`): TLS (already under Hummingbird and the HTTP
        // client) and the certificate made at start (already under jwt-kit and swift-nio-ssl).
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
    ],
    targets: [
        .target(
            name: "BrowserHost",
            dependencies: [
                serverSupport,
                .product(name: "SwedbankPaySDK", package: "SwedbankPaySDK"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "MerchantBackend",
            dependencies: [
                serverSupport,
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "SwedbankPaySDK", package: "SwedbankPaySDK"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "OTel", package: "swift-otel"),
            ],
            swiftSettings: strict
        ),
        // The sandbox and a backend started together in one process (serve, demos, benches, tests),
        // and the cluster drill the cluster and compose tests run.
        .target(
            name: "LocalStack",
            dependencies: [
                serverSupport,
                paymentSandbox,
                "MerchantBackend",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "swedbankpay",
            dependencies: [
                serverSupport,
                "LocalStack",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                paymentSandbox,
                "MerchantBackend",
                "BrowserHost",
                .product(name: "SwedbankPaySDK", package: "SwedbankPaySDK"),
                .product(name: "SwedbankPaySDKMerchantBackend", package: "SwedbankPaySDK"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            swiftSettings: strict
        ),
        // The command's own arithmetic (benchmark figures, origins).
        .testTarget(
            name: "CommandTests",
            dependencies: ["swedbankpay"],
            swiftSettings: strict
        ),
        // Properties of the parsers and decision functions that see bytes from outside, checked on
        // generated inputs, and boundary values driven through both servers on loopback.
        // `Properties/` is shared with the fuzz targets (scripts/fuzz compiles it).
        .testTarget(
            name: "PropertyTests",
            dependencies: [
                "MerchantBackend",
                paymentSandbox,
                "LocalStack",
                serverSupport,
                .product(name: "SwedbankPaySDK", package: "SwedbankPaySDK"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PaymentSandboxTests",
            dependencies: [
                "LocalStack",
                paymentSandbox,
                serverSupport,
                .product(name: "SwedbankPaySDK", package: "SwedbankPaySDK"),
                .product(name: "SwedbankPaySDKTesting", package: "SwedbankPaySDK"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MerchantBackendTests",
            dependencies: [
                "MerchantBackend",
                "LocalStack",
                paymentSandbox,
                serverSupport,
                .product(name: "SwedbankPaySDK", package: "SwedbankPaySDK"),
                .product(name: "SwedbankPaySDKMerchantBackend", package: "SwedbankPaySDK"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "NativePaymentTests",
            dependencies: [
                serverSupport,
                paymentSandbox,
                "BrowserHost",
                .product(name: "SwedbankPaySDK", package: "SwedbankPaySDK"),
                .product(name: "SwedbankPaySDKTesting", package: "SwedbankPaySDK"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "BrowserHostTests",
            dependencies: [
                "LocalStack",
                serverSupport,
                "BrowserHost",
                paymentSandbox,
                "MerchantBackend",
                .product(name: "SwedbankPaySDK", package: "SwedbankPaySDK"),
                .product(name: "SwedbankPaySDKMerchantBackend", package: "SwedbankPaySDK"),
                .product(name: "SwedbankPaySDKTesting", package: "SwedbankPaySDK"),
                .product(name: "ExampleCore", package: "SwedbankPayExample"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
