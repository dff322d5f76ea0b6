import Foundation
import SwedbankPaySDK

extension SwedbankPaySDK {
    /// Pins the TLS certificates of one host to public keys: a connection to the host is trusted
    /// only if the system trusts its certificate chain and a certificate of the chain has one of
    /// these keys.
    ///
    /// Hosts without a pin are checked by the system's trust evaluation alone.
    ///
    /// Enforcement needs the platform's trust APIs, which exist on Apple platforms. Elsewhere
    /// (Linux) pins cannot be checked, so requests to a pinned host fail with
    /// `SwedbankPaySDK.TransportError.untrustedServer(_:)` rather than go out unpinned; hosts
    /// without a pin work as usual.
    public struct PinPublicKeys: Sendable, Hashable {
        /// The host name the pin applies to, compared case-insensitively.
        public var pattern: String
        /// The pinned keys in their external representation (`SecKeyCopyExternalRepresentation`:
        /// PKCS #1 for RSA, ANSI X9.63 for elliptic-curve keys).
        public var publicKeyData: [Data]

        /// Pins `pattern` to keys given in their external representation.
        public init(pattern: String, publicKeyData: [Data]) {
            self.pattern = pattern
            self.publicKeyData = publicKeyData
        }

        /// Whether this pin applies to `host`.
        public func applies(to host: String) -> Bool {
            host.caseInsensitiveCompare(pattern) == .orderedSame
        }
    }
}
