import Foundation
import JWTKit

/// How the backend knows which user an app call is for.
public enum AppAuthentication: Sendable {
    /// The example backend's way: the access token *is* the user id, unverified — whoever sends
    /// a token is that user. For development only; `swedbankpay backend` refuses it on an address
    /// other apps can reach unless told otherwise.
    case example
    /// The access token is a JSON Web Token signed by the merchant's identity provider; the user
    /// id is one of its claims.
    case jwt(JWTAuthentication)
}

/// What makes an access token a valid JWT for this backend.
public struct JWTAuthentication: Sendable {
    /// Shared secrets for HS256 tokens (any of them may have signed a token).
    public var hmacSecrets: [Secret]
    /// The public keys for RS256 and ES256 tokens, as a JWKS document; every key needs a `kid`,
    /// and a token names the key that signed it in its header.
    public var jwks: JWKS?
    /// The claim holding the user id (a non-empty string).
    public var userClaim: String
    /// The audience a token must be for (`aud`, a string or an array holding it).
    public var audience: String
    /// The issuer a token must come from (`iss`), if set.
    public var issuer: String?
    /// Seconds of clock difference tolerated when checking `exp` and `nbf`.
    public var leeway: TimeInterval
    /// The longest token accepted, in bytes.
    public var maxTokenLength: Int

    public init(
        hmacSecrets: [Secret] = [], jwks: JWKS? = nil, userClaim: String = "sub", audience: String,
        issuer: String? = nil, leeway: TimeInterval = 30, maxTokenLength: Int = 8_192
    ) {
        self.hmacSecrets = hmacSecrets
        self.jwks = jwks
        self.userClaim = userClaim
        self.audience = audience
        self.issuer = issuer
        self.leeway = leeway
        self.maxTokenLength = maxTokenLength
    }

    /// Every reason these settings cannot verify tokens; empty when they can.
    func problems() -> [String] {
        var problems: [String] = []
        if hmacSecrets.isEmpty && (jwks?.keys.isEmpty ?? true) {
            problems.append("JWT authentication needs an HS256 secret or a JWKS file with at least one key")
        }
        if hmacSecrets.contains(where: { $0.value.utf8.count < 32 }) {
            problems.append("HS256 secrets must be at least 32 bytes")
        }
        if let keys = jwks?.keys, keys.contains(where: { $0.keyIdentifier == nil }) {
            problems.append("every key of the JWKS file needs a kid")
        }
        if userClaim.isEmpty { problems.append("the JWT user claim is empty") }
        if audience.isEmpty { problems.append("the JWT audience is empty") }
        if issuer?.isEmpty == true { problems.append("the JWT issuer is empty") }
        if !(0...600).contains(leeway) { problems.append("the JWT leeway must be between 0 and 600 seconds") }
        if !(256...65_536).contains(maxTokenLength) {
            problems.append("the longest JWT must be between 256 and 65536 bytes")
        }
        return problems
    }
}
