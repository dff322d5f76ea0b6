import Foundation
import ServerSupport

/// Everything a ``MerchantBackend`` needs to know. Every limit is explicit; ``validate()`` checks
/// the whole configuration at start and names each wrong setting.
public struct BackendConfiguration: Sendable {
    /// The Swedbank Pay API the backend calls (`https://api.externalintegration.payex.com`, or a
    /// Payment Sandbox). Operation hrefs relayed through `PATCH /patch` must be on this origin.
    public var swedbankPayBaseURL: URL
    /// The merchant's bearer token for the Swedbank Pay API. Sent to ``swedbankPayBaseURL`` only.
    public var merchantToken: Secret
    /// The payee id set on every payment order (`payeeInfo.payeeId`).
    public var payeeId: String
    /// The rest of `payeeInfo` set on every payment order, in place of the app's.
    public var payeeDetails = PayeeDetails()
    /// How the world reaches this backend, e.g. `https://shop.example.com`: the origin of the
    /// payment-URL helper redirects and of the `callbackUrl` given to Swedbank Pay.
    public var publicBaseURL: URL
    /// Where Swedbank Pay reaches this backend, when not at ``publicBaseURL``: the origin of the
    /// `callbackUrl` given to Swedbank Pay, e.g. an internal load balancer's address, or the
    /// balancer's service name in a container network whose payers come in on a published port.
    /// nil uses ``publicBaseURL``.
    public var callbackBaseURL: URL?
    /// API keys apps may call with (header ``apiKeyHeader``). Empty accepts no app call at all.
    public var apiKeys: [Secret]
    /// The header carrying the API key.
    public var apiKeyHeader: String
    /// The header carrying the user's access token; its value identifies the user who owns the
    /// orders created with it.
    public var accessTokenHeader: String
    /// How the access token names the user: taken as the user id (``AppAuthentication/example``,
    /// the default, for development) or verified as a JWT.
    public var authentication: AppAuthentication = .example
    /// The shortest access token accepted.
    public var minimumAccessTokenLength: Int
    /// The longest access token accepted.
    public var maximumAccessTokenLength: Int
    /// The certificate the backend serves HTTPS with; nil serves plain HTTP (behind a proxy that
    /// ends TLS, say). Its calls to Swedbank Pay then also trust the identity's
    /// ``TLSIdentity/trustAnchors``: `serve --https` calls a sandbox presenting the same one.
    public var tls: TLSIdentity?
    /// The trampoline page the iOS universal-link helper redirects to (another domain than the
    /// backend, as universal links require).
    public var trampolineURL: URL
    /// App ids (`TEAMID.bundle.id`) listed in the apple-app-site-association file.
    public var iosAppIDs: [String]
    /// The custom URL schemes of the merchant's apps (`com.example.app`), the only schemes the iOS
    /// universal-link helper redirects to; compared case-insensitively. Empty: the helper refuses
    /// every request with a 400 problem saying no scheme is configured.
    public var appSchemes: [String]
    /// The largest request body accepted, in bytes; larger bodies get 413.
    public var maxRequestBodyBytes: Int
    /// The deepest nesting of arrays and objects a request body may have.
    public var maxJSONDepth: Int
    /// The longest `Idempotency-Key` accepted.
    public var maxIdempotencyKeyLength: Int
    /// Seconds a call to Swedbank Pay may take in all (connect, send, answer) before the app gets
    /// a `gatewaytimeout` problem.
    public var swedbankPayTimeout: TimeInterval
    /// The largest Swedbank Pay answer read, in bytes; a larger one is a `badgateway` problem.
    public var maxSwedbankPayResponseBytes: Int
    /// Whether a payment order may carry a `paymentToken` (one-click payments). Off by default, as
    /// in the example backend: a token lets anyone who knows it pay with someone's card.
    public var allowPaymentTokens: Bool
    /// Seconds the discovery document (`GET /`) may be cached by apps.
    public var discoveryMaxAge: Int
    /// The most calls to Swedbank Pay in flight at once (and the HTTP client's connections to it).
    /// Swedbank Pay takes 100–800 ms per call, so this, divided by that latency, bounds the
    /// backend's rate: 1,024 allows about 5,000 calls/s at 200 ms.
    public var maxSwedbankPayCallsInFlight: Int = Self.defaultMaxSwedbankPayCallsInFlight
    /// The most calls waiting for one of those slots; a call waits at most until its own deadline
    /// (``swedbankPayTimeout``), and beyond this many waiting the app gets `gatewaytimeout` at once.
    public var maxSwedbankPayCallsQueued: Int = Self.defaultMaxSwedbankPayCallsQueued
    /// Callbacks are answered at once and verified afterwards (a read at Swedbank Pay): at most
    /// this many orders are read at once for callbacks…
    public var maxCallbackVerificationsRunning: Int = 4
    /// …and at most this many wait; beyond, callbacks wait in the database for the next retry
    /// round, so forged callbacks cannot make the backend flood Swedbank Pay. Also the most
    /// callbacks kept for ids that are no order yet (`callback_early`, ten minutes each).
    public var maxCallbacksWaiting: Int = Self.defaultMaxCallbacksWaiting
    /// Seconds after which a recorded callback that is still not verified (its read failed, or
    /// the process that answered it stopped) is verified again; the backend looks for such
    /// callbacks this often, and once at start.
    public var callbackRetryAfter: TimeInterval = 15
    /// Seconds a graceful shutdown (SIGTERM) waits for the requests in progress before it cuts
    /// them; nil follows the Swedbank Pay timeout (``shutdownGracePeriod``).
    public var shutdownGrace: TimeInterval?
    /// The allowed ``shutdownGrace``, in seconds.
    public static let shutdownGraceRange: ClosedRange<TimeInterval> = 1...3_600

