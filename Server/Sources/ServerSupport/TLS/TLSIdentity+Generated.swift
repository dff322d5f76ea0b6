#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Crypto
import Foundation
import NIOCore
import SwiftASN1
import X509

extension TLSIdentity {
    /// How long a generated certificate is valid: a development server restarts long before.
    public static let generatedLifetime: TimeInterval = 30 * 24 * 3_600

    /// A root certificate made now, and a server certificate it signs for `names` (DNS names
    /// and IP addresses; `localhost`, `127.0.0.1` and `::1` are always added). The root's
    /// private key is dropped when this returns: trusting the root trusts this one server
    /// certificate, and nothing anyone can sign later.
    public static func generated(for names: [String], now: Date = Date()) throws -> TLSIdentity {
        let rootKey = P256.Signing.PrivateKey()
        let serverKey = P256.Signing.PrivateKey()
        let made = UTCTimestamp.format(milliseconds: Int64(now.timeIntervalSince1970 * 1_000))
        let rootName = try DistinguishedName {
            OrganizationName("swedbankpay (local development)")
            CommonName("swedbankpay local root \(made)")
        }
        // An hour back: a device whose clock is a little behind still accepts it.
        let notBefore = now.addingTimeInterval(-3_600)
        let notAfter = now.addingTimeInterval(generatedLifetime)
        let rootPublicKey = Certificate.PublicKey(rootKey.publicKey)
        let root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: rootPublicKey, notValidBefore: notBefore,
            notValidAfter: notAfter, issuer: rootName, subject: rootName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: rootPublicKey)
            },
            issuerPrivateKey: .init(rootKey))
        let serverPublicKey = Certificate.PublicKey(serverKey.publicKey)
        let server = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: serverPublicKey, notValidBefore: notBefore,
            notValidAfter: notAfter, issuer: rootName,
            subject: try DistinguishedName { CommonName(names.first ?? "localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectKeyIdentifier(hash: serverPublicKey)
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: rootPublicKey).keyIdentifier)
                SubjectAlternativeNames(subjectNames(names))
            },
            issuerPrivateKey: .init(rootKey))
        // The root goes along in the chain: a client that already trusts it ignores the copy, and
        // Chromium's `--ignore-certificate-errors-spki-list` finds its key among those presented.
        return try TLSIdentity(chain: [server, root], key: .init(serverKey), trustAnchors: [root])
    }

    /// The subject alternative names of `names` plus the loopback ones, each once: IP addresses
    /// as such, everything else as a DNS name.
    static func subjectNames(_ names: [String]) -> [GeneralName] {
        var seen = Set<String>()
        var result: [GeneralName] = []
        for name in ["localhost", "127.0.0.1", "::1"] + names {
            let bare = name.hasPrefix("[") && name.hasSuffix("]") ? String(name.dropFirst().dropLast()) : name
            guard !bare.isEmpty, seen.insert(bare.lowercased()).inserted else { continue }
            if let address = try? SocketAddress(ipAddress: bare, port: 0) {
                result.append(.ipAddress(ASN1OctetString(contentBytes: address.addressBytes[...])))
            } else {
                result.append(.dnsName(bare))
            }
        }
        return result
    }
}

extension SocketAddress {
    /// The 4 or 16 bytes of an IPv4 or IPv6 address.
    fileprivate var addressBytes: [UInt8] {
        switch self {
        case .v4(let address):
            return withUnsafeBytes(of: address.address.sin_addr) { Array($0) }
        case .v6(let address):
            return withUnsafeBytes(of: address.address.sin6_addr) { Array($0) }
        default:
            return []
        }
    }
}
#endif
