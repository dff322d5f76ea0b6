import Foundation

extension SwedbankPaySDK {
    /// Decides whether a URL given to the app is a payment's `paymentUrl`.
    ///
    /// A paymentUrl can come back in three forms, and only these match:
    /// 1. the paymentUrl itself;
    /// 2. the paymentUrl with query parameters added (the Merchant Backend adds `fallback=true`);
    ///    none may be removed or changed, an added parameter may not reuse a name the paymentUrl
    ///    has, and parameters are compared in their percent-encoded form, so a re-encoded value
    ///    (`%20` turned into `+`) does not match;
    /// 3. either of the above with the app's `callbackScheme` in place of the paymentUrl's scheme.
    ///
    /// Everything else must be identical: user, password, host (case-insensitively, as hosts are),
    /// port, path and fragment. An empty path and `/` are the same path. Any other scheme is
    /// refused: accepting every scheme would let any app that can open a URL in ours pose as the
    /// payment's return.
    public struct PaymentURLMatcher: Sendable, Hashable {
        /// The app's custom scheme, or nil when only the paymentUrl's own scheme is accepted.
        public var callbackScheme: String?

        /// Creates a matcher that also accepts `callbackScheme` in place of the paymentUrl's scheme,
        /// or only the paymentUrl's own scheme when it is nil.
        public init(callbackScheme: String?) {
            self.callbackScheme = callbackScheme
        }

        /// Whether `url` is one of the accepted forms of `paymentUrl`.
        public func url(_ url: URL, matches paymentUrl: URL) -> Bool {
            guard
                let candidate = URLComponents(url: url.absoluteURL, resolvingAgainstBaseURL: true),
                let expected = URLComponents(url: paymentUrl.absoluteURL, resolvingAgainstBaseURL: true),
                let candidateScheme = candidate.scheme?.lowercased(),
                let expectedScheme = expected.scheme?.lowercased()
            else { return false }

            let schemeMatches =
                candidateScheme == expectedScheme || candidateScheme == callbackScheme?.lowercased()
            return schemeMatches
                && candidate.percentEncodedUser == expected.percentEncodedUser
                && candidate.percentEncodedPassword == expected.percentEncodedPassword
                && candidate.percentEncodedHost?.lowercased() == expected.percentEncodedHost?.lowercased()
                && candidate.port == expected.port
                && Self.normalizedPath(candidate.percentEncodedPath) == Self.normalizedPath(expected.percentEncodedPath)
                && candidate.percentEncodedFragment == expected.percentEncodedFragment
                && Self.query(of: candidate, contains: expected)
        }

        private static func normalizedPath(_ path: String) -> String {
            path.isEmpty ? "/" : path
        }

        /// Every query item of `expected`, counted with repetition, is also in `candidate`, and the
        /// items `candidate` adds use names of their own: a second `id=…` beside the original
        /// would change what a first-wins reader of the query sees.
        private static func query(of candidate: URLComponents, contains expected: URLComponents) -> Bool {
            var extra: [String: Int] = [:]
            for item in rawQueryItems(candidate) {
                extra[item, default: 0] += 1
            }
            let expectedItems = rawQueryItems(expected)
            for item in expectedItems {
                guard let count = extra[item], count > 0 else { return false }
                extra[item] = count - 1
            }
            let expectedNames = Set(expectedItems.map(name(of:)))
            return extra.allSatisfy { item, count in count == 0 || !expectedNames.contains(name(of: item)) }
        }

        private static func name(of item: String) -> Substring {
            item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        }

        /// The query's `name=value` pieces exactly as written (still percent-encoded).
        private static func rawQueryItems(_ components: URLComponents) -> [String] {
            guard let query = components.percentEncodedQuery, !query.isEmpty else { return [] }
            return query.split(separator: "&", omittingEmptySubsequences: true).map(String.init)
        }
    }
}
