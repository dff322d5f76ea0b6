#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import SwedbankPaySDK

/// The control API for tests and people: the request log (`/sandbox/requests`), fault rules
/// (`/sandbox/faults`), the run-time settings (`/sandbox/settings`) and `POST /sandbox/reset`, behind ``ControlAccessMiddleware`` (no merchant
/// token; a control token when one is configured). Neither faults nor the request log ever touch
/// it.
struct ControlRoutes: SandboxModule {
    let services: SandboxServices
    let control: SandboxControl

    func register(merchant: RouterGroup<SandboxRequestContext>, open: Router<SandboxRequestContext>) {
        open.controlGroup(services.configuration).addRoutes(controlRoutes, atPath: "/sandbox")
    }

    /// The control API, by path under `/sandbox`.
    private var controlRoutes: RouteCollection<SandboxRequestContext> {
        let routes = RouteCollection(context: SandboxRequestContext.self)
        routes.get("requests", use: requests)
        routes.delete("requests", use: clearRequests)
        routes.post("faults", use: addFault)
        routes.get("faults", use: faults)
        routes.delete("faults", use: removeAllFaults)
        routes.delete("faults/:id", use: removeFault)
        routes.get("settings", use: settings)
        routes.patch("settings", use: changeSettings)
        routes.post("reset", use: resetEverything)
        return routes
    }

    func reset() async {
        await control.reset()
        services.settings.reset()
    }

    static func json(_ values: SandboxSettings.Values) -> SwedbankPaySDK.JSONValue {
        .object(["strict": .bool(values.strict)])
    }

    /// `PATCH /sandbox/settings` with any of the settings' members: all are checked before any is
    /// changed; unknown members are refused, so a typo does not pass for a change.
    private func changeSettings(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let body = try await RequestJSON.object(request, limit: services.configuration.maxRequestBodyBytes)
        var problems: [(String, String)] = body.keys.sorted().filter { $0 != "strict" }.map {
            ($0, "Not a setting; the settings are: strict.")
        }
        var strict: Bool?
        switch body["strict"] {
        case nil: break
        case .bool(let value)?: strict = value
        case _?: problems.append(("strict", "The field must be true or false."))
        }
        guard problems.isEmpty else { throw SandboxProblem.inputError("The settings are invalid.", problems: problems) }
        let values = services.settings.update { values in
            if let strict { values.strict = strict }
        }
        return JSONResponse.make(Self.json(values))
    }

    /// `{"requests": [...], "total": n}`: the kept entries oldest first, and how many were
    /// received since the last clear (more than the list holds once the log is full).
    private func requests(_ request: Request, context: SandboxRequestContext) async -> Response {
        let entries = await control.requestLog.all()
        let total = await control.requestLog.totalAppended
        return JSONResponse.make(
            SwedbankPaySDK.JSONValue.object([
                "requests": .array(entries.map(\.json)), "total": .integer(Int64(total)),
            ]))
    }

    private func clearRequests(_ request: Request, context: SandboxRequestContext) async -> Response {
        await control.requestLog.clear()
        return JSONResponse.noContent()
    }

    private func addFault(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let body = try await RequestJSON.object(request, limit: services.configuration.maxRequestBodyBytes)
        let fault = try control.faults.add(FaultRule.parse(body))
        return JSONResponse.make(fault.json, status: 201)
    }

    /// `{"faults": [...]}`: the rules in force.
    private func faults(_ request: Request, context: SandboxRequestContext) async -> Response {
        JSONResponse.make(SwedbankPaySDK.JSONValue.object(["faults": .array(control.faults.all().map(\.json))]))
    }

    private func removeAllFaults(_ request: Request, context: SandboxRequestContext) async -> Response {
        control.faults.removeAll()
        return JSONResponse.noContent()
    }

    private func removeFault(_ request: Request, context: SandboxRequestContext) async throws -> Response {
        let id = context.parameters.get("id") ?? ""
        guard control.faults.remove(id: id) else {
            throw SandboxProblem.notFound("There is no fault rule \"\(id)\"; GET /sandbox/faults lists them.")
        }
        return JSONResponse.noContent()
    }

    private func settings(_ request: Request, context: SandboxRequestContext) async -> Response {
        JSONResponse.make(Self.json(services.settings.values))
    }

    private func resetEverything(_ request: Request, context: SandboxRequestContext) async -> Response {
        await control.resetEverything()
        return JSONResponse.noContent()
    }
}
#endif
