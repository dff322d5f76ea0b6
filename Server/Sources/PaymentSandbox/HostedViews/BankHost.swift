#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Where the sandbox's third-party "bank" page lives: on another host name of the same sandbox,
/// so the payer really leaves the merchant's and the menu's origin (as with a real bank) while no
/// second server is needed. `127.0.0.1` and `localhost` swap; any other host stays (a sandbox
/// behind a public URL has no second name it is known to answer to).
enum BankHost {
    /// The bank page's base (`http://localhost:8081`) for a sandbox base (`http://127.0.0.1:8081`).
    static func base(forSandboxBase base: String) -> String {
        guard var components = URLComponents(string: base), let host = components.host?.lowercased() else {
            return base
        }
        switch host {
        case "127.0.0.1": components.host = "localhost"
        case "localhost": components.host = "127.0.0.1"
        default: return base
        }
        return components.string ?? base
    }
}
#endif