    // The defaults and allowed values of the limits above, named once: `swedbankpay`'s settings
    // say them in help and its documentation table from here.

    /// ``swedbankPayTimeout`` unless set otherwise, in seconds.
    public static let defaultSwedbankPayTimeout: TimeInterval = 10
    /// The allowed ``swedbankPayTimeout``, in seconds.
    public static let swedbankPayTimeoutRange: ClosedRange<TimeInterval> = 0.1...300
    /// ``maxSwedbankPayCallsInFlight`` unless set otherwise.
    public static let defaultMaxSwedbankPayCallsInFlight = 1_024
    /// The allowed ``maxSwedbankPayCallsInFlight``.
    public static let maxSwedbankPayCallsInFlightRange = 1...100_000
    /// ``maxSwedbankPayCallsQueued`` unless set otherwise.
    public static let defaultMaxSwedbankPayCallsQueued = 4_096
    /// The allowed ``maxSwedbankPayCallsQueued``.
    public static let maxSwedbankPayCallsQueuedRange = 0...1_000_000
    /// The most payment orders one app user creates in any ``orderCreationWindow`` (a request over
    /// it gets a 429 problem with `Retry-After`); nil: no limit. Each process counts its own
    /// requests, from the backend's clock. Retries of one `Idempotency-Key` count too.
    public var maxOrderCreationsPerUser: Int? = Self.defaultMaxOrderCreationsPerUser
    /// The window of ``maxOrderCreationsPerUser``, in seconds: a user's allowance refills evenly
    /// over it.
    public var orderCreationWindow: TimeInterval = Self.defaultOrderCreationWindow
    /// ``maxOrderCreationsPerUser`` unless set otherwise.
    public static let defaultMaxOrderCreationsPerUser = 100
    /// The allowed ``maxOrderCreationsPerUser``.
    public static let maxOrderCreationsPerUserRange = 1...1_000_000
    /// ``orderCreationWindow`` unless set otherwise, in seconds.
    public static let defaultOrderCreationWindow: TimeInterval = 3_600
    /// The allowed ``orderCreationWindow``, in seconds.
    public static let orderCreationWindowRange: ClosedRange<TimeInterval> = 1...604_800
    /// ``maxCallbacksWaiting`` unless set otherwise.
    public static let defaultMaxCallbacksWaiting = 1_000
    /// The allowed ``maxCallbacksWaiting``.
    public static let maxCallbacksWaitingRange = 0...1_000_000
    /// Keys of the merchant's own staff and systems for the admin API (`/admin/…`: list orders,
    /// capture, cancel, reverse), sent as `Authorization: Bearer <key>`. Empty: no admin API. Never
    /// the same as an app key: an app can be taken apart, so what it holds must not move money.
    public var adminKeys: [Secret] = []

