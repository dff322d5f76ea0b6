import ArgumentParser
import Foundation
import JWTKit
import Logging
import MerchantBackend
import ServerSupport
import ServiceLifecycle

/// The options `serve` and `backend` share, each a setting of ``ServerSettings`` (a flag wins over
/// its environment variable, which wins over the default).
struct BackendOptions: ParsableArguments {
    @OptionGroup var sources: ConfigurationSources

    @OptionGroup var connections: ConnectionOptions

    @Option(settings.host) var host: String?
    @Option(settings.port) var port: Int?
    @OptionGroup var database: DatabaseOptions
    @Option(settings.publicURL) var publicUrl: String?
    @Option(settings.callbackURL) var callbackUrl: String?
    @Option(settings.apiKeys) var apiKeys: CommaList?
    @Option(settings.adminKeys) var adminKeys: CommaList?
    @Option(settings.iosAppID) var iosAppId: [String] = []
    @Option(settings.appScheme) var appScheme: [String] = []
    @Option(settings.timeout) var timeout: Double?
    @Option(settings.maxCallsInFlight) var maxCallsInFlight: Int?
    @Option(settings.maxCallsQueued) var maxCallsQueued: Int?
    @Option(settings.maxCallbacksWaiting) var maxCallbacksWaiting: Int?
    @Option(settings.maxOrdersPerUser) var maxOrdersPerUser: Int?
    @Option(settings.ordersPerUserWindow) var ordersPerUserWindow: Double?
    @Option(settings.payeeName) var payeeName: String?
    @Option(settings.productCategory) var productCategory: String?
    @Option(settings.subsite) var subsite: String?
    @Option(settings.auth) var auth: Choice<AuthenticationMode>?
    @Option(settings.jwtSecretFile) var jwtSecretFile: String?
    @Option(settings.jwtJWKSFile) var jwtJwksFile: String?
    @Option(settings.jwtJWKSReload) var jwtJwksReload: Double?
    @Option(settings.shutdownGrace) var shutdownGrace: Double?
    @Option(settings.jwtUserClaim) var jwtUserClaim: String?
    @Option(settings.jwtAudience) var jwtAudience: String?
    @Option(settings.jwtIssuer) var jwtIssuer: String?
    @Option(settings.jwtLeeway) var jwtLeeway: Double?
    @Flag(settings.allowExampleAuth) var allowExampleAuth = false
    @Option(settings.logLevel) var logLevel: Choice<Logger.Level>?
    @Option(settings.logFormat) var logFormat: Choice<ServerLogging.Format>?
    @Option(settings.metricsPort) var metricsPort: Int?
    @Option(settings.metricsHost) var metricsHost: String?
    @Option(settings.otlpEndpoint) var otlpEndpoint: String?
    @OptionGroup var https: HTTPSOptions

