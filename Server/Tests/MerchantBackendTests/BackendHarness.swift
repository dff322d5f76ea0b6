import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import PaymentSandbox
import ServerSupport
import Testing

@testable import MerchantBackend

/// A Payment Sandbox and a Merchant Backend on real loopback sockets, the backend on a fresh
/// database (SQLite in a temporary directory, or PostgreSQL), for end-to-end tests.
struct BackendHarness: Sendable {
    static let apiKey = "test-api-key-123"
    static let user = "user-12345"
    static let merchantToken = "backend-test-merchant-token"
    static let payeeID = "test-payee"
    /// The app schemes the backend redirects to: the OpenAPI example's and the SDK tests'.
    static let appSchemes = ["yourecomapp", "testapp"]

    /// Which database a test runs on.
    enum Engine: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    let sandboxURL: String
    let backendURL: String
    let backendPort: Int
    let backend: MerchantBackend
    let database: BackendDatabase
    let sandbox: PaymentSandbox
    let client: HTTPClient

    /// Runs `body` with a fresh sandbox and backend, then stops both and deletes the database.
    static func run(
        engine: Engine = .sqlite,
        configure: @Sendable (inout BackendConfiguration) -> Void = { _ in },
        swedbankPayURL: String? = nil,
        databaseConnectionsPerEventLoop: Int = 8,
        _ body: @Sendable (BackendHarness) async throws -> Void
    ) async throws {
        let logger = quietLogger
        let (sandbox, sandboxServer, sandboxURL) = try await startSandbox()

        let location = try TestDatabase.location(engine)
        let database: BackendDatabase
        let started: (backend: MerchantBackend, server: RunningServices, port: Int)
        do {
            database = try await BackendDatabase.open(
                location, connectionsPerEventLoop: databaseConnectionsPerEventLoop, logger: logger)
            do {
                started = try await startBackend(database: database, logger: logger) { port in
                    var configuration = BackendConfiguration(
                        swedbankPayBaseURL: URL(string: swedbankPayURL ?? sandboxURL)!,
                        merchantToken: Secret(merchantToken),
                        payeeId: payeeID, publicBaseURL: URL(string: "http://127.0.0.1:\(port)")!,
                        apiKeys: [Secret(apiKey)],
                        trampolineURL: URL(string: "https://ecom.stage.payex.com/externalresourcehost/trampoline")!,
                        iosAppIDs: ["ABCDE12345.com.example.app"], appSchemes: appSchemes, swedbankPayTimeout: 15)
                    configure(&configuration)
                    return configuration
                }
            } catch {
                try? await database.close()
                throw error
            }
        } catch {
            await sandboxServer.stop()
            TestDatabase.remove(location)
            throw error
        }
        let (backend, backendServer, backendPort) = started
        // Redirects are what some tests look at, so they are not followed.
        var clientConfiguration = HTTPClient.Configuration()
        clientConfiguration.redirectConfiguration = .disallow
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
        let harness = BackendHarness(
            sandboxURL: sandboxURL, backendURL: "http://127.0.0.1:\(backendPort)", backendPort: backendPort,
            backend: backend,
            database: database, sandbox: sandbox, client: client)
        var failure: (any Error)?
        do {
            try await body(harness)
        } catch {
            failure = error
        }
        try? await client.shutdown()
        await backendServer.stop()
        await sandboxServer.stop()
        try? await backend.shutdown()
        try? await database.close()
        TestDatabase.remove(location)
        if let failure { throw failure }
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "BackendHarness")
        logger.logLevel = .critical
        return logger
    }

    /// A sandbox on an ephemeral loopback port that knows ``merchantToken`` and retries callbacks
    /// after `callbackRetryDelays` seconds.
    static func startSandbox(
        callbackRetryDelays: [Double] = [0.2, 0.5]
    ) async throws -> (sandbox: PaymentSandbox, server: RunningServices, url: String) {
        let sandbox = PaymentSandbox(
            configuration: SandboxConfiguration(
                merchantTokens: [merchantToken], payeeId: payeeID, swishOtherDeviceApprovalDelay: nil,
                callbackRetryDelays: callbackRetryDelays))
        let (ports, ready) = AsyncStream<Int>.makeStream()
        let app = sandbox.application(host: "127.0.0.1", port: 0, logger: quietLogger) { ready.yield($0) }
        let server = RunningServices([app], logger: quietLogger)
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            await server.stop()
            throw SandboxDidNotStart()
        }
        return (sandbox, server, "http://127.0.0.1:\(port)")
    }

    struct SandboxDidNotStart: Error {}

    /// The headers of an authenticated app call.
    static var appHeaders: [String: String] {
        ["x-payex-sample-apikey": apiKey, "x-payex-sample-access-token": user]
    }

    /// Sends a request to the backend (`path` starts with `/`) and collects the answer.
    func send(
        _ method: HTTPMethod, _ path: String, json: String? = nil, headers: [String: String] = BackendHarness.appHeaders
    ) async throws -> Answer {
        try await client.answer(method, backendURL + path, json: json, headers: headers)
    }

    /// Creates a v3 payment order through the backend; returns the answer's JSON.
    func createOrder(
        payerReference: String? = nil, key: String? = nil, user: String = BackendHarness.user
    ) async throws -> Answer {
        var headers = Self.appHeaders
        headers["x-payex-sample-access-token"] = user
        if let key { headers["Idempotency-Key"] = key }
        return try await send(
            .POST, "/paymentorders", json: Self.orderJSON(payerReference: payerReference), headers: headers)
    }

    static func orderJSON(payerReference: String? = nil, amount: Int = 1500, version3: Bool = true) -> String {
        let payer = payerReference.map { ",\"payer\":{\"payerReference\":\"\($0)\"}" } ?? ""
        let product = version3 ? "\"productName\":\"Checkout3\"," : ""
        return """
            {"paymentorder":{"operation":"Purchase",\(product)"currency":"SEK","amount":\(amount),"vatAmount":375,\
            "description":"Test Purchase","userAgent":"SwedbankPaySDK-iOS/0.1.0","language":"sv-SE",\
            "generatePaymentToken":\(payerReference != nil),\
            "urls":{"hostUrls":["https://example.com"],"completeUrl":"https://example.com/complete",\
            "cancelUrl":"https://example.com/cancel"},"payeeInfo":{"payeeId":"","payeeReference":""}\(payer)}}
            """
    }

    /// Starts a backend on a port that was free a moment ago. Another socket (often an outgoing
    /// connection of a test running beside this one) may take that port before the backend binds
    /// it, so a failed start is cleaned up — its HTTP client shut down — and tried on another port.
    private static func startBackend(
        database: BackendDatabase, logger: Logger, configuration: (Int) throws -> BackendConfiguration
    ) async throws -> (backend: MerchantBackend, server: RunningServices, port: Int) {
        let attempts = 5
        for _ in 1...attempts {
            let port = try await freePort()
            let backend = try MerchantBackend(configuration: configuration(port), database: database)
            let (ports, ready) = AsyncStream<Int>.makeStream()
            let app = backend.application(host: "127.0.0.1", port: port, logger: logger) { ready.yield($0) }
            let server = RunningServices([app], logger: logger)
            // A server that fails to bind ends without calling back: end the wait then too.
            Task {
                await server.waitUntilStopped()
                ready.finish()
            }
            var iterator = ports.makeAsyncIterator()
            if await iterator.next() != nil { return (backend, server, port) }
            await server.stop()
            try? await backend.shutdown()
        }
        throw BackendDidNotStart(attempts: attempts)
    }

    struct BackendDidNotStart: Error, CustomStringConvertible {
        let attempts: Int
        var description: String { "the backend did not start on any of \(attempts) free ports" }
    }

    /// Runs `body` with a loopback port that refuses connections for as long as it runs: a socket
    /// is bound to it without listening, so nothing else (not even this test's own sandbox, which
    /// takes an ephemeral port) can take it, and a connection gets RST at once.
    static func withRefusingPort<T: Sendable>(_ body: (Int) async throws -> T) async throws -> T {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        var boundLength = length
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &boundLength) }
        }
        return try await body(Int(UInt16(bigEndian: address.sin_port)))
    }

    static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }
}