    public init(
        swedbankPayBaseURL: URL,
        merchantToken: Secret,
        payeeId: String,
        publicBaseURL: URL,
        apiKeys: [Secret],
        apiKeyHeader: String = "x-payex-sample-apikey",
        accessTokenHeader: String = "x-payex-sample-access-token",
        minimumAccessTokenLength: Int = 5,
        maximumAccessTokenLength: Int = 256,
        trampolineURL: URL = URL(string: "https://ecom.stage.payex.com/externalresourcehost/trampoline")!,
        iosAppIDs: [String] = [],
        appSchemes: [String] = [],
        maxRequestBodyBytes: Int = 64 * 1024,
        maxJSONDepth: Int = 32,
        maxIdempotencyKeyLength: Int = 255,
        swedbankPayTimeout: TimeInterval = BackendConfiguration.defaultSwedbankPayTimeout,
        maxSwedbankPayResponseBytes: Int = 1024 * 1024,
        allowPaymentTokens: Bool = false,
        discoveryMaxAge: Int = 3_600
    ) {
        self.swedbankPayBaseURL = swedbankPayBaseURL
        self.merchantToken = merchantToken
        self.payeeId = payeeId
        self.publicBaseURL = publicBaseURL
        self.apiKeys = apiKeys
        self.apiKeyHeader = apiKeyHeader
        self.accessTokenHeader = accessTokenHeader
        self.minimumAccessTokenLength = minimumAccessTokenLength
        self.maximumAccessTokenLength = maximumAccessTokenLength
        self.trampolineURL = trampolineURL
        self.iosAppIDs = iosAppIDs
        self.appSchemes = appSchemes
        self.maxRequestBodyBytes = maxRequestBodyBytes
        self.maxJSONDepth = maxJSONDepth
        self.maxIdempotencyKeyLength = maxIdempotencyKeyLength
        self.swedbankPayTimeout = swedbankPayTimeout
        self.maxSwedbankPayResponseBytes = maxSwedbankPayResponseBytes
        self.allowPaymentTokens = allowPaymentTokens
        self.discoveryMaxAge = discoveryMaxAge
    }

    /// Every reason this configuration cannot run, one message per wrong setting; empty when it
    /// can. Messages name settings, never secret values.
    public func problems() -> [String] {
        var problems: [String] = []
        if !Self.isHTTPOrigin(swedbankPayBaseURL) {
            problems.append("the Swedbank Pay base URL must be an absolute http(s) URL without a path")
        }
        if !Self.isHTTPOrigin(publicBaseURL) {
            problems.append("the public URL must be an absolute http(s) URL without a path")
        }
        if let callbackBaseURL, !Self.isHTTPOrigin(callbackBaseURL) {
            problems.append("the callback URL must be an absolute http(s) URL without a path")
        }
        if merchantToken.value.isEmpty { problems.append("the merchant token is empty") }
        if merchantToken.value.contains(where: { $0.isWhitespace || $0.isNewline }) {
            problems.append("the merchant token contains white space")
        }
        if payeeId.isEmpty { problems.append("the payee id is empty") }
        problems += payeeDetails.problems()
        if apiKeys.isEmpty { problems.append("no API key is configured, so no app could call the backend") }
        if apiKeys.contains(where: { $0.value.count < 8 }) { problems.append("API keys must be at least 8 characters") }
        if adminKeys.contains(where: { $0.value.count < 16 }) {
            problems.append("admin keys must be at least 16 characters")
        }
        if adminKeys.contains(where: { admin in apiKeys.contains { $0.value == admin.value } }) {
            problems.append("an admin key is also an app API key; an app must never hold an admin key")
        }
        for (name, header) in [("API key", apiKeyHeader), ("access token", accessTokenHeader)]
        where !Self.isHeaderName(header) {
            problems.append("the \(name) header name is not a valid HTTP header name")
        }
        for (name, header) in [("API key", apiKeyHeader), ("access token", accessTokenHeader)]
        where Self.browserSendsCrossSite(header) {
            problems.append(
                "the \(name) header must not be one a browser sends to another site unasked (\(header)): app calls are taken as JSON whatever their Content-Type because their credentials are in headers a browser cannot send cross-site"
            )
        }
        if minimumAccessTokenLength < 1 || maximumAccessTokenLength < minimumAccessTokenLength {
            problems.append("access token lengths must satisfy 1 ≤ minimum ≤ maximum")
        }
        if case .jwt(let settings) = authentication { problems += settings.problems() }
        if trampolineURL.scheme.map({ ["http", "https"].contains($0.lowercased()) }) != true
            || trampolineURL.host?.isEmpty != false
        {
            problems.append("the trampoline URL must be an absolute http(s) URL")
        }
        if maxRequestBodyBytes < 1_024 { problems.append("the request body limit must be at least 1024 bytes") }
        if let limit = maxOrderCreationsPerUser, !Self.maxOrderCreationsPerUserRange.contains(limit) {
            problems.append("the order creations per user must be between 1 and 1000000")
        }
        if !Self.orderCreationWindowRange.contains(orderCreationWindow) {
            problems.append("the order creation window must be between 1 and 604800 seconds")
        }
        if maxJSONDepth < 4 { problems.append("the JSON depth limit must be at least 4") }
        if !Self.swedbankPayTimeoutRange.contains(swedbankPayTimeout) {
            problems.append("the Swedbank Pay timeout must be between 0.1 and 300 seconds")
        }
        if maxSwedbankPayResponseBytes < 4_096 {
            problems.append("the Swedbank Pay response limit must be at least 4096 bytes")
        }
        if !Self.maxSwedbankPayCallsInFlightRange.contains(maxSwedbankPayCallsInFlight) {
            problems.append("the calls to Swedbank Pay in flight must be between 1 and 100000")
        }
        if !(1...1_000).contains(maxCallbackVerificationsRunning) {
            problems.append("the callback verifications at once must be between 1 and 1000")
        }
        if !Self.maxCallbacksWaitingRange.contains(maxCallbacksWaiting) {
            problems.append("the callbacks waiting for verification must be between 0 and 1000000")
        }
        if !(0.05...86_400).contains(callbackRetryAfter) {
            problems.append("the callback retry interval must be between 0.05 and 86400 seconds")
        }
        if let shutdownGrace, !Self.shutdownGraceRange.contains(shutdownGrace) {
            problems.append("the shutdown grace must be between 1 and 3600 seconds")
        }
        if !Self.maxSwedbankPayCallsQueuedRange.contains(maxSwedbankPayCallsQueued) {
            problems.append("the calls to Swedbank Pay waiting must be between 0 and 1000000")
        }
        problems += appSchemes.compactMap(AppScheme.problem)
        if appSchemes.count > 100 { problems.append("at most 100 app schemes can be configured") }
        return problems
    }

