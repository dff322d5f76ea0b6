import AsyncHTTPClient
import Foundation
import LocalStack
import SwedbankPaySDKTesting
import Testing

@testable import MerchantBackend

/// The deployment of docs/deployment.md on loopback: three `swedbankpay backend` processes on one
/// fresh PostgreSQL database, behind nginx with the location block the containers use, against
/// one sandbox. Apps create orders (with and without `Idempotency-Key`, each keyed one sent twice
/// so the retry lands on another instance), read them, and get paid (the sandbox's callbacks go
/// through nginx); one instance is killed with SIGKILL in the middle and started again.
@Suite(.timeLimit(.minutes(3)), .enabled(if: TestDatabase.postgresAvailable))
struct ClusterTests {
    static let instances = 3
    static let workers = 12
    /// Orders acknowledged with all instances up, then with one killed, then after its restart.
    static let ordersPerPhase = 60

    @Test func everyOrderOnceEveryRetryTheSameEveryCallbackAppliedThroughAKill() async throws {
        let executable = try ServeProcess.executable()
        _ = try NginxBalancer.executable()
        let run = String(UUID().uuidString.prefix(8)).lowercased()
        let databaseURL = try await ClusterDatabase.create()
        let sandbox = try await BackendHarness.startSandbox(callbackRetryDelays: [0.2, 0.5, 1, 2, 4])
        let logs = FileManager.default.temporaryDirectory.appendingPathComponent("cluster-\(run)")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        var ports: [Int] = []
        for _ in 0..<Self.instances { ports.append(try await BackendHarness.freePort()) }
        let balancerPort = try await BackendHarness.freePort()
        let cluster = Cluster(
            executable: executable, ports: ports, databaseURL: databaseURL,
            sandboxURL: sandbox.sandboxURL.absoluteString,
            publicURL: "http://127.0.0.1:\(balancerPort)", logs: logs)

        var instances: [Int: ChildServer] = [:]
        var balancer: NginxBalancer?
        var failure: (any Error)?
        do {
            // All at once on an empty database: the migrations run once, under the advisory lock.
            try await withThrowingTaskGroup(of: (Int, ChildServer).self) { group in
                for index in 0..<Self.instances {
                    group.addTask { (index, try await cluster.startInstance(index)) }
                }
                for try await (index, server) in group { instances[index] = server }
            }
            let nginx = try await NginxBalancer.start(port: balancerPort, upstreamPorts: ports)
            balancer = nginx
            try await exercise(
                cluster, nginx: nginx, sandbox: sandbox, run: run, instances: &instances)
        } catch {
            failure = error
        }
        await balancer?.stop()
        for server in instances.values { await server.terminate() }
        await sandbox.stop()
        if failure == nil { try? FileManager.default.removeItem(at: logs) }
        if let failure { throw failure }
    }

    private func exercise(
        _ cluster: Cluster, nginx: NginxBalancer, sandbox: LocalStack, run: String,
        instances: inout [Int: ChildServer]
    ) async throws {
        let user = "cluster-user-\(run)"
        var drill = ClusterDrill(
            target: ClusterDrill.Target(
                balancerURL: nginx.url, sandboxURL: sandbox.sandboxURL.absoluteString, apiKey: BackendHarness.apiKey,
                orderJSON: BackendHarness.orderJSON()))
        drill.workers = Self.workers
        drill.ordersPerPhase = Self.ordersPerPhase
        let killed = 1
        let current = Instances(instances)
        let result: ClusterDrill.Result
        do {
            result = try await drill.run(
                user: user, run: run, killedInstance: "127.0.0.1:\(cluster.ports[killed])",
                // `kill()` returns once the process has exited.
                kill: { await current.get(killed)?.kill() },
                restart: { await current.set(killed, try await cluster.startInstance(killed)) })
        } catch {
            instances = await current.all
            throw error
        }
        instances = await current.all
        print("cluster: " + ClusterDrill.summary(result))
        #expect(drill.problems(result) == [])

        // Every acknowledged order exactly once in the one database; every key once.
        let outcome = result.record
        let database = try await BackendDatabase.open(.postgres(url: cluster.databaseURL), connectionsPerEventLoop: 2)
        do {
            let orders = try await OrderStore(database: database).all().filter { $0.userID == user }
            let ids = orders.map(\.id)
            #expect(ids.count == Set(ids).count)
            for acknowledged in outcome.acknowledged {
                #expect(orders.filter { $0.id == acknowledged.orderID }.count == 1, "order \(acknowledged.orderID)")
            }
            let keys = orders.compactMap(\.idempotencyKey)
            #expect(keys.count == Set(keys).count, "a key has two orders")
            #expect(try await database.appliedSchemaVersions() == Migrations.all.map(\.version))

            // Every callback delivered once and applied: the order is Paid in the database.
            let paid = outcome.paid
            await sandbox.sandbox.callbacksSettled()
            let deliveries = try await drill.deliveredCallbacks()
            for pspID in paid {
                #expect(deliveries[pspID] == 1, "callback of \(pspID) delivered \(deliveries[pspID] ?? 0) times")
            }
            let statuses = try await ClusterDatabase.statuses(
                of: paid, in: database, instances: Array(instances.values))
            #expect(statuses.filter { $0.value != "Paid" } == [:], "orders paid at the sandbox but not recorded so")
        } catch {
            try? await database.close()
            throw error
        }
        try await database.close()
    }
}

