import Foundation

/// Where the backend keeps its orders: an SQLite file (the embedded default) or a PostgreSQL
/// server. One schema and one code path serve both.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// An SQLite database file, created when missing; opened in WAL mode.
    case sqlite(path: String)
    /// A PostgreSQL server, `postgres://user:password@host:port/database[?sslmode=...]`.
    case postgres(url: String)

    /// Parses a `--database` / `--database-url` value: a `postgres://` or `postgresql://` URL, a
    /// `sqlite://` URL, or a file path.
    public static func parse(_ text: String) throws(DatabaseLocationError) -> DatabaseLocation {
        let lower = text.lowercased()
        if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") {
            guard let url = URL(string: text), url.host?.isEmpty == false else {
                throw DatabaseLocationError(message: "the PostgreSQL URL is not a valid URL with a host")
            }
            return .postgres(url: text)
        }
        if lower.hasPrefix("sqlite://") {
            let path = String(text.dropFirst("sqlite://".count))
            guard !path.isEmpty else { throw DatabaseLocationError(message: "the SQLite URL names no file") }
            return .sqlite(path: path)
        }
        if lower.contains("://") {
            throw DatabaseLocationError(message: "only postgres:// URLs and SQLite file paths are supported")
        }
        guard !text.isEmpty else { throw DatabaseLocationError(message: "the database path is empty") }
        return .sqlite(path: text)
    }

    /// Names the database without its password.
    public var description: String {
        switch self {
        case .sqlite(let path): return "SQLite file \(path)"
        case .postgres(let url):
            guard var components = URLComponents(string: url) else { return "PostgreSQL" }
            if components.password != nil { components.password = "redacted" }
            // The marker as `Secret` prints it; URLComponents would percent-encode its brackets.
            let text = (components.string ?? "").replacingOccurrences(of: ":redacted@", with: ":<redacted>@")
            return "PostgreSQL \(text)"
        }
    }
}

/// A database location that cannot be used.
public struct DatabaseLocationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    /// The message alone, as a command line prints it.
    public var description: String { message }
}
