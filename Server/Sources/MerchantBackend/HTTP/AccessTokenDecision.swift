import Foundation
import SwedbankPaySDK

/// The verdict on an access token but for the arithmetic of its signature: its form (three
/// base64url parts, a JSON header and claims), the keys its algorithm may meet (HS256 the shared
/// secrets, RS256 and ES256 the one key their `kid` names, anything else none), and the claims.
/// Generic over the key, with the signature check given: ``AccessTokenVerifier`` gives jwt-kit's,
/// and the fuzz target one of its own, so what is decided here is fuzzed as it runs.
enum AccessTokenDecision {
    /// Why a token is refused; each is a 401 problem naming the reason, never the token.
    enum Refusal: Error, Equatable, Sendable, CaseIterable {
        case malformed, unsupportedAlgorithm, unknownKey, badSignature
        case missingExpiry, expired, notYetValid, wrongAudience, wrongIssuer, missingUser

        var detail: String {
            switch self {
            case .malformed: "The access token is not a well-formed JWT."
            case .unsupportedAlgorithm:
                "The access token's algorithm is not accepted (HS256, RS256 or ES256 with a configured key)."
            case .unknownKey: "The access token names no key this backend has for its algorithm."
            case .badSignature: "The access token's signature is not valid."
            case .missingExpiry: "The access token has no expiry (exp)."
            case .expired: "The access token has expired."
            case .notYetValid: "The access token is not valid yet (nbf)."
            case .wrongAudience: "The access token is not for this backend (aud)."
            case .wrongIssuer: "The access token is not from the expected issuer (iss)."
            case .missingUser: "The access token does not name a valid user id."
            }
        }
    }

    /// The user a token names, or why it is refused.
    typealias Verdict = Result<String, Refusal>

    /// What the claims must satisfy.
    struct Rules: Sendable {
        var audience: String
        var issuer: String?
        var userClaim: String
        /// Seconds of clock difference tolerated for `exp` and `nbf`.
        var leeway: TimeInterval
        /// The length of a user id in UTF-8 bytes: the access-token limits of the example mode,
        /// so a user id is the same kind of value in both modes.
        var userLengths: ClosedRange<Int>
    }

    /// Headers and claims nest little; anything deeper is not a token anyone issued.
    static let maxJSONDepth = 16

    /// The keys bound to each algorithm.
    struct Keys<Key> {
        var hs256: [Key]
        var rs256: [String: Key]
        var es256: [String: Key]
    }

    /// The verdict on `token` at `now`, with `keys` and `verify` checking a signature with a key.
    static func decide<Key>(
        _ token: String, keys: Keys<Key>, verify: (Key, Data, [UInt8]) -> Bool, rules: Rules, now: Date
    ) -> Verdict {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = object(parts[0]), case .string(let alg)? = header["alg"] else {
            return .failure(.malformed)
        }
        // RFC 7515 §4.1.11: extensions marked critical must be understood; this backend knows none.
        guard header["crit"] == nil else { return .failure(.malformed) }
        let candidates: [Key]
        switch alg {
        case "HS256":
            guard !keys.hs256.isEmpty else { return .failure(.unsupportedAlgorithm) }
            candidates = keys.hs256
        case "RS256", "ES256":
            let bound = alg == "RS256" ? keys.rs256 : keys.es256
            guard !bound.isEmpty else { return .failure(.unsupportedAlgorithm) }
            guard case .string(let kid)? = header["kid"], let key = bound[kid] else { return .failure(.unknownKey) }
            candidates = [key]
        default:
            return .failure(.unsupportedAlgorithm)
        }
        guard let signature = base64URLDecoded(parts[2]) else { return .failure(.malformed) }
        let signed = Array(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard candidates.contains(where: { verify($0, signature, signed) }) else {
            return .failure(.badSignature)
        }
        guard let claims = object(parts[1]) else { return .failure(.malformed) }
        return check(claims, rules: rules, now: now.timeIntervalSince1970)
    }

    /// The claims' verdict at `now` (seconds since 1970, as NumericDate counts them).
    private static func check(_ claims: SwedbankPaySDK.JSONObject, rules: Rules, now: Double) -> Verdict {
        guard let expiryClaim = claims["exp"] else { return .failure(.missingExpiry) }
        guard let expiry = seconds(expiryClaim) else { return .failure(.malformed) }
        // RFC 7519 §4.1.4: not accepted on or after the expiry.
        guard now < expiry + rules.leeway else { return .failure(.expired) }
        if let notBeforeClaim = claims["nbf"] {
            guard let notBefore = seconds(notBeforeClaim) else { return .failure(.malformed) }
            guard now + rules.leeway >= notBefore else { return .failure(.notYetValid) }
        }
        // RFC 7519 §4.1.3: one string, or an array of them.
        let audiences: [String]
        switch claims["aud"] {
        case .string(let one)?: audiences = [one]
        case .array(let many)?: audiences = many.compactMap(\.stringValue)
        default: audiences = []
        }
        guard audiences.contains(rules.audience) else { return .failure(.wrongAudience) }
        if let issuer = rules.issuer, claims["iss"] != .string(issuer) { return .failure(.wrongIssuer) }
        guard case .string(let user)? = claims[rules.userClaim], rules.userLengths.contains(user.utf8.count),
            !user.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return .failure(.missingUser) }
        return .success(user)
    }

    private static func seconds(_ value: SwedbankPaySDK.JSONValue) -> Double? {
        switch value {
        case .integer(let whole): Double(whole)
        case .number(let fractional): fractional
        default: nil
        }
    }

    /// A JSON object encoded as base64url, or nil.
    private static func object(_ part: Substring) -> SwedbankPaySDK.JSONObject? {
        guard let data = base64URLDecoded(part),
            let value = try? SwedbankPaySDK.JSONValue(parsing: data, maxDepth: maxJSONDepth)
        else { return nil }
        return value.objectValue
    }

    /// base64url without padding (RFC 7515 §2), strictly: any other character is refused.
    static func base64URLDecoded(_ part: Substring) -> Data? {
        guard part.utf8.count % 4 != 1,
            part.utf8.allSatisfy({ byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            })
        else { return nil }
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.utf8.count % 4) % 4)
        return Data(base64Encoded: text)
    }
}

extension AccessTokenDecision.Keys: Sendable where Key: Sendable {}
