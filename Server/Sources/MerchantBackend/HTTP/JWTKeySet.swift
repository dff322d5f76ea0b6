import Foundation
import Synchronization

/// The verifying algorithms of the JWT mode as they are now: made from one ``JWTKeyMaterial``,
/// replaced whole when the JWKS file is reloaded, so a token is verified against one set of
/// keys — the old or the new, never a mix.
final class JWTKeySet: Sendable {
    /// jwt-kit makes the algorithms through an actor, so they are a task that tokens await (once
    /// per set; it has finished long before most tokens arrive).
    private let current: Mutex<Task<JWTAlgorithms, Never>>

    init(_ material: JWTKeyMaterial) {
        current = Mutex(Self.making(material))
    }

    /// The algorithms of the newest set.
    func algorithms() async -> JWTAlgorithms {
        await current.withLock { $0 }.value
    }

    /// Replaces the keys with `material`'s; tokens verified from now on use them.
    func replace(with material: JWTKeyMaterial) async {
        let next = Self.making(material)
        // Ready before it is installed: no token waits on a set that is still being made.
        _ = await next.value
        current.withLock { $0 = next }
    }

    private static func making(_ material: JWTKeyMaterial) -> Task<JWTAlgorithms, Never> {
        Task { await material.algorithms() }
    }
}
