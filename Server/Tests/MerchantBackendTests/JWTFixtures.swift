import Foundation
import JWTKit
import Testing

@testable import MerchantBackend

/// Keys and tokens for the JWT tests. The RSA key pair was generated for these tests only
/// (`openssl genrsa 2048`); it signs nothing anywhere else. The P-256 key is made fresh each run.
enum JWTFixtures {
    static let secret = "test-only-hs256-secret-of-at-least-32-bytes"
    static let audience = "https://shop.example/app"
    static let issuer = "https://id.shop.example"
    static let rsaKid = "rsa-test-1"
    static let ecKid = "ec-test-1"

    static let rsaPrivatePEM = """
        -----BEGIN PRIVATE KEY-----
        MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQCZqLNWFdkMMkY2
        ldvOd4v86LRNRZB9BsFk0DaEE6FCOSx7cbngYnk8CfoOwB+ZV+7lxmAoFiD4qFHk
        yd1YVF9eRq35BwOVqH0itp2KBZNrhBbbKi4W/3obPBkDkzmQ0k3NDrZ/IISgM64y
        7OJJMPJoGhXqAm565lxwFgBoFLqcaHSPFxXWnXVFrhuVc3ozungUeSNb94O9WgkL
        PsMLh/MSojTRf5kVkaitFYM6K+yyvDwFjonF2PJ/N01blfRWIj+EYlnDi+Mnjcdl
        fNH6tiGQB8YS8GjuLRubnLj4/3K3ZWlUxzDL2enSKt3ljSf5N0qXs6LhkaCmNMtX
        WaRyLaetAgMBAAECggEABnVCakxl8FRe7UA2+jJoj13ZZsOqdbLBEeNgCITfBW6W
        jxlMcmDjzwaX/E2OARl4GISnTxqqUpZtG17yPwThcuUovoYRXBV2LZgRaXcKsd1d
        7OKqMrxp4vdPkX37JfoiG8uclx25rUEBdzGhC2nzpN/vIAQaUBnanzmxf9kFLyRy
        ZNoBchvKhth6O1qXvPkfjI4s0FPDOi/d9C60/ZeCSv4dMWfmRKTacK8D2CkoKKLX
        0lR7G6eeoaCF1BIdhcHxjsRw98iu/x8VvYKz39Dq6xojOU0j3TBbM86FJ5ofgGF+
        xnDRmQczu5YWhVSkoT4VsjLy/ZT0qnDBwTJf1P+mQQKBgQDLuWbO3egvWYwGPZw6
        KjfcP8/ljfXQU4Erb0f6Vg+XKUS1fxczAUcJHhCJtDHJg/frH0jd0keCWhd1G6+G
        4at+G58idh3GCtbApEQ3Zmi6vboARDvYnKQl+E18STE3PuZ/09h+IUixNV9TogEx
        mJfF+tZ8HUv7xzyTRv9V2mCRQQKBgQDBFoZTPqPhZqsmTCOEBJDxYeNpbNQ9U/tJ
        lltogn3gZFnk48h98hvRwGAn1KbuxmyZORYFiNmWoYMwH/7Q6g+7O3QfwnHv3iJo
        +jsJ6/FCWwYDwjuZrsoJWYI4GRckpTlmiBaDGCoALYeVAZTnaq355Os63sPxtl55
        s1JZnk0PbQKBgBYDwPJV1INZX+JEwh8e9M5eLu8Vehy7CVhSPCr3JdQl54DdbPpc
        BvsbPppC2KZ4FlBYHx2pXYTei25iQYOH22pTPc0RioIeJbrHhX+fF24mlnT06qqr
        sqlPvb/SgPkBWRMzJ0/p9NsBc32sIgjj/nKseoUK/W0FyKv5nhn+8TSBAoGAa4Fo
        Dqc8xX3NYwhXaeTE8rCG1qbyUKcWrTUa9chZ33rgFjHA6mbHmHRc1TBwNVejFXiU
        S0aTp2uLyFq4HIeFdMC4egpgN6ZdUEeqYW7NqB1X7vXRC1MnSCde+m711MBtginZ
        JupoUCsJZyw3RNW/wff0BJYNUOIyHd56xkz+KM0CgYBrJAobWVZOv/tu/4cgKN++
        BkCpYxlvUUDJpbZ2OA00qG0y/EO6NUWv3aA4IeOQa/tMZmhCAMYqp6ewApytervc
        sQJ8+mMp09ztlEBIZmg86UI14QxrTRvrQnxF/KwhSTrMaCTFsQ561y45jbdqs1sn
        YA26z6RWC0t5A4XOjLBNWw==
        -----END PRIVATE KEY-----
        """

