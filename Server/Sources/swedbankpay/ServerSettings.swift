import Logging
import MerchantBackend
import PaymentSandbox
import ServerSupport

/// Every setting of `serve` and `backend` (some `sandbox` and `migrate` take too), each declared
/// once (``Setting``). Adding a setting: a declaration here and the option that names it
/// (`@Option(settings.x) var x: T?`); help and the environment lookup follow, and
/// `SettingsTableTests` fails until the table of `docs/merchant-backend-server.md` has its row.
///
/// A default or a limit the library applies (`BackendConfiguration`, `JWTAuthentication`,
/// `ConnectionLimits`) is named here by the library's constant, never written again: help and
/// the documentation table say the library's own value.
///
/// Stored properties rather than static ones, so the tests can list them (`Mirror`).
struct ServerSettings: Sendable {
    // Where settings come from (read before the others, from the process environment).
    let envFile = Setting<String>(
        "env-file", "SWEDBANKPAY_ENV_FILE", valueName: "path", expected: "a path",
        help: "A .env file (KEY=value lines) of settings; the process environment wins over it.",
        parse: SettingParse.text)
    let secretsDir = Setting<String>(
        "secrets-dir", "SWEDBANKPAY_SECRETS_DIR", valueName: "path", expected: "a path",
        help:
            "A directory of secrets, one file per setting named like its variable (e.g. SWEDBANKPAY_MERCHANT_TOKEN); read after the environment and the .env file.",
        parse: SettingParse.text)

    // Where the backend listens and how it is reached.
    let host = Setting<String>(
        "host", "SWEDBANKPAY_HOST", valueName: "host", fallback: ServerSettings.defaultHost, expected: "an address",
        help: "The address to listen on.", parse: SettingParse.text)
    let port = Setting<Int>(
        "port", "PORT", valueName: "port", fallback: MerchantBackend.defaultPort, expected: SettingParse.portExpected,
        help: "The port the Merchant Backend listens on (0 picks a free one).", parse: SettingParse.port)
    let database = Setting<String>(
        "database", "DATABASE_URL", valueName: "path|url", fallback: "swedbankpay.sqlite",
        expected: "a path or URL", help: "The SQLite file, or a postgres:// URL.", parse: SettingParse.text)
    let databaseURL = Setting<String>(
        "database-url", "DATABASE_URL", valueName: "url", fallback: "swedbankpay.sqlite",
        expected: "a path or URL", help: "The same as --database (a postgres:// URL).", parse: SettingParse.text)
    let publicURL = Setting<String>(
        "public-url", "SWEDBANKPAY_PUBLIC_URL", valueName: "url", default: "http://<host>:<port>",
        expected: "a URL", help: "How apps reach the backend, e.g. https://shop.example.com.",
        parse: SettingParse.text)
    let callbackURL = Setting<String>(
        "callback-url", "SWEDBANKPAY_CALLBACK_URL", valueName: "url", default: "the public URL",
        expected: "a URL",
        help:
            "Where Swedbank Pay reaches the backend with callbacks, when not at the public URL (an internal balancer, a container network's service name).",
        parse: SettingParse.text)
    let skipMigrations = Setting<Bool>(
        "skip-migrations", "SWEDBANKPAY_SKIP_MIGRATIONS", valueName: nil, scope: .backend, expected: "1",
        help:
            "Start without bringing the database schema up to date (run `swedbankpay migrate` first): for a database user that may not change the schema. /readyz answers 503 while migrations are missing.",
        parse: SettingParse.on)

    // Who may call.
    let apiKeys = Setting<CommaList>(
        "api-keys", "SWEDBANKPAY_API_KEYS", valueName: "keys",
        default: "\(ServeCommand.defaultAPIKey) (serve only)", expected: "keys",
        help: "The API keys apps send in x-payex-sample-apikey, comma-separated.", parse: CommaList.init(argument:))
    let adminKeys = Setting<CommaList>(
        "admin-keys", "SWEDBANKPAY_ADMIN_KEYS", valueName: "keys", default: "none (no admin API)",
        expected: "keys",
        help:
            "Keys of the admin API (/admin/...: list orders, capture, cancel, reverse), comma-separated, at least 16 characters each, never an app key. Prefer the variable: flags show in process lists.",
        parse: CommaList.init(argument:))
    let iosAppID = Setting<[String]>(
        "ios-app-id", "SWEDBANKPAY_IOS_APP_IDS", valueName: "id", expected: "app ids",
        help:
            "An app id (TEAMID.bundle.id) for apple-app-site-association (repeatable; the variable comma-separated).",
        parse: SettingParse.list)
    let appScheme = Setting<[String]>(
        "app-scheme", "SWEDBANKPAY_APP_SCHEMES", valueName: "scheme",
        default: "serve: \(ServeCommand.defaultAppSchemes.joined(separator: ", ")); backend: none",
        expected: "schemes",
        help:
            "A custom URL scheme of the merchant's app, the only kind the iOS helper redirects to (repeatable; the variable comma-separated).",
        parse: SettingParse.list)

