import Foundation
import Logging
import NIOPosix
import PostgresKit

/// A database of its own that a benchmark makes on a PostgreSQL server and drops when done, so
/// that each run starts empty (as on SQLite, where it gets a new file) and leaves nothing in the
/// database it was pointed at. The server's user needs the `CREATEDB` privilege.
public struct ScratchDatabase: Sendable {
    /// The scratch database, as a location to open.
    public let location: DatabaseLocation
    private let serverURL: String
    private let name: String

    /// Makes the empty database `<prefix>_<random>` on the server of `serverURL` (a
    /// `postgres://` URL naming any database there). `prefix` is lower-case letters, digits and
    /// underscores.
    public static func create(onServerOf serverURL: String, prefix: String) async throws -> ScratchDatabase {
        let name = prefix + "_" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_")
        guard name.count <= 63, name.allSatisfy(allowed.contains) else {
            throw DatabaseLocationError(message: "a scratch database's name is lower-case letters, digits and _")
        }
        guard var components = URLComponents(string: serverURL), components.host?.isEmpty == false else {
            throw DatabaseLocationError(message: "the PostgreSQL URL is not a valid URL with a host")
        }
        components.path = "/" + name
        guard let url = components.string else {
            throw DatabaseLocationError(message: "the PostgreSQL URL is not a valid URL with a host")
        }
        do {
            try await run("CREATE DATABASE \(name)", onServerOf: serverURL)
        } catch {
            // PostgresNIO's errors describe themselves generically; the server's own words (a
            // missing CREATEDB privilege, a refused login) are what the user needs.
            let reason = Self.reason(error)
            throw DatabaseLocationError(
                message:
                    "could not create the database \(name) on \(DatabaseLocation.postgres(url: serverURL)): \(reason)")
        }
        return ScratchDatabase(location: .postgres(url: url), serverURL: serverURL, name: name)
    }

    /// What went wrong, in words: the server's message, or what kept the connection from opening.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return "\(underlying)" }
        return "\(error.code)"
    }

    /// Drops the database, closing the connections still open to it.
    public func drop() async throws {
        try await Self.run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", onServerOf: serverURL)
    }

    /// Runs one statement on a connection of its own to the database `serverURL` names.
    private static func run(_ statement: String, onServerOf serverURL: String) async throws {
        let configuration = try SQLPostgresConfiguration(url: serverURL)
        let logger = Logger(label: "MerchantBackend.scratch-database")
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration.coreConfiguration, id: 1,
            logger: logger
        ).get()
        do {
            try await connection.sql().raw(SQLQueryString(statement)).run()
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}
