import Foundation

/// Why the browser host could not do what was asked.
public enum BrowserHostError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No Chromium executable was found.
    case chromiumNotFound(searched: [String])
    /// Chromium started but did not open its DevTools endpoint in time, or exited.
    case launchFailed(String)
    /// The DevTools connection failed or closed.
    case connectionClosed(String)
    /// Chromium answered a command with an error.
    case protocolError(method: String, message: String)
    /// A condition did not become true in time.
    case timedOut(String)
    /// JavaScript threw while being evaluated.
    case javaScriptException(String)
    /// No element matched a CSS selector.
    case elementNotFound(String)

    public var description: String {
        switch self {
        case .chromiumNotFound(let searched):
            return """
                Chromium was not found (looked for \(searched.joined(separator: ", ")) and $CHROMIUM_PATH). \
                Install it with `apt-get install -y chromium` (Debian/Ubuntu), or set CHROMIUM_PATH.
                """
        case .launchFailed(let reason): return "Chromium did not start: \(reason)"
        case .connectionClosed(let reason): return "The DevTools connection closed: \(reason)"
        case .protocolError(let method, let message): return "\(method) failed: \(message)"
        case .timedOut(let what): return "Timed out waiting for \(what)"
        case .javaScriptException(let message): return "JavaScript threw: \(message)"
        case .elementNotFound(let selector): return "No element matches \(selector)"
        }
    }
}