    // Calls to Swedbank Pay.
    let swedbankPayURL = Setting<String>(
        "swedbank-pay-url", "SWEDBANKPAY_BASE_URL", valueName: "url", scope: .backend, expected: "a URL",
        help: "The Swedbank Pay API base URL. Required.", parse: SettingParse.text)
    let payeeID = Setting<String>(
        "payee-id", "SWEDBANKPAY_PAYEE_ID", valueName: "id", scope: .backend, expected: "a payee id",
        help: "The merchant's payee id. Required.", parse: SettingParse.text)
    let payeeName = Setting<String>(
        "payee-name", "SWEDBANKPAY_PAYEE_NAME", valueName: "name", default: "none sent",
        expected: "\(PayeeDetails.payeeNameLength.lowerBound) to \(PayeeDetails.payeeNameLength.upperBound) characters",
        help:
            "payeeInfo.payeeName on every order, the name the payer sees (an app's own payeeName, productCategory, subsite and orderReference are dropped).",
        parse: SettingParse.text)
    let productCategory = Setting<String>(
        "product-category", "SWEDBANKPAY_PRODUCT_CATEGORY", valueName: "category", default: "none sent",
        expected:
            "\(PayeeDetails.productCategoryLength.lowerBound) to \(PayeeDetails.productCategoryLength.upperBound) characters",
        help: "payeeInfo.productCategory on every order.", parse: SettingParse.text)
    let subsite = Setting<String>(
        "subsite", "SWEDBANKPAY_SUBSITE", valueName: "subsite", default: "none sent",
        expected: "\(PayeeDetails.subsiteLength.lowerBound) to \(PayeeDetails.subsiteLength.upperBound) characters",
        help: "payeeInfo.subsite on every order (split settlement).", parse: SettingParse.text)
    let merchantTokenFile = Setting<String>(
        "merchant-token-file", "SWEDBANKPAY_MERCHANT_TOKEN_FILE", valueName: "path", scope: .backend,
        expected: "a path",
        help:
            "A file holding the merchant token (read once at start), e.g. a container secret; without it SWEDBANKPAY_MERCHANT_TOKEN holds the token itself (never a flag: flags show in process lists).",
        parse: SettingParse.text)
    let trampolineURL = Setting<String>(
        "trampoline-url", "SWEDBANKPAY_TRAMPOLINE_URL", valueName: "url",
        default: "Swedbank Pay's stage trampoline", scope: .backend, expected: "a URL",
        help: "The trampoline page for iOS universal links.", parse: SettingParse.text)
    let timeout = Setting<Double>(
        "timeout", "SWEDBANKPAY_TIMEOUT", valueName: "seconds",
        fallback: BackendConfiguration.defaultSwedbankPayTimeout,
        allowed: AllowedValues.text(BackendConfiguration.swedbankPayTimeoutRange), expected: "seconds",
        help: "Seconds a call to Swedbank Pay may take.", parse: SettingParse.seconds)
    let shutdownGrace = Setting<Double>(
        "shutdown-grace", "SWEDBANKPAY_SHUTDOWN_GRACE", valueName: "seconds",
        default: "the timeout plus \(AllowedValues.number(BackendConfiguration.recordingMargin))",
        allowed: AllowedValues.text(BackendConfiguration.shutdownGraceRange), expected: "seconds",
        help: "Seconds a graceful shutdown (SIGTERM, SIGINT) waits for requests in progress.",
        parse: SettingParse.seconds)
    let maxCallsInFlight = Setting<Int>(
        "max-calls-in-flight", "SWEDBANKPAY_MAX_CALLS_IN_FLIGHT", valueName: "count",
        libraryDefault: BackendConfiguration.defaultMaxSwedbankPayCallsInFlight,
        allowed: AllowedValues.text(BackendConfiguration.maxSwedbankPayCallsInFlightRange), expected: "a whole number",
        help: "Calls to Swedbank Pay in flight at once.", parse: SettingParse.count)
    let maxCallsQueued = Setting<Int>(
        "max-calls-queued", "SWEDBANKPAY_MAX_CALLS_QUEUED", valueName: "count",
        libraryDefault: BackendConfiguration.defaultMaxSwedbankPayCallsQueued,
        allowed: AllowedValues.text(BackendConfiguration.maxSwedbankPayCallsQueuedRange), expected: "a whole number",
        help: "Calls waiting for one of those (each until its own deadline).",
        parse: SettingParse.count)
    let maxCallbacksWaiting = Setting<Int>(
        "max-callbacks-waiting", "SWEDBANKPAY_MAX_CALLBACKS_WAITING", valueName: "count",
        libraryDefault: BackendConfiguration.defaultMaxCallbacksWaiting,
        allowed: AllowedValues.text(BackendConfiguration.maxCallbacksWaitingRange), expected: "a whole number",
        help: "Callbacks waiting for verification, and callbacks kept for ids that are no order yet, at most.",
        parse: SettingParse.count)

