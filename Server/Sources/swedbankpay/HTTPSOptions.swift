import ArgumentParser
import Foundation
import ServerSupport

/// The options `serve` and `sandbox` share for serving HTTPS. Each flag has an environment
/// variable; a flag wins.
///
/// HTTPS matters to apps still on the reference SDK 5.0.3: its payment session turns every `http`
/// link into `https`, so a sandbox over plain HTTP cannot serve it (nor can an app under App
/// Transport Security's defaults reach one).
struct HTTPSOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Serve HTTPS with a certificate made at start (for localhost, 127.0.0.1, ::1 and the hosts of --host and the public URLs), signed by a root made with it whose key is never stored; the root is written to --https-root-file. Env: SWEDBANKPAY_HTTPS=1."
        ))
    var https = false

    @Option(
        help: ArgumentHelp(
            "Serve HTTPS with this PEM certificate chain (leaf first) instead of one made at start; needs --tls-key. Env: SWEDBANKPAY_TLS_CERTIFICATE.",
            valueName: "path"))
    var tlsCertificate: String?

    @Option(
        help: ArgumentHelp(
            "The PEM private key of --tls-certificate. Env: SWEDBANKPAY_TLS_KEY.", valueName: "path"))
    var tlsKey: String?

    @Option(
        help: ArgumentHelp(
            "Where --https writes the root certificate clients must trust. Env: SWEDBANKPAY_HTTPS_ROOT_FILE. Default: swedbankpay-https-root.pem.",
            valueName: "path"))
    var httpsRootFile: String?

    /// How the servers are to be reached.
    enum Mode {
        case plain
        /// A certificate made at start for the names given; its root goes to the file.
        case generated(rootFile: String)
        case files(certificate: String, key: String)
    }

    /// The mode the flags and environment ask for.
    func mode() throws -> Mode {
        let certificate = tlsCertificate ?? Environment.value("SWEDBANKPAY_TLS_CERTIFICATE")
        let key = tlsKey ?? Environment.value("SWEDBANKPAY_TLS_KEY")
        switch (certificate, key) {
        case (let certificate?, let key?):
            return .files(certificate: certificate, key: key)
        case (nil, nil):
            guard https || Environment.value("SWEDBANKPAY_HTTPS") == "1" else { return .plain }
            return .generated(
                rootFile: httpsRootFile ?? Environment.value("SWEDBANKPAY_HTTPS_ROOT_FILE")
                    ?? "swedbankpay-https-root.pem")
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
