import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import ServerSupport
import Tracing

/// A Merchant Backend: the server an app's ``SwedbankPaySDK/MerchantBackendConfiguration`` talks
/// to, between the app and Swedbank Pay.
///
/// Use it in-process (``router()``, ``application(host:port:onServerRunning:)``) or run it with
/// `swedbankpay backend` / `swedbankpay serve`.
public final class MerchantBackend: Sendable {
    public let configuration: BackendConfiguration
    let services: BackendServices
    let creation: PaymentOrderCreation
    /// Order creations per app user (``BackendConfiguration/maxOrderCreationsPerUser``).
    let orderLimit: UserOrderLimiter
    let callbackVerifier: CallbackVerifier
    /// Verifies again, every ``BackendConfiguration/callbackRetryAfter``, the callbacks whose
    /// verification failed or was lost with another process; cancelled by ``shutdown()``.
    private let callbackRetries: Task<Void, Never>
    /// The round at start (callbacks left by a stopped process); tests await it.
    let firstCallbackRetry: Task<Void, Never>
    /// Checks JWT access tokens; nil in the example mode.
    let accessTokens: AccessTokenVerifier?
    /// Reads the JWKS file again; nil without one.
    private let jwksReloader: JWKSReloader?
    private let http: HTTPClient
    private let database: BackendDatabase
    /// Whether `/readyz` says to send this backend work, and which requests a drain waits for
    /// (``drain(within:)``).
    public let drainGate = DrainGate()

    /// Where spans of requests and of calls to Swedbank Pay go; nil records none.
    let tracer: (any Tracer)?