    // App users.
    let maxOrdersPerUser = Setting<Int>(
        "max-orders-per-user", "SWEDBANKPAY_MAX_ORDERS_PER_USER", valueName: "count",
        libraryDefault: BackendConfiguration.defaultMaxOrderCreationsPerUser,
        allowed: "0 (no limit), or " + AllowedValues.text(BackendConfiguration.maxOrderCreationsPerUserRange),
        expected: "a whole number",
        help:
            "Payment orders one app user may create in any --orders-per-user-window; more get a 429 problem with Retry-After. Each process counts its own.",
        parse: SettingParse.count)
    let ordersPerUserWindow = Setting<Double>(
        "orders-per-user-window", "SWEDBANKPAY_ORDERS_PER_USER_WINDOW", valueName: "seconds",
        libraryDefault: BackendConfiguration.defaultOrderCreationWindow,
        allowed: AllowedValues.text(BackendConfiguration.orderCreationWindowRange), expected: "seconds",
        help: "The window of --max-orders-per-user: a user's allowance refills evenly over it.",
        parse: SettingParse.seconds)
    let auth = Setting<Choice<AuthenticationMode>>(
        "auth", "SWEDBANKPAY_AUTH", valueName: "mode", fallback: Choice(.example),
        expected: Choice<AuthenticationMode>.expected,
        help:
            "How app users are identified: example (the access token is the user id, unverified) or jwt (a verified JWT).",
        parse: Choice.parse)
    let allowExampleAuth = Setting<Bool>(
        "allow-example-auth", "SWEDBANKPAY_ALLOW_EXAMPLE_AUTH", valueName: nil, scope: .backend, expected: "1",
        help:
            "Run the example authentication (any access token is its own user) on a non-loopback --host anyway.",
        parse: SettingParse.on)
    let jwtSecretFile = Setting<String>(
        "jwt-secret-file", "SWEDBANKPAY_JWT_SECRET_FILE", valueName: "path", expected: "a path",
        help:
            "A file holding an HS256 secret of JWT access tokens (at least 32 bytes); SWEDBANKPAY_JWT_SECRET may hold the secret itself (never a flag: flags show in process lists).",
        parse: SettingParse.text)
    let jwtJWKSFile = Setting<String>(
        "jwt-jwks-file", "SWEDBANKPAY_JWT_JWKS_FILE", valueName: "path", expected: "a path",
        help:
            "A JWKS file with the RS256/ES256 public keys of JWT access tokens, read at start and again on SIGHUP and every --jwt-jwks-reload seconds (a file that cannot be used keeps the last good keys).",
        parse: SettingParse.text)
    let jwtJWKSReload = Setting<Double>(
        "jwt-jwks-reload", "SWEDBANKPAY_JWT_JWKS_RELOAD", valueName: "seconds",
        libraryDefault: JWTAuthentication.defaultJWKSReloadInterval,
        allowed: "0, or " + AllowedValues.text(JWTAuthentication.jwksReloadIntervalRange), expected: "seconds",
        help: "Seconds between reads of the JWKS file; 0 reads it only on SIGHUP.",
        parse: SettingParse.seconds)
    let jwtAudience = Setting<String>(
        "jwt-audience", "SWEDBANKPAY_JWT_AUDIENCE", valueName: "aud", expected: "an audience",
        help: "The audience (aud) JWTs must name; required with --auth jwt.", parse: SettingParse.text)
    let jwtIssuer = Setting<String>(
        "jwt-issuer", "SWEDBANKPAY_JWT_ISSUER", valueName: "iss", expected: "an issuer",
        help: "The issuer (iss) JWTs must name, if any.", parse: SettingParse.text)
    let jwtUserClaim = Setting<String>(
        "jwt-user-claim", "SWEDBANKPAY_JWT_USER_CLAIM", valueName: "name",
        libraryDefault: JWTAuthentication.defaultUserClaim, expected: "a claim",
        help: "The JWT claim holding the user id.", parse: SettingParse.text)
    let jwtLeeway = Setting<Double>(
        "jwt-leeway", "SWEDBANKPAY_JWT_LEEWAY", valueName: "seconds",
        libraryDefault: JWTAuthentication.defaultLeeway, allowed: AllowedValues.text(JWTAuthentication.leewayRange),
        expected: "seconds", help: "Seconds of clock difference tolerated for exp and nbf.", parse: SettingParse.seconds
    )

