import ArgumentParser
import MerchantBackend

/// `--database` and `--database-url`: `serve`, `backend` and `migrate` name their database alike.
struct DatabaseOptions: ParsableArguments {
    @Option(settings.database) var database: String?
    @Option(settings.databaseURL) var databaseURL: String?

    /// The database `--database` or `--database-url` names, else `DATABASE_URL`, else the SQLite
    /// file `swedbankpay.sqlite`.
    func resolved() throws -> DatabaseLocation {
        if database != nil && databaseURL != nil {
            throw ValidationError("give --database or --database-url, not both")
        }
        let text = try settings.database.value(database ?? databaseURL)
        do {
            return try DatabaseLocation.parse(text)
        } catch {
            throw ValidationError("--database: \(error.message)")
        }
    }
}
