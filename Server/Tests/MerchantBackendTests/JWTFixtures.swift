import CryptoExtras
import Foundation
import JWTKit
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Keys and tokens for the JWT tests. The key pairs are made fresh for each test run, so no
/// private key lives in the repository; tokens are assembled here byte by byte, so a test can
/// give any header (`alg: none`, a foreign `kid`) and sign with any key.
enum JWTFixtures {
    typealias Claims = SwedbankPaySDK.JSONObject

    static let secret = "test-only-hs256-secret-of-at-least-32-bytes"
    static let otherSecret = "another-test-secret-of-at-least-32-bytes"
    static let audience = "https://shop.example/app"
    static let issuer = "https://id.shop.example"
    static let rsaKid = "rsa-test-1"
    static let ecKid = "ec-test-1"
    /// The time the unit tests run at.
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let rsaKey = try! Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
    static let ecKey = ES256PrivateKey()

    /// A JWKS document with the public halves of ``rsaKey`` (RS256) and ``ecKey`` (ES256).
    static var jwksText: String {
        get throws {
            let (modulus, exponent) = try rsaKey.publicKey.getKeyPrimitives()
            let ec = try #require(ecKey.parameters)
            return """
                {"keys":[{"kty":"RSA","kid":"\(rsaKid)","alg":"RS256","use":"sig","n":"\(base64URL(modulus))",\
                "e":"\(base64URL(exponent))"},{"kty":"EC","kid":"\(ecKid)","crv":"P-256","x":"\(ec.x)","y":"\(ec.y)"}]}
                """
        }
    }

    /// Writes `text` to a new file in a temporary directory; returns its path.
    static func writeFile(_ text: String, name: String = "jwks.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jwt-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The JWKS as the backend reads it: from a file.
    static func jwksFromFile() throws -> JWKS {
        try JWTAuthentication.readJWKS(path: try writeFile(try jwksText))
    }

    static func settings(jwks: JWKS? = nil, hmac: Bool = true, issuer: String? = JWTFixtures.issuer)
        -> JWTAuthentication
    {
        JWTAuthentication(hmacSecrets: hmac ? [Secret(secret)] : [], jwks: jwks, audience: audience, issuer: issuer)
    }

    /// A verifier of `settings` at ``now``, with the example mode's user-id limits (5–256 bytes).
    static func verifier(_ settings: JWTAuthentication = JWTFixtures.settings()) -> AccessTokenVerifier {
        AccessTokenVerifier(settings: settings, userLengths: 5...256, now: { now })
    }

    /// Claims valid at `now` for `user`, changed by `change`.
    static func claims(user: String = "alice", now: Date = Date(), _ change: (inout Claims) -> Void = { _ in })
        -> Claims
    {
        let seconds = Int64(now.timeIntervalSince1970)
        var claims: Claims = [
            "sub": .string(user), "aud": .string(audience), "iss": .string(issuer),
            "exp": .integer(seconds + 600), "iat": .integer(seconds),
        ]
        change(&claims)
        return claims
    }

    /// How a test token is signed.
    enum Signer {
        case hs256(String)
        case rs256
        /// With ``ecKey``.
        case es256
        case es256Other(ES256PrivateKey)
        /// `alg` as given, with `signature` as the signature part.
        case unsigned(alg: String, signature: String)
    }

    /// A compact JWS of `claims`, with `header` members added to `alg` (and `kid` for RS256 and
    /// ES256, unless `header` sets one; `.null` removes it).
    static func token(_ claims: Claims, _ signer: Signer = .hs256(secret), header: Claims = [:]) async throws -> String
    {
        var fields: Claims = ["typ": .string("JWT")]
        let collection = JWTKeyCollection()
        let algorithm: (any JWTAlgorithm)?
        switch signer {
        case .hs256(let secret):
            fields["alg"] = .string("HS256")
            await collection.add(hmac: HMACKey(from: Data(secret.utf8)), digestAlgorithm: .sha256)
            algorithm = try await collection.getKey()
        case .rs256:
            fields["alg"] = .string("RS256")
            fields["kid"] = .string(rsaKid)
            await collection.add(rsa: rsaKey, digestAlgorithm: .sha256)
            algorithm = try await collection.getKey()
        case .es256, .es256Other:
            fields["alg"] = .string("ES256")
            fields["kid"] = .string(ecKid)
            if case .es256Other(let key) = signer {
                await collection.add(ecdsa: key)
            } else {
                await collection.add(ecdsa: ecKey)
            }
            algorithm = try await collection.getKey()
        case .unsigned(let alg, _):
            fields["alg"] = .string(alg)
            algorithm = nil
        }
        for (name, value) in header { fields[name] = value == .null ? nil : value }
        let input =
            base64URL(SwedbankPaySDK.JSONValue.object(fields).serialized()) + "."
            + base64URL(SwedbankPaySDK.JSONValue.object(claims).serialized())
        if case .unsigned(_, let signature) = signer { return input + "." + signature }
        let signature = try #require(algorithm).sign(Data(input.utf8))
        return input + "." + base64URL(Data(signature))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