    /// The public half of ``rsaPrivatePEM`` as JWK `n` and `e`.
    static let rsaModulus =
        "maizVhXZDDJGNpXbzneL_Oi0TUWQfQbBZNA2hBOhQjkse3G54GJ5PAn6DsAfmVfu5cZgKBYg-KhR5MndWFRfXkat-QcDlah9IradigWTa4QW2youFv96GzwZA5M5kNJNzQ62fyCEoDOuMuziSTDyaBoV6gJueuZccBYAaBS6nGh0jxcV1p11Ra4blXN6M7p4FHkjW_eDvVoJCz7DC4fzEqI00X-ZFZGorRWDOivssrw8BY6JxdjyfzdNW5X0ViI_hGJZw4vjJ43HZXzR-rYhkAfGEvBo7i0bm5y4-P9yt2VpVMcwy9np0ird5Y0n-TdKl7Oi4ZGgpjTLV1mkci2nrQ"
    static let rsaExponent = "AQAB"

    static let ecKey = ES256PrivateKey()

    /// A JWKS with the RSA public key and the P-256 public key.
    static var jwks: JWKS {
        get throws {
            let ec = try #require(ecKey.parameters)
            let json = """
                {"keys":[{"kty":"RSA","kid":"\(rsaKid)","alg":"RS256","n":"\(rsaModulus)","e":"\(rsaExponent)"},\
                {"kty":"EC","kid":"\(ecKid)","crv":"P-256","x":"\(ec.x)","y":"\(ec.y)"}]}
                """
            return try JSONDecoder().decode(JWKS.self, from: Data(json.utf8))
        }
    }

    static func settings(jwks: JWKS? = nil, hmac: Bool = true, issuer: String? = JWTFixtures.issuer)
        -> JWTAuthentication
    {
        JWTAuthentication(
            hmacSecrets: hmac ? [Secret(secret)] : [], jwks: jwks, audience: audience, issuer: issuer)
    }

    /// Claims valid at `now` for `user`, changed by `change`.
    static func claims(
        user: String = "alice", now: Date = Date(), _ change: (inout [String: OpenClaims.Value]) -> Void = { _ in }
    ) -> OpenClaims {
        var values: [String: OpenClaims.Value] = [
            "sub": .string(user), "aud": .string(audience), "iss": .string(issuer),
            "exp": .number(now.timeIntervalSince1970 + 600), "iat": .number(now.timeIntervalSince1970),
        ]
        change(&values)
        return OpenClaims(values: values)
    }

    static func hs256(_ claims: OpenClaims, secret: String = JWTFixtures.secret) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        return try await keys.sign(claims)
    }

    static func rs256(_ claims: OpenClaims, kid: String = JWTFixtures.rsaKid) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(
            rsa: try Insecure.RSA.PrivateKey(pem: rsaPrivatePEM), digestAlgorithm: .sha256,
            kid: JWKIdentifier(string: kid))
        return try await keys.sign(claims, kid: JWKIdentifier(string: kid))
    }

    static func es256(_ claims: OpenClaims, kid: String = JWTFixtures.ecKid) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: ecKey, kid: JWKIdentifier(string: kid))
        return try await keys.sign(claims, kid: JWKIdentifier(string: kid))
    }

    /// A token with `header` as given and no signature check possible (`alg: none`, tampering).
    static func unsigned(header: String, claims: OpenClaims, signature: String = "") throws -> String {
        let payload = try JSONEncoder().encode(claims)
        return base64URL(Data(header.utf8)) + "." + base64URL(payload) + "." + signature
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
