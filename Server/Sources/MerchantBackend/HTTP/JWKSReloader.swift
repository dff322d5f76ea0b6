import Foundation
import JWTKit
import Logging

/// What reading the JWKS file again did.
public enum JWKSReload: Sendable, Equatable {
    /// The file holds other keys than before, and tokens are verified with them from now on; the
    /// `kid`s of its usable keys.
    case reloaded(keyIDs: [String])
    /// The file holds the keys in use.
    case unchanged
    /// The file cannot be used (unreadable, too large, not a JWKS, or a key the start would refuse
    /// too): the keys in use stay, and the reason is logged as a warning.
    case keptLastGood(reason: String)
}

/// Reads the JWKS file of the JWT mode again and, when it holds other valid keys, puts them in
/// place of the verifier's. A file the start would refuse never replaces keys that work: the
/// backend goes on with the last good ones and says why in a warning.
actor JWKSReloader {
    private let settings: JWTAuthentication
    private let path: String
    private let keys: JWTKeySet
    private let logger: Logger
    /// The keys in use, in a canonical encoding, to tell a changed file from a rewritten one.
    private var inUse: Data?

    init(settings: JWTAuthentication, path: String, keys: JWTKeySet, logger: Logger) {
        self.settings = settings
        self.path = path
        self.keys = keys
        self.logger = logger
        inUse = Self.canonical(settings.jwks)
    }

    func reload() async -> JWKSReload {
        let jwks: JWKS
        do {
            jwks = try JWTAuthentication.readJWKS(path: path)
        } catch {
            return keep(error.description)
        }
        let encoded = Self.canonical(jwks)
        if encoded != nil && encoded == inUse { return .unchanged }
        var updated = settings
        updated.jwks = jwks
        let problems = updated.problems()
        guard problems.isEmpty else { return keep(problems.joined(separator: "; ")) }
        let material = JWTKeyMaterial(updated)
        await keys.replace(with: material)
        inUse = encoded
        let keyIDs = (Array(material.rs256.keys) + Array(material.es256.keys)).sorted()
        logger.notice(
            "reloaded the JWKS file", metadata: ["path": "\(path)", "kids": "\(keyIDs.joined(separator: ","))"])
        return .reloaded(keyIDs: keyIDs)
    }

    private func keep(_ reason: String) -> JWKSReload {
        logger.warning(
            "kept the last good JWT keys: the JWKS file cannot be used",
            metadata: ["path": "\(path)", "reason": "\(reason)"])
        return .keptLastGood(reason: reason)
    }

    /// `jwks` encoded with sorted keys: equal for equal key sets however the file was written.
    private static func canonical(_ jwks: JWKS?) -> Data? {
        guard let jwks else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(jwks)
    }
}
