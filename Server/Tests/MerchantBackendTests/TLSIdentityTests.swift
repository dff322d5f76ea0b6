import Crypto
import Foundation
import ServerSupport
import SwiftASN1
import Testing
import X509

/// The certificate `--https` makes, and the files `--tls-certificate`/`--tls-key` read.
@Suite struct TLSIdentityTests {
    @Test func aMadeCertificateNamesTheLoopbackAndTheGivenHostsAndItsRootSignedIt() throws {
        let identity = try TLSIdentity.generated(for: ["shop.example.test", "192.168.1.20", "[::1]", "localhost"])
        #expect(identity.chain.count == 2)
        let server = identity.chain[0]
        let root = try #require(identity.trustAnchors.first)
        #expect(identity.chain[1] == root)
        let names = try #require(try server.extensions.subjectAlternativeNames)
        #expect(
            Array(names) == [
                .dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                .ipAddress(ASN1OctetString(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
                .dnsName("shop.example.test"), .ipAddress(ASN1OctetString(contentBytes: [192, 168, 1, 20])),
            ])
        #expect(try server.extensions.basicConstraints == .notCertificateAuthority)
        #expect(try server.extensions.extendedKeyUsage == ExtendedKeyUsage([.serverAuth]))
        #expect(try root.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(server.issuer == root.subject)
        #expect(root.publicKey.isValidSignature(server.signature, for: server))
        #expect(server.notValidAfter.timeIntervalSince(server.notValidBefore) == TLSIdentity.generatedLifetime + 3_600)
    }

    @Test func theKeyHashIsTheWholeSubjectPublicKeyInfosAsChromiumTakesIt() throws {
        let identity = try TLSIdentity.generated(for: [])
        let root = try #require(identity.trustAnchors.first)
        let key = try #require(P256.Signing.PublicKey(root.publicKey))
        // `derRepresentation` is the SubjectPublicKeyInfo: what `openssl pkey -pubin -outform der` writes.
        #expect(
            identity.trustAnchorSPKIHashes == [Data(SHA256.hash(data: key.derRepresentation)).base64EncodedString()])
    }

    @Test func filesAreReadAndAKeyOfAnotherCertificateIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let certificateKey = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("localhost") }
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(certificateKey.publicKey),
            notValidBefore: Date().addingTimeInterval(-60), notValidAfter: Date().addingTimeInterval(3_600),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: Certificate.Extensions(),
            issuerPrivateKey: .init(certificateKey))
        let certificateFile = directory.appendingPathComponent("cert.pem").path
        let keyFile = directory.appendingPathComponent("key.pem").path
        let otherKeyFile = directory.appendingPathComponent("other.pem").path
        try certificate.serializeAsPEM().pemString.write(toFile: certificateFile, atomically: true, encoding: .utf8)
        try certificateKey.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        try P256.Signing.PrivateKey().pemRepresentation.write(toFile: otherKeyFile, atomically: true, encoding: .utf8)

        let loaded = try TLSIdentity.load(certificateFile: certificateFile, keyFile: keyFile)
        #expect(loaded.chain == [certificate])
        #expect(loaded.trustAnchors == [certificate])
        #expect(throws: TLSIdentity.Failure.self) {
            try TLSIdentity.load(certificateFile: certificateFile, keyFile: otherKeyFile)
        }
        do {
            _ = try TLSIdentity.load(certificateFile: certificateFile, keyFile: otherKeyFile)
        } catch {
            #expect(
                error.description
                    == "the key in \(otherKeyFile) is not the key of the first certificate in \(certificateFile)")
        }
        #expect(throws: TLSIdentity.Failure.self) {
            try TLSIdentity.load(certificateFile: keyFile, keyFile: keyFile)
        }
    }
}
