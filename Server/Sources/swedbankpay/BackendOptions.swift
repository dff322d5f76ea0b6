import ArgumentParser
import Foundation
import JWTKit
import Logging
import MerchantBackend
import ServerSupport
import ServiceLifecycle

/// The options `serve` and `backend` share. Each flag has an environment variable; a flag wins.
struct BackendOptions: ParsableArguments {
    @OptionGroup var sources: ConfigurationSources

    @OptionGroup var connections: ConnectionOptions

    @Option(help: "The address to listen on. Env: SWEDBANKPAY_HOST. Default: 127.0.0.1.")
    var host: String?

    @Option(help: "The port the Merchant Backend listens on. Env: PORT. Default: 8080.")
    var port: Int?

    @OptionGroup var database: DatabaseOptions

    @Option(
        help: ArgumentHelp(
            "How apps reach the backend, e.g. https://shop.example.com. Env: SWEDBANKPAY_PUBLIC_URL. Default: http://<host>:<port>.",
            valueName: "url"))
    var publicUrl: String?

    @Option(
        help: ArgumentHelp(
            "Where Swedbank Pay reaches the backend with callbacks, when not at the public URL (an internal balancer, a container network's service name). Env: SWEDBANKPAY_CALLBACK_URL. Default: the public URL.",
            valueName: "url"))
    var callbackUrl: String?

    @Option(
        help: ArgumentHelp(
            "The API keys apps send in x-payex-sample-apikey, comma-separated. Env: SWEDBANKPAY_API_KEYS.",
            valueName: "keys"))
    var apiKeys: String?

    @Option(
        help: ArgumentHelp(
            "Keys of the admin API (/admin/...: list orders, capture, cancel, reverse), comma-separated, at least 16 characters each, never an app key. Env: SWEDBANKPAY_ADMIN_KEYS (preferred: flags show in process lists). Default: no admin API.",
            valueName: "keys"))
    var adminKeys: String?

    @Option(
        help: ArgumentHelp(
            "An app id (TEAMID.bundle.id) for apple-app-site-association (repeatable). Env: SWEDBANKPAY_IOS_APP_IDS (comma-separated).",
            valueName: "id"))
    var iosAppId: [String] = []

    @Option(
        help: ArgumentHelp(
            "A custom URL scheme of the merchant's app, the only kind the iOS helper redirects to (repeatable). Env: SWEDBANKPAY_APP_SCHEMES (comma-separated).",
            valueName: "scheme"))
    var appScheme: [String] = []

    @Option(
        help: ArgumentHelp(
            "Seconds a call to Swedbank Pay may take. Env: SWEDBANKPAY_TIMEOUT. Default: 10.", valueName: "seconds"))
    var timeout: Double?

    @Option(
        help: ArgumentHelp(
            "Calls to Swedbank Pay in flight at once. Env: SWEDBANKPAY_MAX_CALLS_IN_FLIGHT. Default: 1024.",
            valueName: "count"))
    var maxCallsInFlight: Int?

    @Option(
        help: ArgumentHelp(
            "Calls waiting for one of those (each until its own deadline). Env: SWEDBANKPAY_MAX_CALLS_QUEUED. Default: 4096.",
            valueName: "count"))
    var maxCallsQueued: Int?

    @Option(
        help: ArgumentHelp(
            "Callbacks waiting for verification, and callbacks kept for ids that are no order yet, at most. Env: SWEDBANKPAY_MAX_CALLBACKS_WAITING. Default: 1000.",
            valueName: "count"))
    var maxCallbacksWaiting: Int?

    @Option(
        help: ArgumentHelp(
            "How app users are identified: example (the access token is the user id, unverified) or jwt (a verified JWT). Env: SWEDBANKPAY_AUTH. Default: example.",
            valueName: "mode"))
    var auth: Choice<AuthenticationMode>?

    @Option(
        help: ArgumentHelp(
            "A file holding an HS256 secret of JWT access tokens (at least 32 bytes). Env: SWEDBANKPAY_JWT_SECRET_FILE, or SWEDBANKPAY_JWT_SECRET (the secret itself; never a flag: flags show in process lists).",
            valueName: "path"))
    var jwtSecretFile: String?

    @Option(
        help: ArgumentHelp(
            "A JWKS file with the RS256/ES256 public keys of JWT access tokens, read at start and again on SIGHUP and every --jwt-jwks-reload seconds (a file that cannot be used keeps the last good keys). Env: SWEDBANKPAY_JWT_JWKS_FILE.",
            valueName: "path"))
    var jwtJwksFile: String?

