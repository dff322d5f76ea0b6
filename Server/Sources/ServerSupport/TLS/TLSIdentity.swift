#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Crypto
import Foundation
import HummingbirdCore
import HummingbirdTLS
import NIOCore
import NIOSSL
import SwiftASN1
import X509

/// What a server presents over HTTPS — its certificate chain and private key — and what a
/// client must trust to believe it: ``trustAnchors``.
///
/// Made two ways: ``generated(for:now:)`` (a root made at start signs a certificate for the names
/// given, and the root's key is dropped, so nothing can sign with it again) and
/// ``load(certificateFile:keyFile:)`` (PEM files the operator made, e.g. with mkcert).
public struct TLSIdentity: Sendable {
    /// The server's certificate chain, leaf first.
    public let chain: [Certificate]
    /// The certificates a client trusts to accept ``chain``: the generated root, or the
    /// certificates of the files given (whose own root the machine may already trust).
    public let trustAnchors: [Certificate]
    /// The TLS settings of a server presenting ``chain``, checked when the identity was made.
    public let serverConfiguration: TLSConfiguration

    /// How long a closing connection waits for the peer's `close_notify` before it just closes
    /// (NIOSSL's default is 5 s). HTTP/1.1 frames its messages itself, so nothing is lost; a
    /// stopping server with idle keep-alive connections of clients that do not answer (the
    /// servers' own pooled clients among them) would otherwise wait that long for each.
    public static let shutdownTimeout = TimeAmount.milliseconds(500)

    /// The TLS 1.2 cipher suites served (OpenSSL's names), Mozilla's "intermediate" profile:
    /// ECDHE key exchange with an AEAD cipher only — no CBC, no SHA-1 MAC, no static RSA key
    /// exchange. (Its DHE suites are left out: BoringSSL has none.) TLS 1.3, also served, has
    /// only AEAD suites, which BoringSSL fixes.
    public static let tls12CipherSuites = [
        "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-GCM-SHA384",
        "ECDHE-RSA-AES256-GCM-SHA384", "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305",
    ]

    /// A failure to read or use certificate and key files, saying which and why.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    init(chain: [Certificate], key: Certificate.PrivateKey, trustAnchors: [Certificate]) throws {
        let certificates = try chain.map {
            try NIOSSLCertificate(bytes: Array($0.serializeAsPEM().pemString.utf8), format: .pem)
        }
        let privateKey = try NIOSSLPrivateKey(bytes: Array(key.serializeAsPEM().pemString.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        configuration.minimumTLSVersion = .tlsv12
        configuration.cipherSuites = Self.tls12CipherSuites.joined(separator: ":")
        configuration.shutdownTimeout = Self.shutdownTimeout
        // Made once here, so a key that does not fit the certificate fails at start, not on the
        // first connection.
        _ = try NIOSSLContext(configuration: configuration)
        self.chain = chain
        self.trustAnchors = trustAnchors
        serverConfiguration = configuration
    }

    /// The certificate chain (PEM, leaf first) and private key (PEM: PKCS #8, SEC 1 or RSA) of
    /// two files. Clients are told to trust the chain's certificates.
    public static func load(certificateFile: String, keyFile: String) throws(Failure) -> TLSIdentity {
        let chainText: String
        let keyText: String
        do {
            chainText = try String(contentsOfFile: certificateFile, encoding: .utf8)
            keyText = try String(contentsOfFile: keyFile, encoding: .utf8)
        } catch {
            throw Failure(description: "cannot read the certificate or key file: \(error.localizedDescription)")
        }
        let chain: [Certificate]
        do {
            chain = try PEMDocument.parseMultiple(pemString: chainText).map { try Certificate(pemDocument: $0) }
        } catch {
            throw Failure(description: "\(certificateFile) holds no PEM certificate that can be read: \(error)")
        }
        guard !chain.isEmpty else { throw Failure(description: "\(certificateFile) holds no PEM certificate") }
        let key: Certificate.PrivateKey
        do {
            key = try Certificate.PrivateKey(pemEncoded: keyText)
        } catch {
            throw Failure(description: "\(keyFile) holds no PEM private key that can be read: \(error)")
        }
        guard key.publicKey == chain[0].publicKey else {
            throw Failure(
                description: "the key in \(keyFile) is not the key of the first certificate in \(certificateFile)")
        }
        do {
            return try TLSIdentity(chain: chain, key: key, trustAnchors: chain)
        } catch {
            throw Failure(description: "the certificate and key cannot serve TLS: \(error)")
        }
    }

    /// The trust anchors as PEM, one after another: the file a client is pointed at
    /// (`SSL_CERT_FILE`, `curl --cacert`, `xcrun simctl keychain booted add-root-cert`).
    public var trustAnchorsPEM: String {
        trustAnchors.compactMap { try? $0.serializeAsPEM().pemString }.joined(separator: "\n") + "\n"
    }

    /// Base64 of the SHA-256 of each trust anchor's SubjectPublicKeyInfo: what Chromium's
    /// `--ignore-certificate-errors-spki-list` takes to trust exactly these keys.
    public var trustAnchorSPKIHashes: [String] { trustAnchors.map(Self.spkiHash) }

    /// Base64 of the SHA-256 of `certificate`'s SubjectPublicKeyInfo, the whole DER structure
    /// (algorithm and key), as `openssl pkey -pubin -outform der | openssl dgst -sha256` hashes it.
    public static func spkiHash(_ certificate: Certificate) -> String {
        var serializer = DER.Serializer()
        // A key read from a certificate always serializes.
        try? serializer.serialize(certificate.publicKey)
        return Data(SHA256.hash(data: serializer.serializedBytes)).base64EncodedString()
    }

    /// The certificates of a PEM file, for a client that must trust them.
    public static func certificates(inPEMFile path: String) throws(Failure) -> [Certificate] {
        do {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let found = try PEMDocument.parseMultiple(pemString: text).map { try Certificate(pemDocument: $0) }
            guard !found.isEmpty else { throw Failure(description: "\(path) holds no PEM certificate") }
            return found
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "cannot read certificates from \(path): \(error)")
        }
    }

    /// A client's TLS settings that trust the system's roots and `anchors`.
    public static func clientConfiguration(trusting anchors: [Certificate]) throws -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.shutdownTimeout = shutdownTimeout
        let extra = try anchors.map {
            try NIOSSLCertificate(bytes: Array($0.serializeAsPEM().pemString.utf8), format: .pem)
        }
        if !extra.isEmpty { configuration.additionalTrustRoots = [.certificates(extra)] }
        return configuration
    }

    /// `base` served over TLS with this identity.
    public func server(_ base: HTTPServerBuilder) throws -> HTTPServerBuilder {
        try .tls(base, tlsConfiguration: serverConfiguration)
    }
}
#endif