    /// A backend serving `configuration` on `database`, reading time from `clock` and, with a
    /// `tracer`, recording a span for each request and each call to Swedbank Pay. Throws
    /// ``BackendConfigurationError`` naming every wrong setting.
    public init(
        configuration: BackendConfiguration, database: BackendDatabase, clock: BackendClock = .system,
        tracer: (any Tracer)? = nil
    ) throws {
        let problems = configuration.problems()
        guard problems.isEmpty else { throw BackendConfigurationError(problems: problems) }
        self.configuration = configuration
        self.database = database
        self.tracer = tracer
        var httpConfiguration = HTTPClient.Configuration()
        httpConfiguration.redirectConfiguration = .disallow
        httpConfiguration.connectionPool = .init(idleTimeout: .seconds(60))
        // As many connections as calls may be in flight: the pool must not be a hidden second limit.
        httpConfiguration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit =
            configuration.maxSwedbankPayCallsInFlight
        // The backend records its own span per call (`CallSpan`, with `tracer`). Left to itself
        // the client makes one more from the global tracer — a no-op one unless a process
        // bootstraps tracing, yet it parses the URL for the span's attributes on every call.
        httpConfiguration.tracing.tracer = nil
        // Serving HTTPS with a certificate of its own (`serve --https`), the backend calls a
        // sandbox that presents the same one: it trusts its anchors beside the system's roots.
        if let tls = configuration.tls {
            httpConfiguration.tlsConfiguration = try TLSIdentity.clientConfiguration(trusting: tls.trustAnchors)
        }
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: httpConfiguration)
        self.http = http
        let services = BackendServices(
            configuration: configuration, store: OrderStore(database: database),
            swedbankPay: SwedbankPayClient(http: http, configuration: configuration, tracer: tracer),
            body: RequestBody(configuration: configuration), clock: clock)
        self.services = services
        orderLimit = UserOrderLimiter(
            limit: configuration.maxOrderCreationsPerUser, window: configuration.orderCreationWindow, clock: clock)
        if case .jwt(let settings) = configuration.authentication {
            let verifier = AccessTokenVerifier(
                settings: settings,
                userLengths: configuration.minimumAccessTokenLength...configuration.maximumAccessTokenLength,
                now: { clock.date })
            accessTokens = verifier
            jwksReloader = settings.jwksFile.map {
                JWKSReloader(
                    settings: settings, path: $0, keys: verifier.keys, logger: Logger(label: "MerchantBackend.jwks"))
            }
        } else {
            accessTokens = nil
            jwksReloader = nil
        }
        let verifier = CallbackVerifier(
            maxRunning: configuration.maxCallbackVerificationsRunning, maxWaiting: configuration.maxCallbacksWaiting,
            logger: Logger(label: "MerchantBackend.callbacks")
        ) { pspID in
            await services.verifyCallback(pspID: pspID)
        }
        callbackVerifier = verifier
        let firstRound = Task {
            _ = await services.retryUnverifiedCallbacks(into: verifier, now: clock.milliseconds)
        }
        firstCallbackRetry = firstRound
        callbackRetries = Task {
            await firstRound.value
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(configuration.callbackRetryAfter))
                if Task.isCancelled { break }
                await services.retryUnverifiedCallbacks(into: verifier, now: clock.milliseconds)
            }
        }
        creation = PaymentOrderCreation(
            store: services.store, swedbankPay: services.swedbankPay,
            preparation: PaymentOrderPreparation(
                payeeID: configuration.payeeId, callbackURL: services.callbackURL,
                allowPaymentTokens: configuration.allowPaymentTokens, payee: configuration.payeeDetails),
            abandonment: AbandonmentWindow(configuration),
            maxKeyLength: configuration.maxIdempotencyKeyLength, clock: clock)
    }

    /// The router with every route: the app API behind ``AppAuthMiddleware``, the admin API behind
    /// ``AdminAuthMiddleware`` (with admin keys only), the helper pages, `/healthz`, `/livez`, `/readyz` and the Swedbank
    /// Pay callback open.
    public func router() -> Router<BackendRequestContext> {
        let router = Router(context: BackendRequestContext.self)
        router.add(middleware: DrainMiddleware(gate: drainGate))
        router.add(middleware: RequestLogMiddleware(tracer: tracer))
        // Per route, method and status: request counts, durations and requests in progress.
        if BackendMetrics.enabled { router.add(middleware: MetricsMiddleware()) }
        router.add(middleware: ProblemMiddleware(BackendProblem.self, bodyLimit: configuration.maxRequestBodyBytes))
        router.add(middleware: BackendBodyLimitMiddleware(limit: configuration.maxRequestBodyBytes))
        HelperRoutes(services: services).register(open: router)
        HealthRoutes(database: database, drain: drainGate).register(open: router)
        CallbackRoutes(services: services, verifier: callbackVerifier).register(open: router)
        let app = router.group().add(
            middleware: AppAuthMiddleware(configuration: configuration, verifier: accessTokens))
        DiscoveryRoutes(services: services).register(app: app)
        ConsumerRoutes(services: services).register(app: app)
        PaymentOrderRoutes(services: services, creation: creation, orderLimit: orderLimit).register(app: app)
        RelayRoutes(services: services).register(app: app)
        PayerTokenRoutes(services: services).register(app: app)
        // The merchant's own API exists only with admin keys, and never takes an app's key.
        if !configuration.adminKeys.isEmpty {
            let admin = router.group().add(middleware: AdminAuthMiddleware(adminKeys: configuration.adminKeys))
            AdminRoutes(services: services, transactions: TransactionStore(sql: services.store.database.sql))
                .register(admin: admin)
        }
        router.add(middleware: BackendMethodMiddleware(routes: router.routes.map { ($0.path, $0.method) }))
        return router
    }

    /// The port a backend listens on unless told otherwise (`swedbankpay`'s `--port`).
    public static let defaultPort = 8080

    /// An application serving the backend on `host:port` (port 0 picks a free one), its
    /// connections bounded by `connections` (timeouts and a connection limit), over HTTPS when the
    /// configuration has a ``BackendConfiguration/tls`` identity (TLS wraps the guarded channel,
    /// so the same bounds hold).
    public func application(
        host: String = "127.0.0.1", port: Int = MerchantBackend.defaultPort, connections: ConnectionLimits = ConnectionLimits(),
        logger: Logger = Logger(label: "MerchantBackend"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let served = ServerConnections(limits: connections)
        let http1 = served.http1(problems: BackendProblem.self)
        return Application(
            router: router(),
            server: try configuration.tls?.server(http1) ?? http1,
            // A burst of new connections (a sales spike, a load balancer opening its pool) must
            // not overflow the accept queue: Hummingbird's default of 256 resets the rest.
            configuration: .init(
                address: .hostname(host, port: port), serverName: "MerchantBackend", backlog: 4_096,
                availableConnectionsDelegate: served.acceptance),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// Makes `/readyz` answer 503 `draining` from now on: call it when a graceful shutdown begins,
    /// so balancers and orchestrators stop sending work while the requests in flight finish.
    public func beginDraining() {
        drainGate.beginDraining()
    }

    /// Drains the backend (``DrainPhase`` says the rule): `/readyz` answers 503 from now on, and
    /// this returns once every request begun before is answered, or after `grace` seconds. Then
    /// stop its server. Returns how many of those requests the grace cut (0 when none).
    public func drain(within grace: TimeInterval) async -> Int {
        await drainGate.drain(withinSeconds: grace)
    }

    /// Requests begun before the drain and not yet answered (0 before it began and after it ended).
    public var requestsOwedByDrain: Int { drainGate.requestsOwed }

    /// Reads the JWT mode's JWKS file (``JWTAuthentication/jwksFile``) again and verifies tokens
    /// with its keys from now on — unless it cannot be used, when the keys in use stay (logged as
    /// a warning). Nil when the backend has no JWKS file. `swedbankpay` calls it on SIGHUP and
    /// every ``jwksReloadInterval`` seconds.
    public func reloadJWTKeys() async -> JWKSReload? {
        await jwksReloader?.reload()
    }

    /// Seconds between reloads of the JWKS file; nil when there is no file or no interval.
    public var jwksReloadInterval: TimeInterval? {
        guard jwksReloader != nil, case .jwt(let settings) = configuration.authentication,
            settings.jwksReloadInterval > 0
        else { return nil }
        return settings.jwksReloadInterval
    }

    /// Whether the backend has a JWKS file to reload.
    public var reloadsJWTKeys: Bool { jwksReloader != nil }

    /// Closes the outgoing HTTP client. The database is the caller's to close.
    public func shutdown() async throws {
        callbackRetries.cancel()
        await callbackRetries.value
        await callbackVerifier.stop()
        try await http.shutdown()
    }
}

/// A configuration that cannot run, with one message per wrong setting.
public struct BackendConfigurationError: Error, Sendable, CustomStringConvertible {
    public let problems: [String]
    public var description: String { "invalid configuration: " + problems.joined(separator: "; ") }
}
