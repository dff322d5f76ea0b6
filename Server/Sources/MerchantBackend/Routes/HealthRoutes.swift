import Hummingbird
import ServerSupport
import SwedbankPaySDK

/// `/livez` and `/readyz`, open like `/healthz`: what an orchestrator or load balancer asks.
/// `/livez` says the process answers (restart it when it does not); `/readyz` says it should get
/// work: the database answers, its schema has every migration this build knows, and the backend
/// is not draining. A 503 names the first reason it is not ready.
struct HealthRoutes {
    let database: BackendDatabase
    let drain: DrainGate

    func register(open: Router<BackendRequestContext>) {
        open.get("/livez") { _, _ in
            BackendResponse.json(.object(["status": .string("ok")]))
        }
        open.get("/readyz") { _, _ in
            await ready()
        }
    }

    private func ready() async -> Response {
        if !drain.isServing { return Self.notReady("draining") }
        let missing: [Int]
        do {
            missing = try await database.missingMigrations()
        } catch {
            return Self.notReady("database unavailable")
        }
        if !missing.isEmpty {
            return BackendResponse.json(
                .object([
                    "status": .string("migrations missing"),
                    "missing": .array(missing.map { .integer(Int64($0)) }),
                ]), status: 503)
        }
        return BackendResponse.json(.object(["status": .string("ok")]))
    }

    private static func notReady(_ reason: String) -> Response {
        BackendResponse.json(.object(["status": .string(reason)]), status: 503)
    }
}
