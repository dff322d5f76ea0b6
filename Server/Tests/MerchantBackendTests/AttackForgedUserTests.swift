import Foundation
import JWTKit
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Users are who their identity provider says, not who they say: in the JWT mode the access token
/// must be a JWT signed by a configured key, for this backend's audience, unexpired, naming its
/// user in the configured claim. Every forgery is a 401 `unauthorized` problem and reaches nothing.
@Suite struct AttackForgedUserTests {
    typealias Refusal = AccessTokenVerifier.Refusal
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func verifier(_ settings: JWTAuthentication = JWTFixtures.settings()) -> AccessTokenVerifier {
        AccessTokenVerifier(settings: settings, longestUser: 256, now: { now })
    }

    @Test func aValidHS256TokenNamesItsUser() async throws {
        let token = try await JWTFixtures.hs256(JWTFixtures.claims(now: Self.now))
        #expect(await Self.verifier().user(for: token) == .success("alice"))
    }

    @Test func theUserComesFromTheConfiguredClaimAndTheAudienceMayBeAList() async throws {
        var settings = JWTFixtures.settings()
        settings.userClaim = "uid"
        let token = try await JWTFixtures.hs256(
            JWTFixtures.claims(now: Self.now) {
                $0["uid"] = .string("user-7")
                $0["aud"] = .strings(["other", JWTFixtures.audience])
            })
        #expect(await Self.verifier(settings).user(for: token) == .success("user-7"))
    }

    @Test func rs256AndES256TokensAreVerifiedWithTheirJWKSKey() async throws {
        let verifier = Self.verifier(JWTFixtures.settings(jwks: try JWTFixtures.jwks, hmac: false))
        let claims = JWTFixtures.claims(user: "bob", now: Self.now)
        #expect(await verifier.user(for: try await JWTFixtures.rs256(claims)) == .success("bob"))
        #expect(await verifier.user(for: try await JWTFixtures.es256(claims)) == .success("bob"))
    }

    @Test func forgedAndUnfitTokensAreRefusedWithTheirReason() async throws {
        let claims = { (change: (inout [String: OpenClaims.Value]) -> Void) in JWTFixtures.claims(now: Self.now, change)
        }
        let cases: [(String, String, Refusal)] = [
            (
                "expired",
                try await JWTFixtures.hs256(claims { $0["exp"] = .number(Self.now.timeIntervalSince1970 - 31) }),
                .expired
            ),
            ("no exp", try await JWTFixtures.hs256(claims { $0["exp"] = nil }), .expired),
            (
                "not yet valid",
                try await JWTFixtures.hs256(claims { $0["nbf"] = .number(Self.now.timeIntervalSince1970 + 120) }),
                .notYetValid
            ),
            (
                "wrong audience", try await JWTFixtures.hs256(claims { $0["aud"] = .string("https://other.example") }),
                .wrongAudience
            ),
            ("no audience", try await JWTFixtures.hs256(claims { $0["aud"] = nil }), .wrongAudience),
            (
                "wrong issuer", try await JWTFixtures.hs256(claims { $0["iss"] = .string("https://evil.example") }),
                .wrongIssuer
            ),
            ("no user", try await JWTFixtures.hs256(claims { $0["sub"] = nil }), .missingUser),
            ("empty user", try await JWTFixtures.hs256(claims { $0["sub"] = .string("") }), .missingUser),
            ("number user", try await JWTFixtures.hs256(claims { $0["sub"] = .number(7) }), .missingUser),
            (
                "other secret",
                try await JWTFixtures.hs256(claims { _ in }, secret: "another-secret-of-at-least-32-bytes-long"),
                .badSignature
            ),
            (
                "alg none", try JWTFixtures.unsigned(header: #"{"alg":"none","typ":"JWT"}"#, claims: claims { _ in }),
                .unsupportedAlgorithm
            ),
            (
                "alg HS512",
                try JWTFixtures.unsigned(header: #"{"alg":"HS512"}"#, claims: claims { _ in }, signature: "AAAA"),
                .unsupportedAlgorithm
            ),
            ("RS256 without JWKS", try await JWTFixtures.rs256(claims { _ in }), .unsupportedAlgorithm),
            ("malformed", "not.a-jwt", .malformed),
            ("two parts", "abc.def", .malformed),
        ]
        let verifier = Self.verifier()
        for (name, token, refusal) in cases {
            #expect(await verifier.user(for: token) == .failure(refusal), "\(name)")
        }
    }

    @Test func keysVerifyOnlyTheirOwnAlgorithm() async throws {
        let verifier = Self.verifier(JWTFixtures.settings(jwks: try JWTFixtures.jwks, hmac: false))
        let claims = JWTFixtures.claims(now: Self.now)
        // Algorithm confusion: HS256 signed with the RSA public key's text as the secret.
        let publicPEM = try Insecure.RSA.PrivateKey(pem: JWTFixtures.rsaPrivatePEM).publicKey.pemRepresentation
        let confused = try await JWTFixtures.hs256(claims, secret: publicPEM)
        #expect(await verifier.user(for: confused) == .failure(.unsupportedAlgorithm))
        // An RS256 token naming the P-256 key, a key nobody configured, or no key at all.
        #expect(
            await verifier.user(for: try await JWTFixtures.rs256(claims, kid: JWTFixtures.ecKid))
                == .failure(.unsupportedAlgorithm))
        #expect(
            await verifier.user(for: try await JWTFixtures.rs256(claims, kid: "rsa-unknown")) == .failure(.unknownKey))
        // A valid token with its payload swapped for another user's.
        let token = try await JWTFixtures.rs256(claims)
        let parts = token.split(separator: ".")
        let mallory = JWTFixtures.base64URL(
            try JSONEncoder().encode(JWTFixtures.claims(user: "mallory", now: Self.now)))
        #expect(await verifier.user(for: "\(parts[0]).\(mallory).\(parts[2])") == .failure(.badSignature))
    }

