import ArgumentParser
import MerchantBackend

/// `--database` and `--database-url`: `serve`, `backend` and `migrate` name their database alike.
struct DatabaseOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The SQLite file, or a postgres:// URL. Env: DATABASE_URL. Default: swedbankpay.sqlite.",
            valueName: "path|url"))
    var database: String?

    @Option(
        name: .customLong("database-url"),
        help: ArgumentHelp("The same as --database (a postgres:// URL).", valueName: "url"))
    var databaseURL: String?

    /// The database `--database` or `--database-url` names, else `DATABASE_URL`, else the SQLite
    /// file `swedbankpay.sqlite`.
    func resolved() throws -> DatabaseLocation {
        if database != nil && databaseURL != nil {
            throw ValidationError("give --database or --database-url, not both")
        }
        let text = database ?? databaseURL ?? Environment.value("DATABASE_URL") ?? "swedbankpay.sqlite"
        do {
            return try DatabaseLocation.parse(text)
        } catch {
            throw ValidationError("--database: \(error.message)")
        }
    }
}
