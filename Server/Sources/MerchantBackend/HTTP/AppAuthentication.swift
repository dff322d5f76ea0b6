import Foundation
import JWTKit
import ServerSupport

/// How the backend knows which user an app call is for.
public enum AppAuthentication: Sendable {
    /// The example backend's way: the access token *is* the user id, unverified — whoever sends
    /// a token is that user. For development only; `swedbankpay backend` refuses it on an address
    /// other machines can reach unless told otherwise (``problems(listeningOn:allowExampleOffLoopback:)``).
    case example
    /// The access token is a JSON Web Token signed by the merchant's identity provider; the user
    /// id is one of its claims.
    case jwt(JWTAuthentication)

    /// Every reason not to serve apps on `host` this way, one message each; empty when it may.
    ///
    /// In the example mode anyone who can reach the backend can be any user, so off loopback it
    /// needs `allowExampleOffLoopback` (someone said so explicitly). The JWT mode may listen
    /// anywhere.
    public func problems(listeningOn host: String, allowExampleOffLoopback: Bool) -> [String] {
        guard case .example = self, !allowExampleOffLoopback, !LoopbackHost.contains(host) else { return [] }
        return [
            "the example authentication takes every access token as its own user id, so anyone reaching \(host) could"
                + " act as any user: use --auth jwt (SWEDBANKPAY_AUTH=jwt), listen on 127.0.0.1, or give"
                + " --allow-example-auth (SWEDBANKPAY_ALLOW_EXAMPLE_AUTH=1) to run it there anyway"
        ]
    }
}

/// What makes an access token a valid JWT for this backend.
///
/// Checked as a whole by ``problems()`` (part of ``BackendConfiguration/problems()``); the
/// decision itself is ``AccessTokenVerifier``'s.
public struct JWTAuthentication: Sendable {
    /// Shared secrets for HS256 tokens (any of them may have signed a token); at least 32 bytes
    /// each, as RFC 7518 asks of an HS256 key.
    public var hmacSecrets: [Secret]
    /// The public keys of RS256 and ES256 tokens, as a JWKS document (``readJWKS(path:)``). Each
    /// usable key has a `kid` that tokens name in their header: an RSA key (no `alg` or `RS256`)
    /// verifies RS256 only, a P-256 key (no `alg` or `ES256`) ES256 only; other keys are ignored.
    public var jwks: JWKS?
    /// The file ``jwks`` was read from, read again by ``MerchantBackend/reloadJWTKeys()`` so keys
    /// can rotate without a restart; nil when the keys were given otherwise (they then never change).
    public var jwksFile: String?
    /// Seconds between reads of ``jwksFile`` (besides a reload on SIGHUP, which `swedbankpay`
    /// does); 0 reads it only on SIGHUP.
    public var jwksReloadInterval: TimeInterval = Self.defaultJWKSReloadInterval
    /// The claim holding the user id (a string within the access-token length limits).
    public var userClaim: String
    /// The audience a token must be for (`aud`, a string or an array holding it).
    public var audience: String
    /// The issuer a token must come from (`iss`), if set.
    public var issuer: String?
    /// Seconds of clock difference tolerated when checking `exp` and `nbf` (0–300).
    public var leeway: TimeInterval
    /// The longest token accepted, in bytes (256–65,536); RS256 tokens are several hundred
    /// bytes longer than the example mode's 256.
    public var maxTokenLength: Int

    /// The longest JWKS file read.
    public static let maxJWKSFileBytes = 1 << 20
    /// The claim holding the user id unless set otherwise.
    public static let defaultUserClaim = "sub"
    /// The leeway unless set otherwise, in seconds.
    public static let defaultLeeway: TimeInterval = 30
    /// The allowed leeway, in seconds.
    public static let leewayRange: ClosedRange<TimeInterval> = 0...300
    /// How often the JWKS file is read again unless set otherwise: every minute.
    public static let defaultJWKSReloadInterval: TimeInterval = 60
    /// The allowed reload interval when there is one, in seconds (0 turns it off).
    public static let jwksReloadIntervalRange: ClosedRange<TimeInterval> = 1...86_400
    /// The allowed longest token, in bytes.
    public static let maxTokenLengthRange: ClosedRange<Int> = 256...65_536

    public init(
        hmacSecrets: [Secret] = [], jwks: JWKS? = nil, userClaim: String = JWTAuthentication.defaultUserClaim,
        audience: String, issuer: String? = nil, leeway: TimeInterval = JWTAuthentication.defaultLeeway,
        maxTokenLength: Int = 8_192
    ) {
        self.hmacSecrets = hmacSecrets
        self.jwks = jwks
        self.userClaim = userClaim
        self.audience = audience
        self.issuer = issuer
        self.leeway = leeway
        self.maxTokenLength = maxTokenLength
    }

    /// Every reason these settings cannot verify tokens, one message each; empty when they can.
    /// Never prints a secret (a JWKS holds public keys; only `kid`s are named).
    func problems() -> [String] {
        let keys = JWTKeyMaterial(self)
        var problems: [String] = []
        if keys.isEmpty {
            problems.append(
                "the JWT authentication has no key: give an HS256 secret (SWEDBANKPAY_JWT_SECRET or --jwt-secret-file)"
                    + " or a JWKS file with an RS256 or ES256 key (--jwt-jwks-file)")
        }
        if hmacSecrets.contains(where: { $0.value.utf8.count < 32 }) {
            problems.append("HS256 secrets must be at least 32 bytes")
        }
        problems += keys.problems
        if userClaim.isEmpty { problems.append("the JWT user claim name is empty") }
        if audience.isEmpty { problems.append("the JWT audience is empty") }
        if issuer?.isEmpty == true { problems.append("the JWT issuer is empty") }
        if !Self.leewayRange.contains(leeway) {
            problems.append("the JWT leeway must be 0 to 300 seconds")
        }
        if !Self.maxTokenLengthRange.contains(maxTokenLength) {
            problems.append("the longest JWT must be 256 to 65,536 bytes")
        }
        if jwksReloadInterval != 0 && !Self.jwksReloadIntervalRange.contains(jwksReloadInterval) {
            problems.append("the JWKS reload interval must be 0 (off) or 1 to 86,400 seconds")
        }
        return problems
    }

    /// The JWKS document in the file at `path`. The error names the file.
    public static func readJWKS(path: String) throws(JWKSFileError) -> JWKS {
        try decodeJWKS(try readJWKSData(path: path), path: path)
    }

    /// The bytes of the JWKS file at `path`, at most ``maxJWKSFileBytes``.
    static func readJWKSData(path: String) throws(JWKSFileError) -> Data {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw JWKSFileError(path: path, reason: "cannot be read")
        }
        guard data.count <= maxJWKSFileBytes else {
            throw JWKSFileError(path: path, reason: "is larger than 1 MiB")
        }
        return data
    }

    /// `data` (read from `path`) as a JWKS document.
    static func decodeJWKS(_ data: Data, path: String) throws(JWKSFileError) -> JWKS {
        do {
            return try JSONDecoder().decode(JWKS.self, from: data)
        } catch {
            throw JWKSFileError(
                path: path, reason: "is not a JWKS document ({\"keys\": [...]} with RSA or EC public keys)")
        }
    }
}

/// A JWKS file that cannot be used; the message names the file.
public struct JWKSFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "the JWKS file \(path) \(reason)" }
}
