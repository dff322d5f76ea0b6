import Foundation
import JWTKit
import SwedbankPaySDK

/// Decides whether an access token is a JWT this backend accepts, and which user it names.
///
/// The algorithm a token's header claims only chooses among keys already bound to it
/// (``JWTKeyMaterial``): HS256 meets the shared secrets, RS256 and ES256 the JWKS key their `kid`
/// names, and anything else — `none` included — is refused before any key is touched. Signatures
/// are jwt-kit's; parsing, the choice of keys and the claims (`exp`, `nbf`, `aud`, `iss`, the user)
/// are ``AccessTokenDecision``'s, against the time given, so ``decide(_:algorithms:rules:now:)`` is
/// a pure function.
struct AccessTokenVerifier: Sendable {
    typealias Refusal = AccessTokenDecision.Refusal
    typealias Verdict = AccessTokenDecision.Verdict
    typealias Rules = AccessTokenDecision.Rules

    /// The keys tokens are verified with; a reload of the JWKS file replaces them.
    let keys: JWTKeySet
    private let rules: Rules
    private let now: @Sendable () -> Date

    /// A verifier for valid `settings` (``JWTAuthentication/problems()`` is empty), reading the
    /// time from `now`.
    init(settings: JWTAuthentication, userLengths: ClosedRange<Int>, now: @escaping @Sendable () -> Date) {
        keys = JWTKeySet(JWTKeyMaterial(settings))
        rules = Rules(
            audience: settings.audience, issuer: settings.issuer, userClaim: settings.userClaim,
            leeway: settings.leeway, userLengths: userLengths)
        self.now = now
    }

    /// The user `token` names, or why it is refused.
    func user(for token: String) async -> Verdict {
        Self.decide(token, algorithms: await keys.algorithms(), rules: rules, now: now())
    }

    /// The verdict on `token` at `now`: ``AccessTokenDecision`` with jwt-kit's signature checks.
    static func decide(_ token: String, algorithms: JWTAlgorithms, rules: Rules, now: Date) -> Verdict {
        AccessTokenDecision.decide(
            token,
            keys: AccessTokenDecision.Keys(hs256: algorithms.hs256, rs256: algorithms.rs256, es256: algorithms.es256),
            verify: { key, signature, signed in (try? key.verify(signature, signs: signed)) == true }, rules: rules,
            now: now)
    }
}