    @Option(
        help: ArgumentHelp(
            "Seconds between reads of the JWKS file; 0 reads it only on SIGHUP. Env: SWEDBANKPAY_JWT_JWKS_RELOAD. Default: 60.",
            valueName: "seconds"))
    var jwtJwksReload: Double?

    @Option(
        help: ArgumentHelp(
            "Seconds a graceful shutdown (SIGTERM, SIGINT) waits for requests in progress. Env: SWEDBANKPAY_SHUTDOWN_GRACE. Default: the Swedbank Pay timeout plus 5.",
            valueName: "seconds"))
    var shutdownGrace: Double?

    @Option(
        help: ArgumentHelp(
            "The JWT claim holding the user id. Env: SWEDBANKPAY_JWT_USER_CLAIM. Default: sub.", valueName: "name"))
    var jwtUserClaim: String?

    @Option(
        help: ArgumentHelp(
            "The audience (aud) JWTs must name; required with --auth jwt. Env: SWEDBANKPAY_JWT_AUDIENCE.",
            valueName: "aud"))
    var jwtAudience: String?

    @Option(
        help: ArgumentHelp("The issuer (iss) JWTs must name, if any. Env: SWEDBANKPAY_JWT_ISSUER.", valueName: "iss"))
    var jwtIssuer: String?

    @Option(
        help: ArgumentHelp(
            "Seconds of clock difference tolerated for exp and nbf (0-300). Env: SWEDBANKPAY_JWT_LEEWAY. Default: 30.",
            valueName: "seconds"))
    var jwtLeeway: Double?

    @Flag(
        help: ArgumentHelp(
            "backend: run the example authentication (any access token is its own user) on a non-loopback --host anyway. Env: SWEDBANKPAY_ALLOW_EXAMPLE_AUTH=1."
        ))
    var allowExampleAuth = false

    @Option(
        help: ArgumentHelp(
            "The least severe log events written. Env: SWEDBANKPAY_LOG_LEVEL. Default: info.",
            valueName: "level"))
    var logLevel: Choice<Logger.Level>?

    @Option(
        help: ArgumentHelp(
            "How log lines are written to standard error: text, or json (one object per line). Env: SWEDBANKPAY_LOG_FORMAT. Default: text.",
            valueName: "format"))
    var logFormat: Choice<ServerLogging.Format>?

    @Option(
        help: ArgumentHelp(
            "Serve Prometheus metrics at /metrics on this port (0 picks a free one). Env: SWEDBANKPAY_METRICS_PORT. Default: no metrics.",
            valueName: "port"))
    var metricsPort: Int?

    @Option(
        help: ArgumentHelp(
            "The address of the metrics port. Env: SWEDBANKPAY_METRICS_HOST. Default: 127.0.0.1.", valueName: "host"))
    var metricsHost: String?

    @Option(
        help: ArgumentHelp(
            "Export spans to this OpenTelemetry collector (its OTLP/HTTP base URL; /v1/traces is added; protobuf). Env: SWEDBANKPAY_OTLP_ENDPOINT. Default: no spans.",
            valueName: "url"))
    var otlpEndpoint: String?

