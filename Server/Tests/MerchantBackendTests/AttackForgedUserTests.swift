import Foundation
import JWTKit
import ServerSupport
import SwedbankPaySDK
import Testing

@testable import MerchantBackend

/// Users are who their identity provider says, not who they say: in the JWT mode the access token
/// must be a JWT signed by a configured key, for this backend's audience, unexpired, naming its
/// user in the configured claim. Every forgery is a 401 `unauthorized` problem and reaches nothing.
@Suite struct AttackForgedUserTests {
    typealias Refusal = AccessTokenVerifier.Refusal
    static let now = JWTFixtures.now
    static let seconds = Int64(now.timeIntervalSince1970)

    static func claims(user: String = "alice", _ change: (inout JWTFixtures.Claims) -> Void = { _ in })
        -> JWTFixtures.Claims
    {
        JWTFixtures.claims(user: user, now: now, change)
    }

    // MARK: - The verifier

    @Test func aValidHS256TokenNamesItsUser() async throws {
        let token = try await JWTFixtures.token(Self.claims())
        #expect(await JWTFixtures.verifier().user(for: token) == .success("alice"))
    }

    @Test func theUserComesFromTheConfiguredClaimAndTheAudienceMayBeAList() async throws {
        var settings = JWTFixtures.settings()
        settings.userClaim = "uid"
        let token = try await JWTFixtures.token(
            Self.claims {
                $0["uid"] = .string("user-7")
                $0["aud"] = .array([.string("https://other.example"), .string(JWTFixtures.audience)])
            })
        #expect(await JWTFixtures.verifier(settings).user(for: token) == .success("user-7"))
    }

    @Test func rs256AndES256TokensAreVerifiedWithTheirKeysFromAJWKSFile() async throws {
        let verifier = JWTFixtures.verifier(JWTFixtures.settings(jwks: try JWTFixtures.jwksFromFile(), hmac: false))
        let claims = Self.claims(user: "bobby")
        #expect(await verifier.user(for: try await JWTFixtures.token(claims, .rs256)) == .success("bobby"))
        #expect(await verifier.user(for: try await JWTFixtures.token(claims, .es256)) == .success("bobby"))
    }

    @Test func expiryAndNotBeforeAreCheckedWithTheLeeway() async throws {
        let verifier = JWTFixtures.verifier()
        func verdict(_ change: (inout JWTFixtures.Claims) -> Void) async throws -> Result<String, Refusal> {
            await verifier.user(for: try await JWTFixtures.token(Self.claims(change)))
        }
        // The leeway is 30 s: expired from exp + 30 on, valid from nbf - 30 on.
        #expect(try await verdict { $0["exp"] = .integer(Self.seconds - 29) } == .success("alice"))
        #expect(try await verdict { $0["exp"] = .integer(Self.seconds - 30) } == .failure(.expired))
        #expect(try await verdict { $0["nbf"] = .integer(Self.seconds + 30) } == .success("alice"))
        #expect(try await verdict { $0["nbf"] = .integer(Self.seconds + 31) } == .failure(.notYetValid))
        #expect(try await verdict { $0["exp"] = .number(Double(Self.seconds) + 0.5) } == .success("alice"))
    }