    // What the process says about itself.
    let logLevel = Setting<Choice<Logger.Level>>(
        "log-level", "SWEDBANKPAY_LOG_LEVEL", valueName: "level", fallback: Choice(.info),
        expected: Choice<Logger.Level>.expected, help: "The least severe log events written.",
        parse: Choice.parse)
    let logFormat = Setting<Choice<ServerLogging.Format>>(
        "log-format", "SWEDBANKPAY_LOG_FORMAT", valueName: "format", fallback: Choice(.text),
        expected: Choice<ServerLogging.Format>.expected,
        help: "How log lines are written to standard error: text, or json (one object per line).",
        parse: Choice.parse)
    let metricsPort = Setting<Int>(
        "metrics-port", "SWEDBANKPAY_METRICS_PORT", valueName: "port", default: "none (no metrics)",
        expected: SettingParse.portExpected,
        help: "Serve Prometheus metrics at /metrics on this port (0 picks a free one).", parse: SettingParse.port)
    let metricsHost = Setting<String>(
        "metrics-host", "SWEDBANKPAY_METRICS_HOST", valueName: "host", fallback: ServerSettings.defaultHost,
        expected: "an address", help: "The address of the metrics port.", parse: SettingParse.text)
    let otlpEndpoint = Setting<String>(
        "otlp-endpoint", "SWEDBANKPAY_OTLP_ENDPOINT", valueName: "url", default: "none (no spans)",
        expected: "a URL",
        help:
            "Export spans to this OpenTelemetry collector (its OTLP/HTTP base URL; /v1/traces is added; protobuf).",
        parse: SettingParse.text)

    // Each server's connections (`sandbox` takes them too).
    let headerTimeout = Setting<Double>(
        "header-timeout", "SWEDBANKPAY_HEADER_TIMEOUT", valueName: "seconds",
        libraryDefault: AllowedValues.seconds(ConnectionLimits.defaultHeaderTimeout),
        allowed: AllowedValues.text(ConnectionLimits.headerTimeoutRange), expected: "seconds",
        help: "Seconds a request's head may take to arrive, from its first byte; then the connection is closed.",
        parse: SettingParse.seconds)
    let idleTimeout = Setting<Double>(
        "idle-timeout", "SWEDBANKPAY_IDLE_TIMEOUT", valueName: "seconds",
        libraryDefault: AllowedValues.seconds(ConnectionLimits.defaultIdleTimeout),
        allowed: AllowedValues.text(ConnectionLimits.idleTimeoutRange), expected: "seconds",
        help: "Seconds a connection may wait for its client: for the next request, or for the rest of a body.",
        parse: SettingParse.seconds)
    let maxConnections = Setting<Int>(
        "max-connections", "SWEDBANKPAY_MAX_CONNECTIONS", valueName: "count",
        libraryDefault: ConnectionLimits.defaultMaxConnections,
        allowed: AllowedValues.text(ConnectionLimits.maxConnectionsRange), expected: "a whole number",
        help:
            "Connections each server holds open; at the limit a new one replaces the one waiting longest. Lowered to fit the file limit (ulimit -n) less \(ConnectionLimits.reservedDescriptors).",
        parse: SettingParse.count)

