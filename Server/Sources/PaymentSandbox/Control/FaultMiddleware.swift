#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import NIOHTTP1
import ServerSupport
import SwedbankPaySDK

/// Applies the fault rules to every request outside the control API.
///
/// `status` answers without calling the route; `delay` sleeps (real time, so clients see it; up to
/// a millisecond more, see ``BatchedSleeper``) and then calls it; a rule ``FaultRule/afterRoute``
/// calls the route first and then acts on its answer; `reset` and `hang` answer with a
/// marker response that ``ConnectionFaultHandler`` turns into a closed or silent connection. Without that handler (the in-process test router)
/// the marker response itself arrives: a 502 or 504 problem saying what a socket would have seen.
struct FaultMiddleware<Context: RequestContext>: RouterMiddleware {
    let faults: FaultRuleStore
    let delays: BatchedSleeper
    let applied: BoundedLog<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let path = request.uri.path
        guard !FaultRule.isControlPath(path), let rule = faults.match(method: request.method.rawValue, path: path)
        else {
            return try await next(request, context)
        }
        // A rule applied after the route lets it do its work first; its answer (or its problem)
        // is what the action then replaces, holds back or loses.
        var routed: Result<Response, any Error>?
        if rule.afterRoute {
            do {
                routed = .success(try await next(request, context))
            } catch {
                routed = .failure(error)
            }
        }
        await applied.append("\(request.method.rawValue) \(path)")
        // Someone running the sandbox (or a test of a process running it) sees each fault fire:
        // by its route, never its path, which can hold a session or view token (``LoggedRoute``).
        context.logger.info(
            "fault applied",
            metadata: [
                "fault": .string(rule.id ?? ""), "method": .string(request.method.rawValue),
                "route": .string(LoggedRoute.name(context.endpointPath)),
            ])
        var response: Response
        switch rule.action {
        case .status(let status, let body):
            response = JSONResponse.make(
                SwedbankPaySDK.JSONValue.object(body ?? Self.problem(status: status, rule: rule, path: path)),
                status: status, contentType: "application/problem+json")
        case .delay(let seconds):
            try await delays.sleep(for: .seconds(seconds))
            if let routed {
                response = try routed.get()
            } else {
                response = try await next(request, context)
            }
        case .reset:
            response = SandboxProblem(
                type: SwedbankPaySDK.SwedbankPayProblemType.systemError.rawValue, title: "Bad Gateway", status: 502,
                detail: "Fault \(rule.id ?? ""): a socket client sees the connection reset instead of this answer."
            ).response()
        case .hang:
            response = SandboxProblem(
                type: SwedbankPaySDK.SwedbankPayProblemType.systemError.rawValue, title: "Gateway Timeout",
                status: 504,
                detail: "Fault \(rule.id ?? ""): a socket client gets no answer at all instead of this one."
            ).response()
        }
        response.headers[FaultHeader.name] = FaultHeader.value(rule)
        return response
    }

    /// The problem a `status` fault answers with when the rule has no body: the Swedbank Pay type
    /// that goes with the status, `systemerror` for the rest.
    static func problem(status: Int, rule: FaultRule, path: String) -> SwedbankPaySDK.JSONObject {
        let detail = "Injected by fault rule \(rule.id ?? "") on \(path)."
        let problem: SandboxProblem =
            switch status {
            case 400: .inputError(detail)
            case 401: .unauthorized(detail)
            case 403: .forbidden(detail)
            case 404: .notFound(detail)
            case 409: .conflict(detail)
            default:
                // NIO knows the reason phrases; HTTPTypes leaves them empty for a bare code.
                SandboxProblem(
                    type: SwedbankPaySDK.SwedbankPayProblemType.systemError.rawValue, title: Self.reasonPhrase(status),
                    status: status, detail: detail)
            }
        return problem.document
    }

    private static func reasonPhrase(_ status: Int) -> String {
        let phrase = HTTPResponseStatus(statusCode: status).reasonPhrase
        return phrase.isEmpty || phrase.hasPrefix("HTTP") ? "System error" : phrase
    }
}
#endif
