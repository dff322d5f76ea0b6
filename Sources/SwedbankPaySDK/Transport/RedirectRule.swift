import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SwedbankPaySDK {
    /// What the SDK's transport does with an HTTP redirect. A request carries the app's
    /// credentials (a Merchant Backend API key, the user's access token) in its headers and often
    /// a body (an order, a payer), and Foundation copies the headers — and for 307 and 308 the
    /// method and body — into the redirected request, wherever it goes. Neither the Merchant
    /// Backend nor Swedbank Pay's session API redirects to another origin, so:
    ///
    /// - a redirect within the same origin (scheme, host, port) is followed as it is;
    /// - a redirect to another origin, or from https to http, is not followed: the 3xx answer is
    ///   returned as it is (and reads as an unexpected answer), and nothing is sent there.
    ///
    /// Pure, so it is tested on every platform; ``RedirectDelegate`` applies it to a `URLSession`.
    public enum RedirectRule {
        /// The request to follow `redirect` with, coming from `original`; nil to stop there.
        public static func follow(_ redirect: URLRequest, from original: URL?) -> URLRequest? {
            guard let target = redirect.url, let original else { return nil }
            return Origin(original) == Origin(target) ? redirect : nil
        }

        /// Whether `url` may be sent credentials at all: https anywhere, http only to this device
        /// (`localhost`, `127.0.0.0/8`, `::1`), where no network carries it.
        public static func isSecureOrLoopback(_ url: URL) -> Bool {
            switch url.scheme?.lowercased() {
            case "https": return url.host?.isEmpty == false
            case "http": return url.host.map(isLoopback) ?? false
            default: return false
            }
        }

        static func isLoopback(_ host: String) -> Bool {
            let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            if bare == "localhost" || bare == "::1" { return true }
            let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
            return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
        }

        private struct Origin: Equatable {
            var scheme: String?
            var host: String?
            var port: Int?

            init(_ url: URL) {
                scheme = url.scheme?.lowercased()
                host = url.host?.lowercased()
                port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
            }
        }
    }

    /// A `URLSession` delegate that follows redirects by ``RedirectRule``. ``URLSessionHTTPClient``
    /// uses it for the sessions it makes; give it (or call ``RedirectRule`` from your own
    /// delegate) when you pass a session of your own.
    open class RedirectDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        public override init() {}

        /// Follows the redirect when ``RedirectRule/follow(_:from:)`` allows it; otherwise hands
        /// back nil, so the task ends with the redirect response itself.
        ///
        /// The origin compared is that of the redirect response's URL, or of the task's current
        /// request when the response has none. Override it to decide otherwise; call `super` to keep
        /// the rule.
        open func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(RedirectRule.follow(request, from: response.url ?? task.currentRequest?.url))
        }

        /// Leaves a session-level authentication challenge (server trust, client certificates)
        /// to the system. Subclasses override it — public-key pinning does — and, being an
        /// override, their method is the one URLSession finds on every platform.
        open func urlSession(
            _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            completionHandler(.performDefaultHandling, nil)
        }
    }
}