    /// The tracer and its exporting service when spans were asked for.
    func tracing() throws -> SpanExport? {
        guard let endpoint = try settings.otlpEndpoint.resolve(otlpEndpoint) else { return nil }
        do {
            return try SpanExport.start(endpoint: endpoint)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Whether a metrics endpoint was asked for: one more server sharing the file limit.
    var servesMetrics: Bool { metricsPort != nil || Environment.value(settings.metricsPort.variable) != nil }

    /// The metrics endpoint when one was asked for, its connections bounded by `connections` as
    /// the other servers' are; it starts recording metrics, so it is made before the backend.
    func metricsService(connections: ConnectionLimits) throws -> (any Service)? {
        guard let port = try settings.metricsPort.resolve(metricsPort) else { return nil }
        guard SettingParse.portRange.contains(port) else {
            throw ValidationError("\(settings.metricsPort.option) must be \(SettingParse.portExpected), not \(port)")
        }
        return MetricsEndpoint.start(
            host: try settings.metricsHost.value(metricsHost), port: port, connections: connections)
    }

    /// Sets up the process's logging as given. Once, before anything logs.
    func bootstrapLogging() throws {
        ServerLogging(
            level: try settings.logLevel.value(logLevel).value, format: try settings.logFormat.value(logFormat).value
        ).bootstrap(now: { BackendClock.system.date })
    }

    func resolvedHost() throws -> String { try settings.host.value(host) }

    /// Sets the authentication mode given. In the example mode any access token is its own user,
    /// so `refuseExampleOffLoopback` (the `backend` command) refuses it on an address other
    /// machines reach, unless allowed explicitly. The settings themselves are checked with the
    /// rest of the configuration.
    func applyAuthentication(to configuration: inout BackendConfiguration, refuseExampleOffLoopback: Bool) throws {
        configuration.adminKeys = (try settings.adminKeys.resolve(adminKeys)?.items ?? []).map(Secret.init)
        let secretFile = try settings.jwtSecretFile.resolve(jwtSecretFile)
        let secret = Environment.value(ServerSettings.jwtSecretVariable)
        let jwksFile = try settings.jwtJWKSFile.resolve(jwtJwksFile)
        let userClaim = try settings.jwtUserClaim.resolve(jwtUserClaim)
        let audience = try settings.jwtAudience.resolve(jwtAudience)
        let issuer = try settings.jwtIssuer.resolve(jwtIssuer)
        let leeway = try settings.jwtLeeway.resolve(jwtLeeway)
        let jwksReload = try settings.jwtJWKSReload.resolve(jwtJwksReload)
        switch try settings.auth.value(auth).value {
        case .example:
            // JWT settings without the JWT mode would leave every user unverified unnoticed.
            if [secretFile, secret, jwksFile, userClaim, audience, issuer].contains(where: { $0 != nil })
                || leeway != nil || jwksReload != nil
            {
                throw ValidationError(
                    "JWT settings (--jwt-*, SWEDBANKPAY_JWT_*) are given but the authentication is example: add --auth jwt"
                )
            }
            let allowed = settings.allowExampleAuth.resolve(allowExampleAuth)
            let exposure = AppAuthentication.example.problems(
                listeningOn: try resolvedHost(), allowExampleOffLoopback: allowed || !refuseExampleOffLoopback)
            guard exposure.isEmpty else { throw ValidationError(exposure.joined(separator: "; ")) }
            configuration.authentication = .example
        case .jwt:
            var secrets: [Secret] = []
            if let secretFile {
                secrets.append(Secret(try Environment.secret(inFile: secretFile, flag: settings.jwtSecretFile.option)))
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
            // What is not given keeps the library's default.
            var jwt = JWTAuthentication(hmacSecrets: secrets, jwks: jwks, audience: audience, issuer: issuer)
            if let userClaim { jwt.userClaim = userClaim }
            if let leeway { jwt.leeway = leeway }
            jwt.jwksFile = jwksFile
            if let jwksReload {
                guard jwksFile != nil else {
                    throw ValidationError("--jwt-jwks-reload needs --jwt-jwks-file (or SWEDBANKPAY_JWT_JWKS_FILE)")
                }
                jwt.jwksReloadInterval = jwksReload
            }
            configuration.authentication = .jwt(jwt)
        }
    }

    /// Sets the limits on calls to Swedbank Pay and on waiting callbacks that were given.
    func applyCallLimits(to configuration: inout BackendConfiguration) throws {
        if let value = try settings.maxCallsInFlight.resolve(maxCallsInFlight) {
            configuration.maxSwedbankPayCallsInFlight = value
        }
        if let value = try settings.maxCallsQueued.resolve(maxCallsQueued) {
            configuration.maxSwedbankPayCallsQueued = value
        }
        if let value = try settings.maxCallbacksWaiting.resolve(maxCallbacksWaiting) {
            configuration.maxCallbacksWaiting = value
        }
        if let value = try settings.maxOrdersPerUser.resolve(maxOrdersPerUser) {
            configuration.maxOrderCreationsPerUser = value == 0 ? nil : value
        }
        if let value = try settings.ordersPerUserWindow.resolve(ordersPerUserWindow) {
            configuration.orderCreationWindow = value
        }
    }

    /// Sets the merchant's `payeeInfo` details given (checked by the configuration's validation).
    func applyPayeeDetails(to configuration: inout BackendConfiguration) throws {
        configuration.payeeDetails = PayeeDetails(
            payeeName: try settings.payeeName.resolve(payeeName),
            productCategory: try settings.productCategory.resolve(productCategory),
            subsite: try settings.subsite.resolve(subsite))
    }

    /// Sets the shutdown grace given; without one it follows the timeout.
    func applyShutdownGrace(to configuration: inout BackendConfiguration) throws {
        if let grace = try settings.shutdownGrace.resolve(shutdownGrace) {
            configuration.shutdownGrace = grace
        }
    }

    func resolvedPort() throws -> Int { try settings.port.value(port) }

    func resolvedDatabase() throws -> DatabaseLocation {
        try database.resolved()
    }

    func resolvedPublicURL(port: Int, scheme: String = "http") throws -> URL {
        guard let text = try settings.publicURL.resolve(publicUrl) else {
            return try listeningURL(port: port, scheme: scheme)
        }
        guard let url = URL(string: text) else { throw ValidationError("--public-url is not a URL: \(text)") }
        return url
    }

    /// `<scheme>://<host>:<port>` for a server of this process on `--host` (``ServerURL``); a host no
    /// URL can name is a wrong flag.
    func listeningURL(port: Int, scheme: String = "http") throws -> URL {
        let host = try resolvedHost()
        do {
            return try ServerURL.http(host: host, port: port, scheme: scheme)
        } catch {
            throw ValidationError("--host (SWEDBANKPAY_HOST): \(error.description)")
        }
    }

    /// The callback URL given, or nil for the public URL's.
    func resolvedCallbackURL() throws -> URL? {
        guard let text = try settings.callbackURL.resolve(callbackUrl) else { return nil }
        guard let url = URL(string: text) else { throw ValidationError("--callback-url is not a URL: \(text)") }
        return url
    }

    /// The API keys given, or nil when none was.
    func resolvedAPIKeys() throws -> [String]? {
        let keys = try settings.apiKeys.resolve(apiKeys)?.items ?? []
        return keys.isEmpty ? nil : keys
    }

    var resolvedIOSAppIDs: [String] { settings.iosAppID.resolve(iosAppId) }

    /// The app schemes given, or `fallback` when none was. The configuration checks each one at
    /// start.
    func resolvedAppSchemes(default fallback: [String]) -> [String] {
        let given = settings.appScheme.resolve(appScheme)
        return given.isEmpty ? fallback : given
    }

    func resolvedTimeout() throws -> Double { try settings.timeout.value(timeout) }
}