    /// `scheme://host[:port]` with nothing after it but an optional `/`.
    static func isHTTPOrigin(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return false }
        return (url.path.isEmpty || url.path == "/") && url.query == nil && url.fragment == nil
    }

    static func isHeaderName(_ name: String) -> Bool {
        let token = CharacterSet(
            charactersIn: "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return !name.isEmpty && name.unicodeScalars.allSatisfy { token.contains($0) }
    }

    /// How long a graceful shutdown waits: ``shutdownGrace``, or else the Swedbank Pay timeout plus
    /// 5 seconds — the longest an order creation in progress can take (waiting for a call slot
    /// and the call share one deadline; the seconds after it are for recording the answer), and
    /// the age at which a creation left pending counts as abandoned.
    public var shutdownGracePeriod: TimeInterval { shutdownGrace ?? swedbankPayTimeout + Self.recordingMargin }

    /// Seconds beyond the Swedbank Pay timeout for writing an answer down.
    public static let recordingMargin: TimeInterval = 5

    /// Whether a web page can make a browser send `name` to another origin without a CORS
    /// preflight: the CORS-safelisted request headers, and those the browser sets itself.
    static func browserSendsCrossSite(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [
            "accept", "accept-language", "content-language", "content-type", "range", "cookie", "origin", "referer",
            "user-agent", "host",
        ].contains(lower) || lower.hasPrefix("sec-")
    }

    /// The origin of ``publicBaseURL`` without a trailing `/`.
    public var publicOrigin: String { Self.origin(publicBaseURL) }

    /// The origin of the `callbackUrl` given to Swedbank Pay: ``callbackBaseURL``'s, else the
    /// public one.
    public var callbackOrigin: String { callbackBaseURL.map(Self.origin) ?? publicOrigin }
    /// The origin of ``swedbankPayBaseURL`` without a trailing `/`.
    public var swedbankPayOrigin: String { Self.origin(swedbankPayBaseURL) }

    static func origin(_ url: URL) -> String {
        let text = url.absoluteString
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
