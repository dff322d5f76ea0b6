import AsyncHTTPClient
import Foundation
import SwedbankPaySDKTesting
import Testing

@testable import MerchantBackend

/// Kills `swedbankpay serve` with SIGKILL in the middle of a burst of order creations, starts it
/// again on the same SQLite file, and checks that every order the app was told about is there and
/// that retrying every key creates nothing twice.
@Suite(.timeLimit(.minutes(3))) struct CrashSafetyTests {
    static let workers = 8

    @Test func everyAcknowledgedOrderSurvivesSIGKILLAndNoneIsDuplicated() async throws {
        let executable = try ServeProcess.executable()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let databasePath = directory.appendingPathComponent("orders.sqlite").path
        let client = HTTPClient.shared

        // 1. A burst from several workers, killed once enough orders are acknowledged.
        let first = try await ServeProcess.start(executable, database: databasePath)
        let ledger = Ledger()
        let burst = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<Self.workers {
                    group.addTask {
                        var index = 0
                        while !Task.isCancelled {
                            let key = "w\(worker)-\(index)"
                            index += 1
                            await ledger.attempt(key)
                            guard let answer = try? await first.createOrder(client, key: key) else { return }
                            if answer.status == 201 {
                                await ledger.acknowledge(
                                    key, body: answer.body, location: answer.headers.first(name: "Location"))
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        #expect(await ledger.acknowledgements.wait(for: 40, seconds: 60))
        await first.kill()
        burst.cancel()
        _ = await burst.result
        let acknowledged = await ledger.acknowledged
        let attempted = await ledger.attempted
        #expect(acknowledged.count >= 40)
        // No attempt of the killed process was recorded after this instant.
        let killed = ContinuousClock.now

        // 2. Restarted on the same file: every acknowledged order is there, answered as before.
        let second = try await ServeProcess.start(executable, database: databasePath)
        for (key, entry) in acknowledged {
            let location = try #require(entry.location)
            let status = try await client.answer(.GET, second.backendURL + location, headers: BackendHarness.appHeaders)
            #expect(status.status == 200, "order of \(key) missing after the crash")
            let replay = try await second.createOrder(client, key: key)
            #expect(replay.status == 201)
            #expect(replay.body == entry.body, "key \(key) answered differently after the restart")
        }
        // Every key that was in flight completes on retry once its abandoned attempt is stale: the
        // backend takes a pending creation over when it is older than its Swedbank Pay timeout
        // (1 s here) and the recording margin. One wait until then — a lower bound, which a loaded
        // machine only makes later — and then each key's one retry succeeds.
        let window = Duration.seconds(1 + BackendConfiguration.recordingMargin)
        try await Task.sleep(until: killed + window + .milliseconds(500))
        for key in attempted where acknowledged[key] == nil {
            let answer = try await second.createOrder(client, key: key)
            #expect(answer.status == 201, "key \(key): \(answer.body)")
        }
        await second.terminate()

        // 3. One row per key, all created.
        let database = try await BackendDatabase.open(.sqlite(path: databasePath))
        let orders = try await OrderStore(database: database).all()
        try await database.close()
        let keys = orders.compactMap(\.idempotencyKey)
        #expect(keys.count == Set(keys).count, "a key has two orders")
        #expect(Set(keys) == attempted)
        #expect(orders.allSatisfy { $0.creation == .created })
    }
}

/// What the burst sent and what it was told.
actor Ledger {
    struct Entry: Sendable {
        var body: String
        var location: String?
    }

    private(set) var attempted: Set<String> = []
    private(set) var acknowledged: [String: Entry] = [:]
    /// One arrival per acknowledged order.
    nonisolated let acknowledgements = Arrivals()

    func attempt(_ key: String) { attempted.insert(key) }
    func acknowledge(_ key: String, body: String, location: String?) {
        acknowledged[key] = Entry(body: body, location: location)
        acknowledgements.arrive()
    }
}

/// `swedbankpay serve` as a child process.
struct ServeProcess: Sendable {
    let server: ChildServer
    /// `http://127.0.0.1:<port>` of its sandbox.
    let sandboxURL: String
    var backendURL: String { server.url }

    /// The `swedbankpay` binary beside this test binary (`swift build` makes it).
    static func executable() throws -> URL {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("swedbankpay")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw MissingExecutable(directory: directory.path)
    }

    struct MissingExecutable: Error, CustomStringConvertible {
        let directory: String
        var description: String {
            "swedbankpay is not built next to the tests in \(directory): run `swift build` in Server/ first (scripts/test does)"
        }
    }

    /// Starts `serve` on ports that were free a moment ago; when another socket took one first
    /// and `serve` exits, it is started again on other ports. `options` go after the ports,
    /// database, API key and Swedbank Pay timeout (`timeout` seconds).
    static func start(
        _ executable: URL, database: String, timeout: Int = 1, options: [String] = [],
        environment: [String: String] = [:]
    ) async throws -> ServeProcess {
        for _ in 1...3 {
            let port = try await BackendHarness.freePort()
            let sandboxPort = try await BackendHarness.freePort()
            let arguments =
                [
                    "serve", "--port", "\(port)", "--sandbox-port", "\(sandboxPort)", "--database", database,
                    "--api-keys", BackendHarness.apiKey, "--timeout", "\(timeout)",
                ] + options
            if let server = try await ChildServer.launch(
                executable, arguments, environment: environment, url: "http://127.0.0.1:\(port)",
                readyText: "Merchant Backend listening on http://127.0.0.1:\(port)")
            {
                return ServeProcess(server: server, sandboxURL: "http://127.0.0.1:\(sandboxPort)")
            }
        }
        throw ChildServer.StartTimeout(
            executable: "swedbankpay serve", url: "three pairs of free ports", reason: "each pair was taken")
    }

    func createOrder(_ client: HTTPClient, key: String) async throws -> Answer {
        var headers = BackendHarness.appHeaders
        headers["Idempotency-Key"] = key
        return try await client.answer(
            .POST, backendURL + "/paymentorders", json: BackendHarness.orderJSON(), headers: headers,
            // Past ServeDrainTests' held creation (15 s), with room for a loaded machine.
            timeout: .seconds(60))
    }

    func kill() async { await server.kill() }
    func terminate() async { await server.terminate() }
}
