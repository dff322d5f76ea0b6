import AsyncHTTPClient
import Foundation
import Hummingbird
import LocalStack
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import PaymentSandbox
import ServerSupport
import SwedbankPaySDK
import Synchronization
import Testing
import Tracing

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

    /// Runs `body` with a fresh sandbox and backend (``LocalStack``), both logging to `logger` and
    /// serving HTTPS with `tls` (the harness's own client does not trust it), then stops both and
    /// deletes the database. `sandboxNamesItsPort` is ``LocalStack/Plan``'s (off: the sandbox's
    /// hrefs follow each request's `Host`).
    static func run(
        engine: Engine = .sqlite,
        configure: @escaping @Sendable (inout BackendConfiguration) -> Void = { _ in },
        sandbox configureSandbox: (inout SandboxConfiguration) -> Void = { _ in },
        swedbankPayURL: String? = nil,
        databaseConnectionsPerEventLoop: Int = 8,
        tracer: (any Tracer)? = nil,
        ownDatabase: Bool = false,
        tls: TLSIdentity? = nil,
        sandboxNamesItsPort: Bool = false,
        logger: Logger = BackendHarness.quietLogger,
        _ body: @Sendable (BackendHarness) async throws -> Void
    ) async throws {
        let own = ownDatabase ? try await TestDatabase.OwnDatabase.make(engine) : nil
        let location = try own?.location ?? TestDatabase.location(engine)
        var sandbox = sandboxConfiguration()
        configureSandbox(&sandbox)
        var plan = LocalStack.Plan(sandbox: sandbox, sandboxNamesItsPort: sandboxNamesItsPort, tls: tls, logger: logger)
        let scheme = tls == nil ? "http" : "https"
        plan.backend = LocalStack.BackendPlan(
            database: location, connectionsPerEventLoop: databaseConnectionsPerEventLoop, tracer: tracer
        ) { sandboxURL, port in
            var configuration = BackendConfiguration(
                swedbankPayBaseURL: URL(string: swedbankPayURL ?? sandboxURL.absoluteString)!,
                merchantToken: Secret(merchantToken),
                payeeId: payeeID, publicBaseURL: URL(string: "\(scheme)://127.0.0.1:\(port)")!,
                apiKeys: [Secret(apiKey)],
                trampolineURL: URL(string: "https://ecom.stage.payex.com/externalresourcehost/trampoline")!,
                iosAppIDs: ["ABCDE12345.com.example.app"], appSchemes: appSchemes, swedbankPayTimeout: 15)
            configure(&configuration)
            return configuration
        }
        let stack: LocalStack
        do {
            stack = try await LocalStack.start(plan)
        } catch {
            TestDatabase.remove(location)
            await own?.remove()
            throw error
        }
        guard let backend = stack.backend, let database = stack.database, let backendURL = stack.backendURL else {
            await stack.stop()
            TestDatabase.remove(location)
            await own?.remove()
            throw LocalStack.StartFailure(description: "the stack has no backend")
        }
        // Redirects are what some tests look at, so they are not followed.
        var clientConfiguration = HTTPClient.Configuration()
        clientConfiguration.redirectConfiguration = .disallow
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
        let harness = BackendHarness(
            sandboxURL: stack.sandboxURL.absoluteString, backendURL: backendURL.absoluteString,
            backendPort: backendURL.port ?? 0, backend: backend, database: database, sandbox: stack.sandbox,
            client: client)
        var failure: (any Error)?
        do {
            try await body(harness)
        } catch {
            failure = error
        }
        try? await client.shutdown()
        await stack.stop()
        TestDatabase.remove(location)
        await own?.remove()
        if let failure { throw failure }
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "BackendHarness")
        logger.logLevel = .critical
        return logger
    }

    /// The sandbox of these tests: it knows ``merchantToken`` and retries callbacks after
    /// `callbackRetryDelays` seconds.
    static func sandboxConfiguration(callbackRetryDelays: [Double] = [0.2, 0.5]) -> SandboxConfiguration {
        SandboxConfiguration(
            merchantTokens: [merchantToken], payeeId: payeeID, swishOtherDeviceApprovalDelay: nil,
            callbackRetryDelays: callbackRetryDelays)
    }

    /// The sandbox alone, on an ephemeral loopback port, for backends started as processes.
    static func startSandbox(callbackRetryDelays: [Double] = [0.2, 0.5]) async throws -> LocalStack {
        try await LocalStack.start(
            LocalStack.Plan(
                sandbox: sandboxConfiguration(callbackRetryDelays: callbackRetryDelays), sandboxNamesItsPort: false,
                logger: quietLogger))
    }

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
        return try await createOrder(payerReference: payerReference, key: key, headers: headers)
    }

    /// Creates a v3 payment order with the given app headers.
    func createOrder(payerReference: String?, key: String? = nil, headers: [String: String]) async throws -> Answer {
        var headers = headers
        if let key { headers["Idempotency-Key"] = key }
        return try await send(
            .POST, "/paymentorders", json: Self.orderJSON(payerReference: payerReference), headers: headers)
    }

    /// `payerReference` is written as a JSON string literal, any character escaped as JSON needs.
    static func orderJSON(payerReference: String? = nil, amount: Int = 1500, version3: Bool = true) -> String {
        let payer = payerReference.map { ",\"payer\":{\"payerReference\":\(jsonString($0))}" } ?? ""
        let product = version3 ? "\"productName\":\"Checkout3\"," : ""
        return """
            {"paymentorder":{"operation":"Purchase",\(product)"currency":"SEK","amount":\(amount),"vatAmount":375,\
            "description":"Test Purchase","userAgent":"SwedbankPaySDK-iOS/0.1.0","language":"sv-SE",\
            "generatePaymentToken":\(payerReference != nil),\
            "urls":{"hostUrls":["https://example.com"],"completeUrl":"https://example.com/complete",\
            "cancelUrl":"https://example.com/cancel"},"payeeInfo":{"payeeId":"","payeeReference":""}\(payer)}}
            """
    }

    /// `text` as a JSON string literal.
    static func jsonString(_ text: String) -> String {
        SwedbankPaySDK.JSONValue.string(text).jsonText
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

    /// A port for a child process (a backend, nginx) to listen on once it has started.
    ///
    /// Chosen below the kernel's ephemeral range, from which every outgoing connection takes its
    /// local port: a port of that range, free when checked, can be taken by any other test's
    /// connection before the child binds it (a full run saw nginx fail with `bind() … Address
    /// already in use`). No port is handed out twice in one test process.
    static func freePort() async throws -> Int {
        let upperBound = ephemeralRangeStart()
        for _ in 0..<100 {
            let port = Int.random(in: 10_000..<upperBound)
            guard handedOutPorts.withLock({ $0.insert(port).inserted }) else { continue }
            guard
                let channel = try? await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                    .bind(host: "127.0.0.1", port: port).get()
            else { continue }
            try await channel.close()
            return port
        }
        throw POSIXError(.EADDRINUSE)
    }

    private static let handedOutPorts = Mutex<Set<Int>>([])

    /// The first port of the kernel's ephemeral range (Linux's default where it cannot be read;
    /// macOS's starts higher still).
    private static func ephemeralRangeStart() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8),
            let first = text.split(whereSeparator: \.isWhitespace).first, let start = Int(first), start > 11_000
        else { return 32_768 }
        return start
    }
}