    @Test func forgedAndUnfitTokensAreRefusedWithTheirReason() async throws {
        let hs256 = { (change: (inout JWTFixtures.Claims) -> Void) in
            try await JWTFixtures.token(Self.claims(change))
        }
        let valid = try await hs256 { _ in }
        let parts = valid.split(separator: ".").map(String.init)
        let mallory = try await hs256 { $0["sub"] = .string("mallory") }.split(separator: ".")[1]
        let cases: [(String, String, Refusal)] = [
            ("expired", try await hs256 { $0["exp"] = .integer(Self.seconds - 3_600) }, .expired),
            ("no exp", try await hs256 { $0["exp"] = nil }, .missingExpiry),
            ("exp as text", try await hs256 { $0["exp"] = .string("\(Self.seconds + 600)") }, .malformed),
            ("not yet valid", try await hs256 { $0["nbf"] = .integer(Self.seconds + 120) }, .notYetValid),
            ("nbf as text", try await hs256 { $0["nbf"] = .string("0") }, .malformed),
            ("wrong audience", try await hs256 { $0["aud"] = .string("https://other.example") }, .wrongAudience),
            (
                "audience list without ours", try await hs256 { $0["aud"] = .array([.string("a"), .string("b")]) },
                .wrongAudience
            ),
            ("no audience", try await hs256 { $0["aud"] = nil }, .wrongAudience),
            ("wrong issuer", try await hs256 { $0["iss"] = .string("https://evil.example") }, .wrongIssuer),
            ("no issuer", try await hs256 { $0["iss"] = nil }, .wrongIssuer),
            ("no user", try await hs256 { $0["sub"] = nil }, .missingUser),
            ("empty user", try await hs256 { $0["sub"] = .string("") }, .missingUser),
            ("user as number", try await hs256 { $0["sub"] = .integer(12345) }, .missingUser),
            ("user too short", try await hs256 { $0["sub"] = .string("abcd") }, .missingUser),
            (
                "user too long", try await hs256 { $0["sub"] = .string(String(repeating: "u", count: 257)) },
                .missingUser
            ),
            ("user with a control character", try await hs256 { $0["sub"] = .string("alice\n") }, .missingUser),
            (
                "other secret", try await JWTFixtures.token(Self.claims(), .hs256(JWTFixtures.otherSecret)),
                .badSignature
            ),
            ("payload swapped", "\(parts[0]).\(mallory).\(parts[2])", .badSignature),
            ("no signature", "\(parts[0]).\(parts[1]).", .badSignature),
            (
                "alg none", try await JWTFixtures.token(Self.claims(), .unsigned(alg: "none", signature: "")),
                .unsupportedAlgorithm
            ),
            (
                "alg None", try await JWTFixtures.token(Self.claims(), .unsigned(alg: "None", signature: "")),
                .unsupportedAlgorithm
            ),
            (
                "alg HS512", try await JWTFixtures.token(Self.claims(), .unsigned(alg: "HS512", signature: "AAAA")),
                .unsupportedAlgorithm
            ),
            ("RS256 without a JWKS", try await JWTFixtures.token(Self.claims(), .rs256), .unsupportedAlgorithm),
            (
                "critical extension",
                try await JWTFixtures.token(Self.claims(), header: ["crit": .array([.string("exp")])]), .malformed
            ),
            ("two parts", "\(parts[0]).\(parts[1])", .malformed),
            ("four parts", valid + ".AAAA", .malformed),
            ("padded header", "\(parts[0])=.\(parts[1]).\(parts[2])", .malformed),
            ("standard base64", "\(parts[0]).\(parts[1]).\(parts[2])+", .malformed),
            ("header not JSON", "bm90IGpzb24.\(parts[1]).\(parts[2])", .malformed),
            ("header without alg", "e30.\(parts[1]).\(parts[2])", .malformed),
            ("not a JWT", "alice-the-user", .malformed),
        ]
        let verifier = JWTFixtures.verifier()
        for (name, token, refusal) in cases {
            #expect(await verifier.user(for: token) == .failure(refusal), "\(name)")
        }
    }