    /// The tracer and its exporting service when spans were asked for (flag, else environment).
    func tracing() throws -> SpanExport? {
        guard let endpoint = otlpEndpoint ?? Environment.value("SWEDBANKPAY_OTLP_ENDPOINT") else {
            return nil
        }
        do {
            return try SpanExport.start(endpoint: endpoint)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Whether a metrics endpoint was asked for: one more server sharing the file limit.
    var servesMetrics: Bool { metricsPort != nil || Environment.value("SWEDBANKPAY_METRICS_PORT") != nil }

    /// The metrics endpoint when one was asked for (flag, else environment), its connections
    /// bounded by `connections` as the other servers' are; it starts recording metrics, so it is
    /// made before the backend.
    func metricsService(connections: ConnectionLimits) throws -> (any Service)? {
        let port: Int
        if let metricsPort {
            port = metricsPort
        } else if let text = Environment.value("SWEDBANKPAY_METRICS_PORT") {
            guard let value = Int(text) else {
                throw ValidationError("SWEDBANKPAY_METRICS_PORT must be a port number, not \(text)")
            }
            port = value
        } else {
            return nil
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--metrics-port must be 0–65535, not \(port)") }
        return MetricsEndpoint.start(
            host: metricsHost ?? Environment.value("SWEDBANKPAY_METRICS_HOST") ?? "127.0.0.1", port: port,
            connections: connections)
    }

    /// Sets up the process's logging as given (flag, else environment). Once, before anything logs.
    func bootstrapLogging() throws {
        do {
            try ServerLogging.parse(
                level: logLevel?.value.rawValue ?? Environment.value("SWEDBANKPAY_LOG_LEVEL"),
                format: logFormat?.value.rawValue ?? Environment.value("SWEDBANKPAY_LOG_FORMAT")
            ).bootstrap(now: { BackendClock.system.date })
        } catch {
            throw ValidationError(error.description)
        }
    }

    var resolvedHost: String { host ?? Environment.value("SWEDBANKPAY_HOST") ?? "127.0.0.1" }

    /// Sets the authentication mode given (flag, else environment). In the example mode any access
    /// token is its own user, so `refuseExampleOffLoopback` (the `backend` command) refuses it on
    /// an address other machines reach, unless allowed explicitly. The settings themselves are
    /// checked with the rest of the configuration.
    func applyAuthentication(to configuration: inout BackendConfiguration, refuseExampleOffLoopback: Bool) throws {
        let admin =
            adminKeys.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            ?? Environment.list("SWEDBANKPAY_ADMIN_KEYS")
        configuration.adminKeys = admin.filter { !$0.isEmpty }.map(Secret.init)
        // A flag the parser took is one of the modes; the environment's value is checked below.
        let mode = auth?.value.rawValue ?? (Environment.value("SWEDBANKPAY_AUTH") ?? "example").lowercased()
        let secretFile = jwtSecretFile ?? Environment.value("SWEDBANKPAY_JWT_SECRET_FILE")
        let secret = Environment.value("SWEDBANKPAY_JWT_SECRET")
        let jwksFile = jwtJwksFile ?? Environment.value("SWEDBANKPAY_JWT_JWKS_FILE")
        let userClaim = jwtUserClaim ?? Environment.value("SWEDBANKPAY_JWT_USER_CLAIM")
        let audience = jwtAudience ?? Environment.value("SWEDBANKPAY_JWT_AUDIENCE")
        let issuer = jwtIssuer ?? Environment.value("SWEDBANKPAY_JWT_ISSUER")
        let leeway = try jwtLeeway ?? Self.seconds("SWEDBANKPAY_JWT_LEEWAY")
        let jwksReload = try jwtJwksReload ?? Self.seconds("SWEDBANKPAY_JWT_JWKS_RELOAD")
        switch mode {
        case AuthenticationMode.example.rawValue:
            // JWT settings without the JWT mode would leave every user unverified unnoticed.
            if [secretFile, secret, jwksFile, userClaim, audience, issuer].contains(where: { $0 != nil })
                || leeway != nil || jwksReload != nil
            {
                throw ValidationError(
                    "JWT settings (--jwt-*, SWEDBANKPAY_JWT_*) are given but the authentication is example: add --auth jwt"
                )
            }
            let allowed =
                allowExampleAuth
                || ["1", "true", "yes"].contains(Environment.value("SWEDBANKPAY_ALLOW_EXAMPLE_AUTH")?.lowercased())
            let exposure = AppAuthentication.example.problems(
                listeningOn: resolvedHost, allowExampleOffLoopback: allowed || !refuseExampleOffLoopback)
            guard exposure.isEmpty else { throw ValidationError(exposure.joined(separator: "; ")) }
            configuration.authentication = .example
        case AuthenticationMode.jwt.rawValue:
            var secrets: [Secret] = []
            if let secretFile {
                secrets.append(Secret(try Environment.secret(inFile: secretFile, flag: "--jwt-secret-file")))
            }
            if let secret { secrets.append(Secret(secret)) }
            var jwks: JWKS?
            if let jwksFile {
                do {
                    jwks = try JWTAuthentication.readJWKS(path: jwksFile)
                } catch {
                    throw ValidationError(error.description)
                }
            }
            guard let audience else {
                throw ValidationError("--auth jwt needs --jwt-audience (or SWEDBANKPAY_JWT_AUDIENCE)")
            }
            var settings = JWTAuthentication(
                hmacSecrets: secrets, jwks: jwks, userClaim: userClaim ?? "sub", audience: audience,
                issuer: issuer, leeway: leeway ?? 30)
            settings.jwksFile = jwksFile
            if let jwksReload {
                guard jwksFile != nil else {
                    throw ValidationError("--jwt-jwks-reload needs --jwt-jwks-file (or SWEDBANKPAY_JWT_JWKS_FILE)")
                }
                settings.jwksReloadInterval = jwksReload
            }
            configuration.authentication = .jwt(settings)
        default:
            throw ValidationError(
                "--auth must be \(Choice<AuthenticationMode>.allValueStrings.joined(separator: " or ")), not \(mode)")
        }
    }

    /// Sets the limits on calls to Swedbank Pay and on waiting callbacks that were given (flag, else
    /// environment).
    func applyCallLimits(to configuration: inout BackendConfiguration) throws {
        func resolve(_ flag: Int?, _ variable: String) throws -> Int? {
            if let flag { return flag }
            guard let text = Environment.value(variable) else { return nil }
            guard let value = Int(text) else {
                throw ValidationError("\(variable) must be a whole number, not \(text)")
            }
            return value
        }
        if let value = try resolve(maxCallsInFlight, "SWEDBANKPAY_MAX_CALLS_IN_FLIGHT") {
            configuration.maxSwedbankPayCallsInFlight = value
        }
        if let value = try resolve(maxCallsQueued, "SWEDBANKPAY_MAX_CALLS_QUEUED") {
            configuration.maxSwedbankPayCallsQueued = value
        }
        if let value = try resolve(maxCallbacksWaiting, "SWEDBANKPAY_MAX_CALLBACKS_WAITING") {
            configuration.maxCallbacksWaiting = value
        }
    }

    /// Sets the shutdown grace given (flag, else environment); without one it follows the timeout.
    func applyShutdownGrace(to configuration: inout BackendConfiguration) throws {
        if let grace = try shutdownGrace ?? Self.seconds("SWEDBANKPAY_SHUTDOWN_GRACE") {
            configuration.shutdownGrace = grace
        }
    }

    /// The environment variable `name` as seconds, nil when it is not set.
    private static func seconds(_ name: String) throws -> Double? {
        try Environment.value(name).map { text in
            guard let value = Double(text) else { throw ValidationError("\(name) must be seconds, not \(text)") }
            return value
        }
    }

    func resolvedPort() throws -> Int {
        if let port { return port }
        guard let text = Environment.value("PORT") else { return 8080 }
        guard let port = Int(text), (0...65_535).contains(port) else {
            throw ValidationError("PORT must be a port number (0–65535), not \(text)")
        }
        return port
    }

    func resolvedDatabase() throws -> DatabaseLocation {
        try database.resolved()
    }

    func resolvedPublicURL(port: Int, scheme: String = "http") throws -> URL {
        guard let text = publicUrl ?? Environment.value("SWEDBANKPAY_PUBLIC_URL") else {
            return try listeningURL(port: port, scheme: scheme)
        }
        guard let url = URL(string: text) else { throw ValidationError("--public-url is not a URL: \(text)") }
        return url
    }

    /// `<scheme>://<host>:<port>` for a server of this process on `--host` (``ServerURL``); a host no
    /// URL can name is a wrong flag.
    func listeningURL(port: Int, scheme: String = "http") throws -> URL {
        do {
            return try ServerURL.http(host: resolvedHost, port: port, scheme: scheme)
        } catch {
            throw ValidationError("--host (SWEDBANKPAY_HOST): \(error.description)")
        }
    }

    /// The callback URL given (flag, else environment), or nil for the public URL's.
    func resolvedCallbackURL() throws -> URL? {
        guard let text = callbackUrl ?? Environment.value("SWEDBANKPAY_CALLBACK_URL") else { return nil }
        guard let url = URL(string: text) else { throw ValidationError("--callback-url is not a URL: \(text)") }
        return url
    }

    /// The API keys given, or nil when none was.
    var resolvedAPIKeys: [String]? {
        let list =
            apiKeys.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            ?? Environment.list("SWEDBANKPAY_API_KEYS")
        let keys = list.filter { !$0.isEmpty }
        return keys.isEmpty ? nil : keys
    }

    var resolvedIOSAppIDs: [String] { iosAppId.isEmpty ? Environment.list("SWEDBANKPAY_IOS_APP_IDS") : iosAppId }

    /// The app schemes given (flags, else the environment), or `fallback` when none was. The
    /// configuration checks each one at start.
    func resolvedAppSchemes(default fallback: [String]) -> [String] {
        let given = appScheme.isEmpty ? Environment.list("SWEDBANKPAY_APP_SCHEMES") : appScheme
        return given.isEmpty ? fallback : given
    }

    func resolvedTimeout() throws -> Double {
        try timeout ?? Self.seconds("SWEDBANKPAY_TIMEOUT") ?? 10
    }
}
