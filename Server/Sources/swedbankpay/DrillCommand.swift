import ArgumentParser
import Foundation
import LocalStack
import ServerSupport

/// `swedbankpay drill`: the cluster drill (``ClusterDrill``) against a running deployment — apps
/// create, retry, read and pay orders through the load balancer while one instance is killed and
/// started again by the commands given; then checks that no order was lost or duplicated, that
/// every idempotent retry got the first answer and that every paid order is recorded `Paid`.
struct DrillCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drill",
        abstract: "Kills and restarts one backend instance under load and checks that no order was lost or doubled.",
        discussion: """
            The balancer must name the instance that answered in a response header (--instance-header); \
            the cluster's database must hold no other orders (the admin API lists the newest 1,000). \
            Exits 1 when a check fails, naming each.

            Example (the compose test):
              swedbankpay drill --url http://localhost:8080 --sandbox-url http://localhost:8081 \\
                --killed-instance backend-2 --kill 'docker kill project_backend-2_1' \\
                --restart 'docker start project_backend-2_1'
            """
    )

    @Option(help: ArgumentHelp("The load balancer's base URL.", valueName: "url"))
    var url: String

    @Option(help: ArgumentHelp("The sandbox's base URL, where the payer pays.", valueName: "url"))
    var sandboxUrl: String

    @Option(help: ArgumentHelp("What the killed instance's name in the instance header contains.", valueName: "text"))
    var killedInstance: String

    @Option(
        help: ArgumentHelp("A shell command that kills the instance and returns once it exited.", valueName: "command"))
    var kill: String

    @Option(
        help: ArgumentHelp("A shell command that starts it again and returns once it serves.", valueName: "command"))
    var restart: String

    @Option(help: ArgumentHelp("The response header naming the instance.", valueName: "name"))
    var instanceHeader = "X-Cluster-Instance"

    @Option(help: ArgumentHelp("Apps sending at once.", valueName: "count"))
    var workers = 12

    @Option(help: ArgumentHelp("Orders acknowledged before the kill, and in each phase after.", valueName: "count"))
    var ordersPerPhase = 60

    @OptionGroup var sources: ConfigurationSources

    func validate() throws {
        guard (1...256).contains(workers) else { throw ValidationError("--workers must be 1–256") }
        guard (1...300).contains(ordersPerPhase) else {
            throw ValidationError("--orders-per-phase must be 1–300 (the admin API lists 1,000 orders)")
        }
    }

    func run() async throws {
        try await sources.load()
        guard let apiKey = Environment.list(settings.apiKeys.variable).first else {
            throw ValidationError("SWEDBANKPAY_API_KEYS must name an API key of the backends")
        }
        guard let adminKey = Environment.list(settings.adminKeys.variable).first else {
            throw ValidationError("SWEDBANKPAY_ADMIN_KEYS must name an admin key of the backends")
        }
        var target = ClusterDrill.Target(
            balancerURL: Self.trimmed(url), sandboxURL: Self.trimmed(sandboxUrl), apiKey: apiKey,
            sandboxControlToken: Environment.value(settings.controlToken.variable),
            orderJSON: SampleOrder.json(payeeReference: ""))
        target.instanceHeader = instanceHeader
        var drill = ClusterDrill(target: target)
        drill.workers = workers
        drill.ordersPerPhase = ordersPerPhase
        let run = String(UUID().uuidString.prefix(8)).lowercased()
        let (kill, restart) = (kill, restart)
        let result = try await drill.run(
            user: "drill-user-\(run)", run: run, killedInstance: killedInstance,
            kill: {
                Console.line("drill: killing \(killedInstance): \(kill)")
                try await Self.shell(kill)
            },
            restart: {
                Console.line("drill: restarting \(killedInstance): \(restart)")
                try await Self.shell(restart)
            })
        Console.line("drill: " + ClusterDrill.summary(result))
        var problems = drill.problems(result)
        let deliveries = try await drill.deliveredCallbacks()
        let notOnce = result.record.paid.filter { deliveries[$0] != 1 }
        if !notOnce.isEmpty {
            problems.append("\(notOnce.count) paid orders whose callback was not delivered exactly once")
        }
        problems += try await drill.storeProblems(result, adminKey: adminKey)
        guard problems.isEmpty else {
            for problem in problems { Console.line("drill: FAILED: \(problem)") }
            throw ExitCode(1)
        }
        Console.line(
            "drill: passed: \(result.record.acknowledged.count) orders each stored once, every retry answered as the first, "
                + "\(result.record.paid.count) paid orders recorded Paid with one callback each")
    }

    static func trimmed(_ url: String) -> String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    /// Runs `command` with /bin/sh; throws when it exits non-zero.
    static func shell(_ command: String) async throws {
        let child = try ChildProcess.launch(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command],
            environment: ProcessInfo.processInfo.environment,
            standardOutput: FileHandle.standardError, standardError: FileHandle.standardError)
        let status = await child.exitStatus()
        guard status == 0 else { throw CommandFailed(command: command, status: status) }
    }

    struct CommandFailed: Error, CustomStringConvertible {
        let command: String
        let status: Int32
        var description: String { "`\(command)` failed (exit status \(status))" }
    }
}