    @Test func eachKeyVerifiesOnlyItsOwnAlgorithm() async throws {
        let jwks = try JWTFixtures.jwksFromFile()
        let claims = Self.claims()
        // Algorithm confusion: HS256 "signed" with the RSA public key as the secret. Without a
        // shared secret HS256 is not accepted at all; with one, the public key is not it.
        let publicPEM = JWTFixtures.rsaKey.publicKey.pemRepresentation
        let confused = try await JWTFixtures.token(
            claims, .hs256(publicPEM), header: ["kid": .string(JWTFixtures.rsaKid)])
        #expect(
            await JWTFixtures.verifier(JWTFixtures.settings(jwks: jwks, hmac: false)).user(for: confused)
                == .failure(.unsupportedAlgorithm))
        let both = JWTFixtures.verifier(JWTFixtures.settings(jwks: jwks))
        #expect(await both.user(for: confused) == .failure(.badSignature))
        // A token naming a key of the other algorithm, a key nobody configured, or no key.
        let cases: [(String, String, Refusal)] = [
            (
                "RS256 naming the P-256 key",
                try await JWTFixtures.token(claims, .rs256, header: ["kid": .string(JWTFixtures.ecKid)]), .unknownKey
            ),
            (
                "ES256 naming the RSA key",
                try await JWTFixtures.token(claims, .es256, header: ["kid": .string(JWTFixtures.rsaKid)]), .unknownKey
            ),
            (
                "unknown kid", try await JWTFixtures.token(claims, .rs256, header: ["kid": .string("rsa-unknown")]),
                .unknownKey
            ),
            ("no kid", try await JWTFixtures.token(claims, .rs256, header: ["kid": .null]), .unknownKey),
            ("kid as number", try await JWTFixtures.token(claims, .es256, header: ["kid": .integer(1)]), .unknownKey),
            (
                "another P-256 key under the known kid",
                try await JWTFixtures.token(claims, .es256Other(ES256PrivateKey())), .badSignature
            ),
        ]
        for (name, token, refusal) in cases {
            #expect(await both.user(for: token) == .failure(refusal), "\(name)")
        }
        // The valid ones still pass with every key configured.
        #expect(await both.user(for: try await JWTFixtures.token(claims, .rs256)) == .success("alice"))
        #expect(await both.user(for: try await JWTFixtures.token(claims, .es256)) == .success("alice"))
        #expect(await both.user(for: try await JWTFixtures.token(claims)) == .success("alice"))
    }

    @Test func anyOfSeveralSharedSecretsVerifies() async throws {
        var settings = JWTFixtures.settings()
        settings.hmacSecrets = [Secret(JWTFixtures.otherSecret), Secret(JWTFixtures.secret)]
        let token = try await JWTFixtures.token(Self.claims(user: "rotated"))
        #expect(await JWTFixtures.verifier(settings).user(for: token) == .success("rotated"))
    }

    // MARK: - Settings checked at start

    @Test func settingsThatCannotVerifyAreRefusedAtStartOneMessageEach() throws {
        #expect(
            JWTFixtures.settings(hmac: false).problems() == [
                "the JWT authentication has no key: give an HS256 secret (SWEDBANKPAY_JWT_SECRET or --jwt-secret-file)"
                    + " or a JWKS file with an RS256 or ES256 key (--jwt-jwks-file)"
            ])
        var settings = JWTAuthentication(hmacSecrets: [Secret("short-secret")], userClaim: "", audience: "", issuer: "")
        settings.leeway = 301
        settings.maxTokenLength = 255
        #expect(
            settings.problems() == [
                "HS256 secrets must be at least 32 bytes", "the JWT user claim name is empty",
                "the JWT audience is empty", "the JWT issuer is empty", "the JWT leeway must be 0 to 300 seconds",
                "the longest JWT must be 256 to 65,536 bytes",
            ])
        // The messages never carry a secret.
        #expect(!settings.problems().joined().contains("short-secret"))
        // The configuration as a whole reports them too.
        var configuration = BackendConfiguration(
            swedbankPayBaseURL: URL(string: "http://127.0.0.1:1")!, merchantToken: Secret("merchant-token"),
            payeeId: "payee", publicBaseURL: URL(string: "http://127.0.0.1:2")!, apiKeys: [Secret("api-key-123")])
        configuration.authentication = .jwt(JWTFixtures.settings(hmac: false))
        #expect(configuration.problems().contains(JWTFixtures.settings(hmac: false).problems()[0]))
    }

    @Test func jwksKeysThatCannotBeUsedAreNamedByKid() throws {
        let ec = try #require(JWTFixtures.ecKey.parameters)
        let text = """
            {"keys":[{"kty":"EC","crv":"P-256","x":"\(ec.x)","y":"\(ec.y)"},\
            {"kty":"EC","kid":"twice","crv":"P-256","x":"\(ec.x)","y":"\(ec.y)"},\
            {"kty":"EC","kid":"twice","crv":"P-256","x":"\(ec.x)","y":"\(ec.y)"},\
            {"kty":"EC","kid":"private","crv":"P-256","x":"\(ec.x)","y":"\(ec.y)","d":"AAAA"},\
            {"kty":"RSA","kid":"tiny","n":"AQAB","e":"AQAB"},\
            {"kty":"EC","kid":"off-curve","crv":"P-256","x":"AAAA","y":"AAAA"},\
            {"kty":"RSA","kid":"rs512","alg":"RS512","n":"AQAB","e":"AQAB"}]}
            """
        let jwks = try JWTAuthentication.readJWKS(path: try JWTFixtures.writeFile(text))
        #expect(
            JWTFixtures.settings(jwks: jwks).problems() == [
                "a key of the JWKS file has no kid, so no token could name it",
                "the JWKS file has more than one key with kid \"twice\"",
                "JWKS key \"private\" holds a private key: give the backend public keys only",
                "JWKS key \"tiny\" is not a usable RSA public key (2048 bits or more)",
                "JWKS key \"off-curve\" is not a usable P-256 public key",
            ])
    }

    @Test func aJWKSFileThatDoesNotParseStopsTheStartNamingTheFile() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).json")
            .path
        #expect(throws: JWKSFileError(path: missing, reason: "cannot be read")) {
            try JWTAuthentication.readJWKS(path: missing)
        }
        let garbage = try JWTFixtures.writeFile(#"{"keys": "not a list"}"#)
        let error = #expect(throws: JWKSFileError.self) { try JWTAuthentication.readJWKS(path: garbage) }
        #expect(
            error?.description
                == "the JWKS file \(garbage) is not a JWKS document ({\"keys\": [...]} with RSA or EC public keys)")
    }

    @Test func theExampleModeIsRefusedOffLoopbackUnlessAllowed() {
        for host in ["0.0.0.0", "::", "[::]", "192.168.1.20", "shop.example.com", "127.evil.example", "127.1"] {
            let problems = AppAuthentication.example.problems(listeningOn: host, allowExampleOffLoopback: false)
            #expect(
                problems == [
                    "the example authentication takes every access token as its own user id, so anyone reaching \(host)"
                        + " could act as any user: use --auth jwt (SWEDBANKPAY_AUTH=jwt), listen on 127.0.0.1, or give"
                        + " --allow-example-auth (SWEDBANKPAY_ALLOW_EXAMPLE_AUTH=1) to run it there anyway"
                ], "\(host)")
            #expect(AppAuthentication.example.problems(listeningOn: host, allowExampleOffLoopback: true) == [])
            #expect(
                AppAuthentication.jwt(JWTFixtures.settings()).problems(
                    listeningOn: host, allowExampleOffLoopback: false)
                    == [])
        }
        for host in ["127.0.0.1", "127.10.0.3", "localhost", "LOCALHOST", "::1", "[::1]", "::ffff:127.0.0.1"] {
            #expect(
                AppAuthentication.example.problems(listeningOn: host, allowExampleOffLoopback: false) == [], "\(host)")
        }
    }

    // MARK: - End to end

    /// A backend in JWT mode with the HS256 secret and a JWKS file records orders under the
    /// token's user, and keeps each user's orders from the others.
    @Test func theBackendTakesItsUsersFromVerifiedTokens() async throws {
        let jwks = try JWTFixtures.jwksFromFile()
        try await BackendHarness.run(configure: { $0.authentication = .jwt(JWTFixtures.settings(jwks: jwks)) }) {
            harness in
            let alice = try await JWTFixtures.token(JWTFixtures.claims(user: "alice"))
            let created = try await harness.send(
                .POST, "/paymentorders", json: BackendHarness.orderJSON(), headers: Self.headers(alice))
            #expect(created.status == 201)
            let store = harness.backend.services.store
            let stored = try #require(try await store.find(pspID: created.paymentOrderID ?? ""))
            #expect(stored.userID == "alice")
            let bob = try await JWTFixtures.token(JWTFixtures.claims(user: "bobby"))
            let foreign = try await harness.send(.GET, "/paymentorders/\(stored.id)", headers: Self.headers(bob))
            #expect(foreign.status == 404)
            #expect(foreign.problemType == SwedbankPaySDK.ProblemTypeURI.notFound)
            #expect(
                try await harness.send(.GET, "/paymentorders/\(stored.id)", headers: Self.headers(alice)).status == 200)

            for (user, signer) in [("carol", JWTFixtures.Signer.rs256), ("david", .es256)] {
                let token = try await JWTFixtures.token(JWTFixtures.claims(user: user), signer)
                let answer = try await harness.send(
                    .POST, "/paymentorders", json: BackendHarness.orderJSON(), headers: Self.headers(token))
                #expect(answer.status == 201, "\(user)")
                #expect(try await store.find(pspID: answer.paymentOrderID ?? "")?.userID == user)
            }
        }
    }

    /// Every kind of forged or unfit token is exactly a 401 `unauthorized` problem naming its
    /// reason and not the token; nothing reaches Swedbank Pay and nothing is stored.
    @Test func forgedTokensReachNothing() async throws {
        let jwks = try JWTFixtures.jwksFromFile()
        let now = Date()
        let claims = { (change: (inout JWTFixtures.Claims) -> Void) in
            JWTFixtures.claims(user: "alice", now: now, change)
        }
        let seconds = Int64(now.timeIntervalSince1970)
        let publicPEM = JWTFixtures.rsaKey.publicKey.pemRepresentation
        let forged: [(String, String, String)] = [
            (
                "expired", try await JWTFixtures.token(claims { $0["exp"] = .integer(seconds - 3_600) }),
                Refusal.expired.detail
            ),
            (
                "not yet valid", try await JWTFixtures.token(claims { $0["nbf"] = .integer(seconds + 3_600) }),
                Refusal.notYetValid.detail
            ),
            (
                "wrong audience", try await JWTFixtures.token(claims { $0["aud"] = .string("https://other.example") }),
                Refusal.wrongAudience.detail
            ),
            (
                "wrong issuer", try await JWTFixtures.token(claims { $0["iss"] = .string("https://evil.example") }),
                Refusal.wrongIssuer.detail
            ),
            (
                "bad signature", try await JWTFixtures.token(claims { _ in }, .hs256(JWTFixtures.otherSecret)),
                Refusal.badSignature.detail
            ),
            (
                "alg none", try await JWTFixtures.token(claims { _ in }, .unsigned(alg: "none", signature: "")),
                Refusal.unsupportedAlgorithm.detail
            ),
            (
                "algorithm confusion",
                try await JWTFixtures.token(
                    claims { _ in }, .hs256(publicPEM), header: ["kid": .string(JWTFixtures.rsaKid)]),
                Refusal.badSignature.detail
            ),
            (
                "unknown kid",
                try await JWTFixtures.token(claims { _ in }, .rs256, header: ["kid": .string("rsa-unknown")]),
                Refusal.unknownKey.detail
            ),
            ("malformed", "bm90IGpzb24.e30.AAAA", Refusal.malformed.detail),
            ("missing user claim", try await JWTFixtures.token(claims { $0["sub"] = nil }), Refusal.missingUser.detail),
            ("missing expiry", try await JWTFixtures.token(claims { $0["exp"] = nil }), Refusal.missingExpiry.detail),
            ("the example mode's bare user id", "alice", Refusal.malformed.detail),
            ("too long", String(repeating: "a", count: 8_193), "access token too long"),
        ]
        try await BackendHarness.run(configure: { $0.authentication = .jwt(JWTFixtures.settings(jwks: jwks)) }) {
            harness in
            let before = try await harness.backend.services.store.all().count
            var answers: [(String, String, Answer)] = []
            let sent = try await harness.sandboxRequests {
                for (name, token, detail) in forged {
                    let answer = try await harness.send(
                        .POST, "/paymentorders", json: BackendHarness.orderJSON(), headers: Self.headers(token))
                    answers.append((name, detail, answer))
                }
            }
            for (name, detail, answer) in answers {
                #expect(answer.status == 401, "\(name)")
                #expect(answer.problemType == SwedbankPaySDK.ProblemTypeURI.mobileSDKUnauthorized, "\(name)")
                #expect(answer.json["detail"] as? String == detail, "\(name)")
                #expect(!answer.body.contains("eyJ") && !answer.body.contains("alice"), "\(name)")
            }
            #expect(sent == [])
            #expect(try await harness.backend.services.store.all().count == before)
        }
    }

    static func headers(_ token: String) -> [String: String] {
        ["x-payex-sample-apikey": BackendHarness.apiKey, "x-payex-sample-access-token": token]
    }
}
