import Hummingbird

/// `/livez` and `/readyz` for container health checks and orchestrators: the sandbox answers, and
/// it has nothing that can be unready, so both say `{"status":"ok"}`. Like the control API they
/// stay out of the request log, which a probe every few seconds would fill.
struct HealthRoutes: SandboxModule {
    static let paths: Set<String> = ["/livez", "/readyz"]

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        for path in Self.paths {
            open.get(RouterPath(path)) { _, _ in JSONResponse.make(["status": "ok"]) }
        }
    }

    func reset() async {}
}