    // HTTPS (`sandbox` takes it too).
    let https = Setting<Bool>(
        "https", "SWEDBANKPAY_HTTPS", valueName: nil, expected: "1",
        help:
            "Serve HTTPS with a certificate made at start (for localhost, 127.0.0.1, ::1 and the hosts of --host and the public URLs), signed by a root made with it whose key is never stored; the root is written to --https-root-file.",
        parse: SettingParse.on)
    let tlsCertificate = Setting<String>(
        "tls-certificate", "SWEDBANKPAY_TLS_CERTIFICATE", valueName: "path", expected: "a path",
        help:
            "Serve HTTPS with this PEM certificate chain (leaf first) instead of one made at start; needs --tls-key.",
        parse: SettingParse.text)
    let tlsKey = Setting<String>(
        "tls-key", "SWEDBANKPAY_TLS_KEY", valueName: "path", expected: "a path",
        help: "The PEM private key of --tls-certificate.", parse: SettingParse.text)
    let httpsRootFile = Setting<String>(
        "https-root-file", "SWEDBANKPAY_HTTPS_ROOT_FILE", valueName: "path", fallback: "swedbankpay-https-root.pem",
        expected: "a path", help: "Where --https writes the root certificate clients must trust.",
        parse: SettingParse.text)

    // The sandbox `serve` runs (`sandbox` takes the control token and strictness too).
    let sandboxPort = Setting<Int>(
        "sandbox-port", "SWEDBANKPAY_SANDBOX_PORT", valueName: "port", fallback: PaymentSandbox.defaultPort,
        scope: .serve,
        expected: SettingParse.portExpected, help: "The port the Payment Sandbox listens on.",
        parse: SettingParse.port)
    let sandboxPublicURL = Setting<String>(
        "sandbox-public-url", "SWEDBANKPAY_SANDBOX_PUBLIC_URL", valueName: "url",
        default: "http(s)://<host>:<sandbox port>", scope: .serve, expected: "a URL",
        help:
            "The absolute URL apps and payers reach the sandbox at, named by its pages' and payment sessions' hrefs (API resources keep the address the backend calls).",
        parse: SettingParse.text)
    let controlToken = Setting<String>(
        "control-token", "SWEDBANKPAY_SANDBOX_CONTROL_TOKEN", valueName: "token", scope: .serve,
        expected: "a token",
        help:
            "A token every request of the sandbox's control API (/sandbox/requests, /sandbox/faults, /sandbox/reset, /sandbox/paymentorders, ...) must send as Authorization: Bearer <token>; required with a non-loopback --host. Prefer the variable: flags show in process lists.",
        parse: SettingParse.text)
    let sandboxMaxStoredBytes = Setting<Int>(
        "sandbox-max-stored-bytes", "SWEDBANKPAY_SANDBOX_MAX_STORED_BYTES", valueName: "bytes",
        libraryDefault: SandboxStoreBudgets.defaultTotal, allowed: AllowedValues.text(SandboxStoreBudgets.totalRange),
        scope: .serve, expected: "a whole number",
        help:
            "The bytes the sandbox's stores (orders, sessions, logs, tokens) hold together by their own accounts, shared out among them; a store over its share drops its least recently used entries, finished orders before open ones.",
        parse: SettingParse.count)
    let swishWebApprovalDelay = Setting<Double>(
        "swish-web-approval-delay", "SWEDBANKPAY_SANDBOX_SWISH_WEB_APPROVAL_DELAY", valueName: "seconds",
        default: "off", allowed: AllowedValues.text(SwishWebApproval.range), scope: .serve,
        expected: "seconds (\(AllowedValues.text(SwishWebApproval.range)))",
        help:
            "Seconds until a Swish payment started in a web page (payment menu, Redirect, Seamless View) approves itself while its Approve and Decline buttons are on screen, for an unattended browser test; without it the payer or the control API decides.",
        parse: SettingParse.seconds)
    let strict = Setting<Bool>(
        "strict", "SWEDBANKPAY_SANDBOX_STRICT", valueName: nil, scope: .serve, expected: "1",
        help:
            "The sandbox refuses what the real Swedbank Pay takes although its documentation says otherwise (a payeeReference sent as a number) instead of taking it with a warning in its request log.",
        parse: SettingParse.on)

    /// The address the servers listen on by default: loopback, reached from this machine only.
    static let defaultHost = "127.0.0.1"

    /// The merchant token itself: a secret, never a flag (flags show in process lists).
    static let merchantTokenVariable = "SWEDBANKPAY_MERCHANT_TOKEN"
    /// An HS256 secret of JWT access tokens itself, never a flag either.
    static let jwtSecretVariable = "SWEDBANKPAY_JWT_SECRET"

    /// Variables read without a flag of their own: the secrets and SwiftNIO's own.
    static let variablesWithoutFlags = [
        merchantTokenVariable, jwtSecretVariable, EventLoopCount.environmentVariable,
    ]
}

/// The one catalogue of settings.
let settings = ServerSettings()
