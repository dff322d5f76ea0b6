#if canImport(Security)
    import Foundation
    import Security
    import SwedbankPaySDK

    extension SwedbankPaySDK.PinPublicKeys {
        /// Pins `pattern` to the given keys; by default, the keys of every certificate
        /// (`.cer`, `.der`, `.crt`) in the main bundle.
        public init(pattern: String, publicKeys: [SecKey] = PinningCertificates.publicKeysInMainBundle()) {
            self.init(
                pattern: pattern,
                publicKeyData: publicKeys.compactMap { SecKeyCopyExternalRepresentation($0, nil) as Data? }
            )
        }

        /// Pins `pattern` to the keys of the named DER certificate files in the main bundle.
        /// Files that are missing or not certificates are skipped.
        public init(pattern: String, certificateFileNames: String...) {
            let keys = certificateFileNames.compactMap { name -> SecKey? in
                guard let url = Bundle.main.url(forResource: name, withExtension: nil) else { return nil }
                return PinningCertificates.publicKey(ofCertificateAt: url)
            }
            self.init(pattern: pattern, publicKeys: keys)
        }
    }

    /// Reads certificates for pinning.
    public enum PinningCertificates {
        /// The public keys of the DER certificates in the main bundle.
        public static func publicKeysInMainBundle() -> [SecKey] {
            ["cer", "der", "crt"]
                .flatMap { Bundle.main.paths(forResourcesOfType: $0, inDirectory: nil) }
                .map { URL(fileURLWithPath: $0) }
                .compactMap(publicKey(ofCertificateAt:))
        }

        static func publicKey(ofCertificateAt url: URL) -> SecKey? {
            guard let data = try? Data(contentsOf: url),
                let certificate = SecCertificateCreateWithData(nil, data as CFData)
            else { return nil }
            return SecCertificateCopyKey(certificate)
        }
    }

    /// Checks server trust for pinned hosts: the system must trust the chain, and one of its
    /// certificates must carry a pinned key. Redirects follow ``SwedbankPaySDK/RedirectRule``
    /// (inherited from ``SwedbankPaySDK/RedirectDelegate``).
    // `RedirectDelegate` is already a `URLSessionTaskDelegate`: restating `URLSessionDelegate` here
    // was an error that only the Apple-only type-check found.
    final class PinningSessionDelegate: SwedbankPaySDK.RedirectDelegate, @unchecked Sendable {
        let pins: [SwedbankPaySDK.PinPublicKeys]

        init(pins: [SwedbankPaySDK.PinPublicKeys]) {
            self.pins = pins
            super.init()
        }

        static func makeSession(pins: [SwedbankPaySDK.PinPublicKeys]) -> URLSession {
            URLSession(configuration: .ephemeral, delegate: PinningSessionDelegate(pins: pins), delegateQueue: nil)
        }

        // An override of RedirectDelegate's method: a method only this subclass declared would not
        // be exposed to Objective-C, URLSession would never call it, and pins would go unchecked.
        override func urlSession(
            _ session: URLSession,
            didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            // `serverTrust` is set exactly for server-trust challenges
            // (NSURLAuthenticationMethodServerTrust).
            guard let trust = challenge.protectionSpace.serverTrust else {
                completionHandler(.performDefaultHandling, nil)
                return
            }
            let verdict = PinnedTrust.verdict(
                pins: pins, host: challenge.protectionSpace.host,
                chainIsTrusted: { SecTrustEvaluateWithError(trust, nil) }, chainKeys: { Self.chainKeys(of: trust) })
            switch verdict {
            case .systemDefault: completionHandler(.performDefaultHandling, nil)
            case .refuse: completionHandler(.cancelAuthenticationChallenge, nil)
            case .trust: completionHandler(.useCredential, URLCredential(trust: trust))
            }
        }

        private static func chainKeys(of trust: SecTrust) -> [Data] {
            let certificates = (SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []
            return certificates.compactMap { certificate in
                SecCertificateCopyKey(certificate).flatMap { SecKeyCopyExternalRepresentation($0, nil) as Data? }
            }
        }
    }
#endif
