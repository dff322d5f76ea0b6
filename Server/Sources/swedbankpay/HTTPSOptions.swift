import ArgumentParser
import Foundation
import ServerSupport

/// The options `serve`, `backend` and `sandbox` share for serving HTTPS (settings of
/// ``ServerSettings``).
///
/// HTTPS matters to apps still on the reference SDK 5.0.3: its payment session turns every `http`
/// link into `https`, so a sandbox over plain HTTP cannot serve it (nor can an app under App
/// Transport Security's defaults reach one).
struct HTTPSOptions: ParsableArguments {
    @Flag(settings.https) var https = false
    @Option(settings.tlsCertificate) var tlsCertificate: String?
    @Option(settings.tlsKey) var tlsKey: String?
    @Option(settings.httpsRootFile) var httpsRootFile: String?

    /// How the servers are to be reached.
    enum Mode {
        case plain
        /// A certificate made at start for the names given; its root goes to the file.
        case generated(rootFile: String)
        case files(certificate: String, key: String)

        /// `http`, or `https` when a certificate is served.
        var scheme: String {
            if case .plain = self { return "http" }
            return "https"
        }
    }

    /// The mode the flags and environment ask for.
    func mode() throws -> Mode {
        let certificate = try settings.tlsCertificate.resolve(tlsCertificate)
        let key = try settings.tlsKey.resolve(tlsKey)
        switch (certificate, key) {
        case (let certificate?, let key?):
            return .files(certificate: certificate, key: key)
        case (nil, nil):
            guard settings.https.resolve(https) else { return .plain }
            return .generated(rootFile: try settings.httpsRootFile.value(httpsRootFile))
        default:
            throw ValidationError("--tls-certificate and --tls-key go together: give both, or --https alone")
        }
    }

    /// The identity `mode` asks for — made (and its root written) or read — or nil for HTTP.
    /// `names` are the hosts the servers are reached at, beside the loopback ones.
    static func identity(_ mode: Mode, names: [String]) throws -> TLSIdentity? {
        switch mode {
        case .plain:
            return nil
        case .generated(let rootFile):
            let identity = try TLSIdentity.generated(for: names)
            do {
                try identity.trustAnchorsPEM.write(toFile: rootFile, atomically: true, encoding: .utf8)
            } catch {
                throw ValidationError("cannot write the root certificate to \(rootFile): \(error.localizedDescription)")
            }
            return identity
        case .files(let certificate, let key):
            do {
                return try TLSIdentity.load(certificateFile: certificate, keyFile: key)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    /// The hosts of `urls` and `host` (unless a wildcard): the names a made certificate covers.
    static func names(host: String, urls: [URL?]) -> [String] {
        let listening = ["0.0.0.0", "::"].contains(host) ? [] : [host]
        return listening + urls.compactMap { $0?.host }
    }

    /// A `curl` command line that trusts the root `mode` made.
    static func curl(_ line: String, _ mode: Mode) -> String {
        guard case .generated(let rootFile) = mode else { return line }
        return line.replacingOccurrences(of: "curl -s ", with: "curl -s --cacert \(rootFile) ")
    }

    /// What the output says about trusting the certificate of `mode`.
    static func trustLines(_ mode: Mode, identity: TLSIdentity) -> [String] {
        switch mode {
        case .plain:
            return []
        case .files(let certificate, _):
            return [
                "HTTPS with \(certificate); clients must trust its root (SPKI SHA-256: \(identity.trustAnchorSPKIHashes.joined(separator: ", ")))."
            ]
        case .generated(let rootFile):
            let path = URL(fileURLWithPath: rootFile).standardizedFileURL.path
            let hash = identity.trustAnchorSPKIHashes.first ?? ""
            return [
                "HTTPS with a certificate made at start; its root (key discarded) is \(path)",
                "Trust it — iOS Simulator: xcrun simctl keychain booted add-root-cert \(path)",
                "          curl: curl --cacert \(path) …; OpenSSL programs: SSL_CERT_FILE=\(path) (replaces their default roots)",
                "          demos: swedbankpay demo native|web --ca-file \(path) (Chromium: --ignore-certificate-errors-spki-list=\(hash))",
                "A new certificate and root are made at each start: trust the new root again, or give your own with --tls-certificate and --tls-key.",
            ]
        }
    }
}
