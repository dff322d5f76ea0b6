#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Hummingbird
import ServerSupport

/// `/livez` and `/readyz` for container health checks and orchestrators. `/livez` says the
/// process answers; `/readyz` says it should get work: `{"status":"ok"}`, or 503
/// `{"status":"draining"}` once a graceful shutdown began (the backend's answer, ``DrainPhase``'s
/// rule) — the sandbox has no database or schema that could make it unready otherwise. Like the
/// control API they stay out of the request log, which a probe every few seconds would fill.
struct HealthRoutes: SandboxModule {
    static let paths: Set<String> = ["/livez", "/readyz"]

    let drain: DrainGate

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        open.get("/livez") { _, _ in JSONResponse.make(["status": "ok"]) }
        open.get("/readyz") { _, _ in
            drain.isServing
                ? JSONResponse.make(["status": "ok"]) : JSONResponse.make(["status": "draining"], status: 503)
        }
    }

    func reset() async {}
}
#endif
