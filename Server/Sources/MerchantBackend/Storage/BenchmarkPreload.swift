import Foundation
import SQLKit

extension BackendDatabase {
    /// Benchmark support (`swedbankpay bench backend --scale`): writes paid orders straight into
    /// the table, a thousand per statement, not through HTTP, numbered `start..<start + count`.
    /// Every tenth belongs to `reader`, the rest to 10,000 other users. Each row has a response
    /// body of about 1 KB, like a real creation answer. Returns the ids of `reader`'s rows.
    public func preloadPaidOrders(from start: Int, count: Int, reader: String) async throws -> [String] {
        let body =
            "{\"paymentOrder\":{\"id\":\"/psp/paymentorders/preloaded\",\"status\":\"Paid\"},\"filler\":\""
            + String(repeating: "x", count: 960) + "\"}"
        var readerIDs: [String] = []
        var next = start
        let end = start + count
        while next < end {
            let batch = next..<min(next + 1_000, end)
            let rows = batch.map { number -> SQLQueryString in
                let id = "preload-" + String(format: "%010d", number)
                let user = number % 10 == 0 ? reader : "preload-user-\(number % 10_000)"
                if user == reader { readerIDs.append(id) }
                return """
                    (\(bind: id), \(bind: "pre" + id), \(bind: user), \(bind: "/psp/paymentorders/" + id), \
                    \(bind: body), \(bind: Int64(number)))
                    """
            }
            try await sql.raw(
                """
                INSERT INTO payment_orders (id, payee_reference, user_id, psp_id, response_body, created_at, \
                request_hash, operation, currency, amount, vat_amount, creation, status, response_status, updated_at) \
                SELECT v.*, 'preloaded', 'Purchase', 'SEK', 1500, 375, 'created', 'Paid', 201, v.column6 \
                FROM (VALUES \(rows.joined(separator: ", "))) AS v
                """
            ).run()
            next = batch.upperBound
        }
        return readerIDs
    }

    /// Benchmark support: after a bulk preload, PostgreSQL vacuums and analyzes the table — the
    /// work its autovacuum would start on its own soon after a million inserts, done before the
    /// figures are taken rather than during them. SQLite has no such background work.
    public func settleAfterPreload() async throws {
        guard engine == .postgres else { return }
        try await sql.raw("VACUUM (ANALYZE) payment_orders").run()
    }

    /// How many orders the table holds.
    public func orderCount() async throws -> Int {
        try await sql.raw("SELECT COUNT(*) AS n FROM payment_orders").first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// The engine's plans for the lookups an order's life makes: by the app's id and user (status
    /// reads, patches), by Swedbank Pay's id and user (status reads, relayed calls), by Swedbank
    /// Pay's id alone (callbacks) and by idempotency key — for `user`'s order `id` (a preloaded
    /// one), as the engine plans them for those values.
    public func queryPlans(user: String, id: String) async throws -> [(query: String, plan: [String])] {
        let explain = engine == .sqlite ? "EXPLAIN QUERY PLAN" : "EXPLAIN"
        let pspID = "/psp/paymentorders/" + id
        let queries: [(String, SQLQueryString)] = [
            (
                "status read by our id: WHERE user_id = ? AND id = ?",
                "SELECT * FROM payment_orders " + OrderStore.condition(reference: id, user: user)
            ),
            (
                "status read or relayed call by Swedbank Pay's id: WHERE user_id = ? AND psp_id = ?",
                "SELECT * FROM payment_orders " + OrderStore.condition(reference: pspID, user: user)
            ),
            ("callback: WHERE psp_id = ?", "SELECT * FROM payment_orders WHERE psp_id = \(bind: pspID)"),
            (
                "idempotency: WHERE user_id = ? AND idempotency_key = ?",
                "SELECT * FROM payment_orders WHERE user_id = \(bind: user) AND idempotency_key = \(bind: "a-key")"
            ),
        ]
        var plans: [(query: String, plan: [String])] = []
        for (name, query) in queries {
            let rows = try await sql.raw(SQLQueryString("\(unsafeRaw: explain) ") + query).all()
            let lines = rows.map { row -> String in
                let column = engine == .sqlite ? "detail" : "QUERY PLAN"
                return (try? row.decode(column: column, as: String.self)) ?? "?"
            }
            plans.append((name, lines))
        }
        return plans
    }
}
