import Foundation
import Hummingbird
import SwedbankPaySDK

/// The control API for tests and people: the request log (`/sandbox/requests`), fault rules
/// (`/sandbox/faults`) and `POST /sandbox/reset`, behind ``ControlAccessMiddleware`` (no merchant
/// token; a control token when one is configured). Neither faults nor the request log ever touch
/// it.
struct ControlRoutes: SandboxModule {
    let services: SandboxServices
    let control: SandboxControl

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        let open = open.controlGroup(services.configuration)
        open.get("/sandbox/requests") { _, _ in await requests() }
        open.delete("/sandbox/requests") { _, _ in
            await control.requestLog.clear()
            return JSONResponse.noContent()
        }
        open.post("/sandbox/faults") { request, _ in try await addFault(request) }
        open.get("/sandbox/faults") { _, _ in
            JSONResponse.make(
                SwedbankPaySDK.JSONValue.object(["faults": .array(control.faults.all().map(\.json))]))
        }
        open.delete("/sandbox/faults") { _, _ in
            control.faults.removeAll()
            return JSONResponse.noContent()
        }
        open.delete("/sandbox/faults/:id") { _, context in
            let id = context.parameters.get("id") ?? ""
            guard control.faults.remove(id: id) else {
                throw SandboxProblem.notFound("There is no fault rule \"\(id)\"; GET /sandbox/faults lists them.")
            }
            return JSONResponse.noContent()
        }
        open.post("/sandbox/reset") { _, _ in
            await control.resetEverything()
            return JSONResponse.noContent()
        }
    }

    func reset() async {
        await control.reset()
    }

    /// `{"requests": [...], "total": n}`: the kept entries oldest first, and how many were
    /// received since the last clear (more than the list holds once the log is full).
    private func requests() async -> Response {
        let entries = await control.requestLog.all()
        let total = await control.requestLog.totalAppended
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object([
                "requests": .array(entries.map(\.json)), "total": .integer(Int64(total)),
            ]))
    }

    private func addFault(_ request: Request) async throws -> Response {
        let body = try await RequestJSON.object(request, limit: services.configuration.maxRequestBodyBytes)
        let fault = try control.faults.add(FaultRule.parse(body))
        return JSONResponse.make(fault.json, status: 201)
    }
}
