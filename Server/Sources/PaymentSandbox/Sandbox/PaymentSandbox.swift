#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ServerSupport
import SwedbankPaySDK

/// An offline, stateful stand-in for the Swedbank Pay API: payment orders, consumers, payer
/// tokens, payment sessions, 3-D Secure and Swish simulators, and a control API for tests.
///
/// Use it in-process (``router()`` with HummingbirdTesting, or ``application(host:port:)``) or
/// run it with `swedbankpay sandbox`.
public final class PaymentSandbox: Sendable {
    /// The configuration it was made with.
    public let configuration: SandboxConfiguration
    let services: SandboxServices
    let modules: [any SandboxModule]
    /// The request log and fault rules, shared by the control routes and their middleware.
    let control: SandboxControl
    /// Whether `/readyz` says to send this sandbox work, and which requests a drain waits for:
    /// `swedbankpay sandbox` drains it when a graceful shutdown begins (``DrainPhase``'s rule), and
    /// `swedbankpay serve` with its backend's.
    public let drainGate = DrainGate()

    /// `clock` paces everything; `epoch` is the wall time at its current reading (nil: the
    /// system's), from which every timestamp the sandbox writes is derived.
    public init(
        configuration: SandboxConfiguration = SandboxConfiguration(),
        clock: any SwedbankPaySDK.Clock = SwedbankPaySDK.SystemClock(), epoch: Date? = nil
    ) {
        self.configuration = configuration
        // The only reading of the system's wall clock: everything else is derived from `clock`.
        let time = SandboxTime(clock: clock, epoch: epoch ?? Date())
        let services = SandboxServices(
            configuration: configuration,
            ids: IDGenerator(seed: configuration.seed),
            clock: clock,
            time: time,
            store: SandboxStore(configuration: configuration, time: time),
            callbacks: CallbackDispatcher(configuration: configuration, time: time),
            settings: SandboxSettings(configuration: configuration)
        )
        self.services = services
        let control = SandboxControl(configuration: configuration)
        self.control = control
        modules = [
            ControlRoutes(services: services, control: control),
            TrampolineRoutes(services: services),
            ConsumerRoutes(services: services),
            PaymentOrderRoutes(services: services),
            PayerTokenRoutes(services: services),
            CallbackRoutes(services: services),
            PaymentOrderControlRoutes(services: services),
            PaymentSessionRoutes(services: services),
            HostedViewRoutes(services: services),
            HealthRoutes(drain: drainGate),
            StorageRoutes(services: services, control: control),
        ]
        // `POST /sandbox/reset` resets everything, the module that serves it included.
        control.onReset { [weak self] in await self?.reset() }
        control.onAccounts { [weak self] in await self?.storeAccounts() ?? [] }
    }

    /// The router with every route of the sandbox.
    public func router() -> Router<SandboxRequestContext> {
        let router = Router(context: SandboxRequestContext.self)
        // Outermost first: the drain counts every request from its start to its answer, the log sees the final status and any fault, faults come before
        // problem mapping and authentication, and the body limit covers routes that never read.
        router.add(middleware: DrainMiddleware(gate: drainGate))
        router.add(middleware: RequestLogMiddleware(log: control.requestLog, time: services.time))
        router.add(
            middleware: FaultMiddleware(faults: control.faults, delays: control.delays, applied: control.faultsApplied))
        router.add(middleware: ProblemMiddleware(SandboxProblem.self))
        router.add(middleware: BodyLimitMiddleware(limit: configuration.maxRequestBodyBytes))
        let merchant = router.group().add(middleware: BearerAuthMiddleware(tokens: configuration.merchantTokens))
        for module in modules {
            module.register(merchant: merchant, open: router)
        }
        return router
    }

    /// The port a sandbox listens on unless told otherwise (`swedbankpay sandbox --port`,
    /// `swedbankpay serve --sandbox-port`).
    public static let defaultPort = 8081

    /// An application serving the sandbox on `host:port` (port 0 picks a free one), its
    /// connections bounded by `connections` (timeouts and a connection limit), over HTTPS when the
    /// configuration has a ``SandboxConfiguration/tls`` identity (TLS wraps the guarded channel,
    /// so the same bounds hold).
    public func application(
        host: String = "127.0.0.1", port: Int = PaymentSandbox.defaultPort, connections: ConnectionLimits = ConnectionLimits(),
        logger: Logger = Logger(label: "PaymentSandbox"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let served = ServerConnections(limits: connections)
        // Carries out `reset` and `hang` faults on the connection itself.
        let http1 = served.http1(problems: SandboxProblem.self, additionalChannelHandlers: [ConnectionFaultHandler()])
        return Application(
            router: router(),
            server: try configuration.tls?.server(http1) ?? http1,
            // A burst of new connections (a sales spike, a load balancer opening its pool) must
            // not overflow the accept queue: Hummingbird's default of 256 resets the rest.
            configuration: .init(
                address: .hostname(host, port: port), serverName: "PaymentSandbox", backlog: 4_096,
                availableConnectionsDelegate: served.acceptance),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }

    /// Every store's byte account (``StoreAccount``), as `GET /sandbox/storage` lists them: each
    /// within its budget (``SandboxConfiguration/storeBudgets``).
    public func storeAccounts() async -> [StoreAccount] {
        var accounts = await services.store.accounts()
        for module in modules {
            accounts += await module.accounts()
        }
        let requests = control.requestLog
        accounts.append(
            StoreAccount(
                store: "requestLog", entries: await requests.count, bytes: await requests.bytes,
                budget: requests.byteBudget))
        let callbacks = services.callbacks.log
        accounts.append(
            StoreAccount(
                store: "callbackLog", entries: await callbacks.count, bytes: await callbacks.bytes,
                budget: callbacks.byteBudget))
        return accounts
    }

    /// Forgets every order, session, consumer, token and log entry, and restarts the id sequence.
    public func reset() async {
        services.ids.reset(seed: configuration.seed)
        await services.store.reset()
        for module in modules {
            await module.reset()
        }
    }
}
#endif