/// The running instances, changed by the drill's restart.
actor Instances {
    private(set) var all: [Int: ChildServer]
    init(_ all: [Int: ChildServer]) { self.all = all }
    func get(_ index: Int) -> ChildServer? { all[index] }
    func set(_ index: Int, _ server: ChildServer) { all[index] = server }
}

/// What the cluster test starts its instances with: the flags of docs/deployment.md.
struct Cluster: Sendable {
    let executable: URL
    let ports: [Int]
    let databaseURL: String
    let sandboxURL: String
    let publicURL: String
    let logs: URL

    func startInstance(_ index: Int) async throws -> ChildServer {
        let port = ports[index]
        let arguments = [
            "backend", "--host", "127.0.0.1", "--port", "\(port)", "--database-url", databaseURL,
            "--swedbank-pay-url", sandboxURL, "--payee-id", BackendHarness.payeeID, "--public-url", publicURL,
            "--api-keys", BackendHarness.apiKey, "--log-format", "json",
            // The drill's one app user makes every order.
            "--max-orders-per-user", "0",
        ]
        let log = logs.appendingPathComponent("backend-\(index).log")
        // The token as a container secret is given: a file named by the environment.
        let tokenFile = logs.appendingPathComponent("merchant_token")
        try (BackendHarness.merchantToken + "\n").write(to: tokenFile, atomically: true, encoding: .utf8)
        guard
            let server = try await ChildServer.launch(
                executable, arguments, environment: ["SWEDBANKPAY_MERCHANT_TOKEN_FILE": tokenFile.path],
                url: "http://127.0.0.1:\(port)", readyText: "Merchant Backend listening on http://127.0.0.1:\(port)",
                log: log)
        else {
            throw InstanceExited(index: index, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
        return server
    }

    struct InstanceExited: Error, CustomStringConvertible {
        let index: Int
        let output: String
        var description: String { "backend instance \(index) exited at start: \(output)" }
    }
}

/// The cluster's own database on the test server, and what the test reads from it.
enum ClusterDatabase {
    /// Creates a database of the cluster's own on the server of `SWEDBANKPAY_TEST_DATABASE_URL`;
    /// returns its URL.
    static func create() async throws -> String {
        guard case .postgres(let serverURL) = try TestDatabase.location(.postgres),
            case .postgres(let url) = try await ScratchDatabase.create(onServerOf: serverURL, prefix: "cluster")
                .location
        else { throw TestDatabase.PostgresMissing() }
        return url
    }

    /// The recorded status of each order whose Swedbank Pay id is in `pspIDs`, once every one is
    /// `Paid` or 45 seconds passed. The backend records a callback's news after answering it, in
    /// another process, and then writes the line "Callback verified" with the order and its
    /// status: an order not yet recorded `Paid` is awaited as that line in any running instance's
    /// output, and the table is read once more at the end.
    static func statuses(
        of pspIDs: [String], in database: BackendDatabase, instances: [ChildServer]
    ) async throws -> [String: String] {
        let store = OrderStore(database: database)
        // A callback answered by the killed instance, or whose read failed under the burst, is
        // verified again by any instance once it is 15 seconds old (checked every 15 seconds).
        for pspID in pspIDs {
            guard try await store.find(pspID: pspID)?.status?.rawValue != "Paid" else { continue }
            _ = await firstLine(in: instances, within: 45) { line in
                line.contains("Callback verified") && line.contains(pspID) && line.contains("Paid")
            }
        }
        var statuses: [String: String] = [:]
        for pspID in pspIDs { statuses[pspID] = try await store.find(pspID: pspID)?.status?.rawValue ?? "missing" }
        return statuses
    }

    /// The first line matching `condition` in any of `instances`' output (what they wrote before
    /// too), or nil after `seconds`. The waits on the other instances end at their own deadline.
    static func firstLine(
        in instances: [ChildServer], within seconds: Double, where condition: @escaping @Sendable (String) -> Bool
    ) async -> String? {
        let found = Arrivals()
        let line = FoundLine()
        for instance in instances {
            Task {
                let event = await instance.output.events.first(
                    where: { if case .line(let text) = $0 { condition(text) } else { false } }, within: seconds)
                if case .line(let text) = event { await line.offer(text) }
                found.arrive()
            }
        }
        // Every wait ends (found, or at its deadline); the first that found a line ends this one.
        for count in 1...max(instances.count, 1) {
            _ = await found.wait(for: count, seconds: seconds + 5)
            if let text = await line.text { return text }
        }
        return nil
    }

    /// The first line any instance's wait found.
    actor FoundLine {
        private(set) var text: String?
        func offer(_ line: String) { text = text ?? line }
    }
}