/// An HTTP answer as tests look at it.
/// A whole answer (LocalStack's `HTTPClient.answer`, the one plain HTTP call of the tests).
typealias Answer = HTTPAnswer

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

    /// A database no other test uses: on PostgreSQL a scratch database on the test server (the
    /// other tests share one), on SQLite the usual fresh file.
    struct OwnDatabase: Sendable {
        let location: DatabaseLocation
        let scratch: ScratchDatabase?

        static func make(_ engine: BackendHarness.Engine) async throws -> OwnDatabase {
            let location = try TestDatabase.location(engine)
            guard case .postgres(let serverURL) = location else { return OwnDatabase(location: location, scratch: nil) }
            let scratch = try await ScratchDatabase.create(onServerOf: serverURL, prefix: "own_test")
            return OwnDatabase(location: scratch.location, scratch: scratch)
        }

        /// Drops the scratch database (its connections closed first); SQLite files go with
        /// ``TestDatabase/remove(_:)``.
        func remove() async {
            try? await scratch?.drop()
        }
    }

    struct PostgresMissing: Error, CustomStringConvertible {
        var description: String {
            "PostgreSQL tests need \(TestDatabase.postgresVariable)=postgres://…; scripts/test starts a throw-away cluster and sets it"
        }
    }
}

extension BackendDatabase {
    /// The schema versions recorded as applied, in order.
    func appliedSchemaVersions() async throws -> [Int] {
        try await sql.raw("SELECT version FROM schema_migrations ORDER BY version").all()
            .map { try $0.decode(column: "version", as: Int.self) }
    }
}
