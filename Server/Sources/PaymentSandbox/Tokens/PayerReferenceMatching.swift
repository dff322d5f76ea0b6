#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import ServerSupport

/// How the sandbox decides that two payer references name one payer — whose saved cards a
/// payment menu offers and a token listing shows.
///
/// Swedbank Pay documents no character set and no comparison for `payerReference`, so a Merchant
/// Backend must be safe whatever the service compares. ``exact`` (the default) compares bytes,
/// the rule of ``Identifier``. ``loose`` stands for the loosest comparison a service could make,
/// so tests can show that no spelling an app chooses reaches another payer's cards even there.
public enum PayerReferenceMatching: String, Sendable, CaseIterable {
    /// The same bytes.
    case exact
    /// The same text after Unicode compatibility normalization (NFKC: KELVIN SIGN is K,
    /// full-width letters are ASCII, NFD is NFC), without invisible characters (zero-width
    /// joiners and spaces, byte-order marks, soft hyphens), without surrounding white space, and
    /// in lower case.
    case loose

    /// The key the payer's tokens are stored under.
    func key(_ reference: String) -> Identifier.Exact {
        switch self {
        case .exact:
            return Identifier.Exact(reference)
        case .loose:
            var scalars = String.UnicodeScalarView()
            for scalar in reference.precomposedStringWithCompatibilityMapping.unicodeScalars
            where !scalar.properties.isDefaultIgnorableCodePoint {
                scalars.append(scalar)
            }
            return Identifier.Exact(String(scalars).trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
        }
    }
}
#endif
