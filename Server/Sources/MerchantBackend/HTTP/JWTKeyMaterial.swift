import Foundation
import JWTKit

/// The keys of the JWT mode, sorted by the one algorithm each may verify.
///
/// Binding a key to its algorithm here, not by the token's header, is what defeats algorithm
/// confusion: an RSA public key is never an HMAC secret, and a token claiming HS256 only ever
/// meets the configured secrets.
struct JWTKeyMaterial: Sendable {
    var hs256: [HMACKey] = []
    /// RSA public keys by `kid`.
    var rs256: [String: Insecure.RSA.PublicKey] = [:]
    /// P-256 public keys by `kid`.
    var es256: [String: ES256PublicKey] = [:]
    /// What is wrong with the JWKS, one message per key (named by `kid`).
    var problems: [String] = []

    var isEmpty: Bool { hs256.isEmpty && rs256.isEmpty && es256.isEmpty }

    init(_ settings: JWTAuthentication) {
        hs256 = settings.hmacSecrets.map { HMACKey(from: Data($0.value.utf8)) }
        guard let jwks = settings.jwks else { return }
        var seen: Set<String> = []
        for key in jwks.keys {
            guard let kid = key.keyIdentifier?.string, !kid.isEmpty else {
                problems.append("a key of the JWKS file has no kid, so no token could name it")
                continue
            }
            guard seen.insert(kid).inserted else {
                problems.append("the JWKS file has more than one key with kid \"\(kid)\"")
                continue
            }
            // `d` is the private exponent of an RSA key and the private scalar of an EC key.
            if key.privateExponent != nil || key.prime1 != nil || key.prime2 != nil {
                problems.append("JWKS key \"\(kid)\" holds a private key: give the backend public keys only")
                continue
            }
            if key.keyType == .rsa && (key.algorithm == nil || key.algorithm == .rs256) {
                guard let modulus = key.modulus, let exponent = key.exponent,
                    let publicKey = try? Insecure.RSA.PublicKey(modulus: modulus, exponent: exponent)
                else {
                    problems.append("JWKS key \"\(kid)\" is not a usable RSA public key (2048 bits or more)")
                    continue
                }
                rs256[kid] = publicKey
            } else if key.keyType == .ecdsa && key.curve == .ecdsa(.p256)
                && (key.algorithm == nil || key.algorithm == .es256)
            {
                guard let x = key.x, let y = key.y, let publicKey = try? ES256PublicKey(parameters: (x, y)) else {
                    problems.append("JWKS key \"\(kid)\" is not a usable P-256 public key")
                    continue
                }
                es256[kid] = publicKey
            }
            // Any other key (RS512, P-384, EdDSA, …) verifies nothing here; a token naming it is
            // refused as naming an unknown key.
        }
    }

    /// jwt-kit's verifying algorithm for each key. Made through its key collection (an actor),
    /// once; verifying with them is synchronous afterwards.
    func algorithms() async -> JWTAlgorithms {
        var result = JWTAlgorithms()
        let hmac = JWTKeyCollection()
        for (index, key) in hs256.enumerated() {
            let kid = JWKIdentifier(string: "hs256-\(index)")
            await hmac.add(hmac: key, digestAlgorithm: .sha256, kid: kid)
            if let algorithm = try? await hmac.getKey(for: kid) { result.hs256.append(algorithm) }
        }
        let rsa = JWTKeyCollection()
        for (kid, key) in rs256 {
            await rsa.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
            result.rs256[kid] = try? await rsa.getKey(for: JWKIdentifier(string: kid))
        }
        let ecdsa = JWTKeyCollection()
        for (kid, key) in es256 {
            await ecdsa.add(ecdsa: key, kid: JWKIdentifier(string: kid))
            result.es256[kid] = try? await ecdsa.getKey(for: JWKIdentifier(string: kid))
        }
        return result
    }
}

/// Verifying algorithms by the `alg` they verify (and, for public keys, by `kid`).
struct JWTAlgorithms: Sendable {
    var hs256: [any JWTAlgorithm] = []
    var rs256: [String: any JWTAlgorithm] = [:]
    var es256: [String: any JWTAlgorithm] = [:]
}
