import Foundation
import Hummingbird

/// Builds the absolute URLs the sandbox hands out (operation hrefs, script links).
struct PublicURL: Sendable {
    let base: String

    /// The configured public URL, or `http://<Host>` of the request.
    init(configured: URL?, request: Request) {
        if let configured {
            base =
                configured.absoluteString.hasSuffix("/")
                ? String(configured.absoluteString.dropLast()) : configured.absoluteString
        } else {
            let host = request.head.authority ?? "127.0.0.1"
            base = "http://\(host)"
        }
    }

    init(base: String) {
        self.base = base
    }

    /// `base` + `path` (which starts with `/`).
    func url(_ path: String) -> String {
        base + path
    }
}