/// An HTTP answer as tests look at it.
struct Answer: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: String

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }

    var contentType: String? { headers.first(name: "Content-Type") }
}

extension HTTPClient {
    func answer(
        _ method: HTTPMethod, _ url: String, json: String? = nil, headers: [String: String] = [:],
        timeout: TimeAmount = .seconds(20)
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        let response = try await execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: 4 << 20)
        return Answer(status: Int(response.status.code), headers: response.headers, body: String(buffer: body))
    }
}

/// The databases tests run on. SQLite always works; PostgreSQL needs a server, named by
/// `SWEDBANKPAY_TEST_DATABASE_URL` (`scripts/test` starts a throw-away cluster and sets it). Each
/// test gets its own SQLite file or its own PostgreSQL schema-less database... see ``location(_:)``.
enum TestDatabase {
    static let postgresVariable = "SWEDBANKPAY_TEST_DATABASE_URL"

    /// Whether PostgreSQL tests can run. On CI (`CI=true`) a missing server is a failure, never a skip.
    static var postgresAvailable: Bool {
        ProcessInfo.processInfo.environment[postgresVariable] != nil
            || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    static var engines: [BackendHarness.Engine] {
        postgresAvailable ? [.sqlite, .postgres] : [.sqlite]
    }

    static func location(_ engine: BackendHarness.Engine) throws -> DatabaseLocation {
        switch engine {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "backend-test-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return .sqlite(path: directory.appendingPathComponent("orders.sqlite").path)
        case .postgres:
            guard let url = ProcessInfo.processInfo.environment[postgresVariable] else {
                throw PostgresMissing()
            }
            return .postgres(url: url)
        }
    }

    static func remove(_ location: DatabaseLocation) {
        if case .sqlite(let path) = location {
            try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
    }

    struct PostgresMissing: Error, CustomStringConvertible {
        var description: String {
            "PostgreSQL tests need \(TestDatabase.postgresVariable)=postgres://…; scripts/test starts a throw-away cluster and sets it"
        }
    }
}
