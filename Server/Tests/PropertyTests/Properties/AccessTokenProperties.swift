import Foundation
import SwedbankPaySDK

@testable import MerchantBackend

/// The JWT mode's verdict on an access token (``AccessTokenDecision``), shared like
/// ``SDKProperties``: the property tests feed it generated tokens, `AccessTokenFuzz` any bytes.
/// Signatures here are a toy keyed checksum (``sign(_:key:)``) standing in for jwt-kit's: the
/// decision takes the check as a function, so everything but the cryptography runs as it does in
/// the backend. Nil when the property holds.
enum AccessTokenProperties {
    /// Keys as the backend binds them: two shared secrets, one RSA key and one EC key by `kid`.
    static let keys = AccessTokenDecision.Keys(
        hs256: ["secret-a", "secret-b"], rs256: ["rsa-1": "rsa"], es256: ["ec-1": "ec"])
    static let rules = AccessTokenDecision.Rules(
        audience: "backend", issuer: "issuer", userClaim: "sub", leeway: 30, userLengths: 5...256)
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// The toy signature: 8 bytes of FNV-1a over the key and the signed bytes.
    static func sign(_ signed: [UInt8], key: String) -> Data {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(key.utf8) + [0] + signed { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return withUnsafeBytes(of: hash.bigEndian) { Data($0) }
    }

    static func verdict(_ token: String) -> AccessTokenDecision.Verdict {
        AccessTokenDecision.decide(
            token, keys: keys, verify: { key, signature, signed in signature == sign(signed, key: key) },
            rules: rules, now: now)
    }

    static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// A token of `header` and `claims` (any bytes), signed with `key`.
    static func token(header: [UInt8], claims: [UInt8], key: String) -> String {
        let signed = base64URL(header) + "." + base64URL(claims)
        return signed + "." + base64URL(sign(Array(signed.utf8), key: key))
    }

    /// Any text: accepted only when it is three base64url parts whose signature is a bound key's
    /// over the first two, for the key the header's algorithm (and `kid`) may meet, and whose
    /// claims are the ones ``claimsVerdict(_:)`` accepts — and then for the user they name.
    static func anyToken(_ token: String) -> String? {
        guard case .success(let user) = verdict(token) else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = object(parts[0]), let claims = object(parts[1]),
            let signature = AccessTokenDecision.base64URLDecoded(parts[2])
        else { return "\(token.debugDescription) accepted without the form of a JWT" }
        let signed = Array((parts[0] + "." + parts[1]).utf8)
        let candidates: [String] =
            switch (header["alg"], header["kid"]) {
            case (.string("HS256")?, _): keys.hs256
            case (.string("RS256")?, .string(let kid)?): keys.rs256[kid].map { [$0] } ?? []
            case (.string("ES256")?, .string(let kid)?): keys.es256[kid].map { [$0] } ?? []
            default: []
            }
        guard candidates.contains(where: { sign(signed, key: $0) == signature }) else {
            return "\(token.debugDescription) accepted without a bound key's signature"
        }
        guard header["crit"] == nil else { return "a critical extension accepted" }
        guard claimsVerdict(claims) == .success(user) else { return "claims \(claims) accepted for \(user)" }
        return nil
    }

    /// A token made of `header` and `claims` and signed with a bound key of its algorithm: its
    /// verdict is the claims' (or malformed, unsupported, unknown key, as the header says), and
    /// the same token with any one byte of its signed part changed is never accepted.
    static func signed(header: [UInt8], claims: [UInt8], flip: Int) -> String? {
        let headerObject = (try? SwedbankPaySDK.JSONValue(parsing: Data(header), maxDepth: 16))?.objectValue
        let key: String =
            switch (headerObject?["alg"], headerObject?["kid"]) {
            case (.string("RS256")?, _): "rsa"
            case (.string("ES256")?, _): "ec"
            default: flip % 2 == 0 ? "secret-a" : "secret-b"
            }
        let token = token(header: header, claims: claims, key: key)
        let verdict = verdict(token)
        if case .success = verdict, let broken = anyToken(token) { return broken }
        if case .success = verdict, case .string("none")? = headerObject?["alg"] { return "alg none accepted" }
        let signedLength = Array(token.utf8).lastIndex(of: UInt8(ascii: ".")) ?? 0
        guard signedLength > 0 else { return nil }
        var bytes = Array(token.utf8)
        let index = flip % signedLength
        bytes[index] = bytes[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let changed = String(decoding: bytes, as: UTF8.self)
        if changed != token, case .success = self.verdict(changed) {
            return "\(changed.debugDescription), \(token.debugDescription) with a byte changed, was accepted"
        }
        return nil
    }

    /// The claims' verdict as RFC 7519 and the configured rules say, written out apart from the
    /// backend's own.
    static func claimsVerdict(_ claims: SwedbankPaySDK.JSONObject) -> AccessTokenDecision.Verdict {
        func seconds(_ value: SwedbankPaySDK.JSONValue?) -> Double? {
            switch value {
            case .integer(let whole)?: Double(whole)
            case .number(let fraction)?: fraction
            default: nil
            }
        }
        let time = now.timeIntervalSince1970
        guard claims["exp"] != nil else { return .failure(.missingExpiry) }
        guard let expiry = seconds(claims["exp"]) else { return .failure(.malformed) }
        guard time < expiry + rules.leeway else { return .failure(.expired) }
        if claims["nbf"] != nil {
            guard let notBefore = seconds(claims["nbf"]) else { return .failure(.malformed) }
            guard time + rules.leeway >= notBefore else { return .failure(.notYetValid) }
        }
        let audiences: [String] =
            switch claims["aud"] {
            case .string(let one)?: [one]
            case .array(let many)?: many.compactMap(\.stringValue)
            default: []
            }
        guard audiences.contains(rules.audience) else { return .failure(.wrongAudience) }
        guard claims["iss"] == .string("issuer") else { return .failure(.wrongIssuer) }
        guard case .string(let user)? = claims["sub"], rules.userLengths.contains(user.utf8.count),
            !user.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return .failure(.missingUser) }
        return .success(user)
    }

    private static func object(_ part: Substring) -> SwedbankPaySDK.JSONObject? {
        AccessTokenDecision.base64URLDecoded(part).flatMap {
            try? SwedbankPaySDK.JSONValue(parsing: $0, maxDepth: AccessTokenDecision.maxJSONDepth).objectValue
        }
    }
}