    @Test func settingsThatCannotVerifyAnythingAreRefusedAtStart() {
        #expect(
            JWTFixtures.settings(hmac: false).problems() == [
                "JWT authentication needs an HS256 secret or a JWKS file with at least one key"
            ])
        let short = JWTAuthentication(hmacSecrets: [Secret("short")], audience: "a")
        #expect(short.problems() == ["HS256 secrets must be at least 32 bytes"])
        let noAudience = JWTAuthentication(hmacSecrets: [Secret(JWTFixtures.secret)], audience: "")
        #expect(noAudience.problems() == ["the JWT audience is empty"])
    }

    /// End to end: the backend in JWT mode records orders under the token's user; a forged token
    /// gets 401 and nothing reaches Swedbank Pay or the database.
    @Test func theBackendTakesItsUsersFromVerifiedTokensOnly() async throws {
        try await BackendHarness.run(configure: { $0.authentication = .jwt(JWTFixtures.settings()) }) { harness in
            func headers(_ token: String) -> [String: String] {
                ["x-payex-sample-apikey": BackendHarness.apiKey, "x-payex-sample-access-token": token]
            }
            let alice = try await JWTFixtures.hs256(JWTFixtures.claims(user: "alice"))
            let created = try await harness.send(
                .POST, "/paymentorders", json: BackendHarness.orderJSON(), headers: headers(alice))
            #expect(created.status == 201)
            let stored = try #require(
                try await harness.backend.services.store.find(pspID: created.paymentOrderID ?? ""))
            #expect(stored.userID == "alice")
            let bob = try await JWTFixtures.hs256(JWTFixtures.claims(user: "bob"))
            let foreign = try await harness.send(.GET, "/paymentorders/\(stored.id)", headers: headers(bob))
            #expect(foreign.status == 404)
            #expect(try await harness.send(.GET, "/paymentorders/\(stored.id)", headers: headers(alice)).status == 200)

            let forged = [
                "alice",  // the example mode's token: a bare user id
                try await JWTFixtures.hs256(
                    JWTFixtures.claims(user: "alice"), secret: "another-secret-of-at-least-32-bytes-long"),
                try await JWTFixtures.hs256(
                    JWTFixtures.claims { $0["exp"] = .number(Date().timeIntervalSince1970 - 3_600) }),
                try JWTFixtures.unsigned(header: #"{"alg":"none"}"#, claims: JWTFixtures.claims()),
                String(repeating: "a", count: 8_193),
            ]
            var answers: [Answer] = []
            let before = try await harness.backend.services.store.all().count
            let sent = try await harness.sandboxRequests {
                for token in forged {
                    answers.append(
                        try await harness.send(
                            .POST, "/paymentorders", json: BackendHarness.orderJSON(), headers: headers(token)))
                }
            }
            #expect(answers.map(\.status) == [401, 401, 401, 401, 401])
            #expect(answers.allSatisfy { $0.problemType == SwedbankPaySDK.ProblemTypeURI.mobileSDKUnauthorized })
            #expect(answers.allSatisfy { !$0.body.contains("alice") && !$0.body.contains("eyJ") })
            #expect(sent == [])
            #expect(try await harness.backend.services.store.all().count == before)
        }
    }
}
