import Foundation
import SwedbankPaySDK

/// How a TLS server-trust challenge is answered by the pins, without the platform's trust types
/// (the Apple-only `PinningSessionDelegate` reads them and carries the verdict out), so that every
/// platform tests it.
enum PinnedTrust: Equatable, Sendable {
    /// No pin applies to the host: the system's evaluation alone decides.
    case systemDefault
    /// A pin applies and the chain is not trusted, or carries none of the pinned keys.
    case refuse
    /// A pin applies, the system trusts the chain, and a certificate of it has a pinned key.
    case trust

    /// The verdict on `host`'s certificate chain. `chainIsTrusted` (the system's evaluation) and
    /// `chainKeys` (the chain's keys in their external representation) are asked only when a pin
    /// applies, and the keys only once the chain is trusted.
    static func verdict(
        pins: [SwedbankPaySDK.PinPublicKeys], host: String, chainIsTrusted: () -> Bool, chainKeys: () -> [Data]
    ) -> Self {
        let applicable = pins.filter { $0.applies(to: host) }
        guard !applicable.isEmpty else { return .systemDefault }
        let pinned = Set(applicable.flatMap(\.publicKeyData))
        guard chainIsTrusted(), chainKeys().contains(where: pinned.contains) else { return .refuse }
        return .trust
    }
}
