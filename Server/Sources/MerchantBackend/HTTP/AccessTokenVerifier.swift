import Foundation
import JWTKit

/// Checks an access token that is a JWT and names its user, by ``JWTAuthentication``.
///
/// The algorithm a token claims decides the keys tried, and each key verifies only its own
/// algorithm: HS256 against the shared secrets, RS256 and ES256 against the JWKS key its `kid`
/// names (an RSA key for RS256, a P-256 key for ES256). So a token signed with HS256 using a public
/// key as the secret (algorithm confusion) never meets that key, and `alg: none` or any other
/// algorithm is refused outright. Signatures are jwt-kit's; the claims (`exp`, `nbf`, `aud`,
/// `iss`, the user) are checked here against the injected clock.
actor AccessTokenVerifier {
    /// Why a token is refused; each is a 401 problem naming the reason, never the token.
    enum Refusal: Error, Equatable, Sendable {
        case malformed, unsupportedAlgorithm, unknownKey, badSignature, expired, notYetValid
        case wrongAudience, wrongIssuer, missingUser

        var detail: String {
            switch self {
            case .malformed: "The access token is not a well-formed JWT."
            case .unsupportedAlgorithm:
                "The access token's algorithm is not accepted (HS256, RS256 or ES256 with a configured key)."
            case .unknownKey: "The access token names no key this backend knows."
            case .badSignature: "The access token's signature is not valid."
            case .expired: "The access token has expired."
            case .notYetValid: "The access token is not valid yet."
            case .wrongAudience: "The access token is not for this backend (audience)."
            case .wrongIssuer: "The access token is not from the expected issuer."
            case .missingUser: "The access token does not name a user."
            }
        }
    }

    private let settings: JWTAuthentication
    private let now: @Sendable () -> Date
    private let longestUser: Int
    private var hmacKeys: JWTKeyCollection?
    private var publicKeys: JWTKeyCollection?
    /// For each JWKS key, the one algorithm it verifies.
    private let keyAlgorithms: [String: String]

    init(settings: JWTAuthentication, longestUser: Int, now: @escaping @Sendable () -> Date = { Date() }) {
        self.settings = settings
        self.now = now
        self.longestUser = longestUser
        var algorithms: [String: String] = [:]
        for key in settings.jwks?.keys ?? [] {
            guard let kid = key.keyIdentifier?.string else { continue }
            if key.keyType == .rsa && (key.algorithm == nil || key.algorithm == .rs256) { algorithms[kid] = "RS256" }
            if key.keyType == .ecdsa && (key.algorithm == nil || key.algorithm == .es256) { algorithms[kid] = "ES256" }
        }
        keyAlgorithms = algorithms
    }

    /// Loads the keys; throws what is wrong with them (for the start-up check).
    func prepare() async throws {
        if hmacKeys == nil, !settings.hmacSecrets.isEmpty {
            let keys = JWTKeyCollection()
            for (index, secret) in settings.hmacSecrets.enumerated() {
                await keys.add(
                    hmac: HMACKey(from: secret.value), digestAlgorithm: .sha256,
                    kid: JWKIdentifier(string: "hs256-\(index)"))
            }
            hmacKeys = keys
        }
        if publicKeys == nil, let jwks = settings.jwks {
            let keys = JWTKeyCollection()
            try await keys.add(jwks: jwks)
            publicKeys = keys
        }
    }

    /// The user `token` names, or why it is refused.
    func user(for token: String) async -> Result<String, Refusal> {
        do {
            try await prepare()
        } catch {
            return .failure(.unknownKey)
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Self.json(parts[0]), let algorithm = header["alg"] as? String else {
            return .failure(.malformed)
        }
        let claims: OpenClaims
        do {
            switch algorithm {
            case "HS256":
                guard let hmacKeys else { return .failure(.unsupportedAlgorithm) }
                claims = try await hmacKeys.verify(token, as: OpenClaims.self, iteratingKeys: true)
            case "RS256", "ES256":
                guard let publicKeys else { return .failure(.unsupportedAlgorithm) }
                guard let kid = header["kid"] as? String, let expected = keyAlgorithms[kid] else {
                    return .failure(.unknownKey)
                }
                guard expected == algorithm else { return .failure(.unsupportedAlgorithm) }
                claims = try await publicKeys.verify(token, as: OpenClaims.self)
            default:
                return .failure(.unsupportedAlgorithm)
            }
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            return .failure(.badSignature)
        } catch let error as JWTError where error.errorType == .unknownKID || error.errorType == .noKeyProvided {
            return .failure(.unknownKey)
        } catch {
            return .failure(.malformed)
        }
        return check(claims)
    }

    /// The claims' verdict at the injected time.
    private func check(_ claims: OpenClaims) -> Result<String, Refusal> {
        let now = now().timeIntervalSince1970
        guard let expiry = claims.values["exp"]?.number else { return .failure(.expired) }
        if now > expiry + settings.leeway { return .failure(.expired) }
        if let notBefore = claims.values["nbf"]?.number, now + settings.leeway < notBefore {
            return .failure(.notYetValid)
        }
        let audiences: [String]
        switch claims.values["aud"] {
        case .string(let one): audiences = [one]
        case .strings(let many): audiences = many
        default: audiences = []
        }
        guard audiences.contains(settings.audience) else { return .failure(.wrongAudience) }
        if let issuer = settings.issuer, claims.values["iss"] != .string(issuer) { return .failure(.wrongIssuer) }
        guard case .string(let user)? = claims.values[settings.userClaim], !user.isEmpty,
            user.count <= longestUser, user.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f })
        else { return .failure(.missingUser) }
        return .success(user)
    }

    private static func json(_ part: Substring) -> [String: Any]? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }
}

/// Every claim of a token, kept as what the checks need: strings, numbers, string arrays.
struct OpenClaims: JWTPayload {
    enum Value: Equatable, Sendable, Codable {
        case string(String)
        case number(Double)
        case strings([String])
        case other

        var number: Double? { if case .number(let value) = self { value } else { nil } }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let texts = try? container.decode([String].self) {
                self = .strings(texts)
            } else {
                self = .other
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            case .strings(let texts): try container.encode(texts)
            case .other: try container.encodeNil()
            }
        }
    }

    var values: [String: Value]

    init(values: [String: Value]) { self.values = values }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        var values: [String: Value] = [:]
        for key in container.allKeys { values[key.stringValue] = try container.decode(Value.self, forKey: key) }
        self.values = values
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, value) in values { try container.encode(value, forKey: Key(stringValue: name)) }
    }

    /// The claims are checked by ``AccessTokenVerifier`` against its own clock.
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
