#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import HTTPTypes
import Hummingbird
import ServerSupport

/// Applies ``ControlAccess`` to the control routes: reads the headers it needs and answers a
/// refused request with a problem (401 for the token, 403 for the rest) before the route runs.
struct ControlAccessMiddleware<Context: RequestContext>: RouterMiddleware {
    let access: ControlAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let facts = ControlAccess.Request(
            isUnsafe: ![.get, .head, .options].contains(request.method),
            contentType: request.headers.value(.contentType),
            hasControlHeader: request.headers.value(ControlAccess.headerName) != nil,
            origin: request.headers.value(.origin),
            host: request.head.authority,
            authorization: request.headers.value(.authorization))
        if let refusal = access.refusal(facts) { throw Self.problem(refusal) }
        return try await next(request, context)
    }

    /// The problem answering `refusal`.
    static func problem(_ refusal: ControlAccess.Refusal) -> SandboxProblem {
        switch refusal {
        case .foreignOrigin:
            return .forbidden("The control API refuses requests from other origins than the sandbox's own.")
        case .foreignHost:
            return .forbidden(
                "The control API answers only requests addressed to a loopback name or the sandbox's public URL;"
                    + " give the sandbox a control token to reach it under another name.")
        case .missingToken:
            return .unauthorized("The control API needs `Authorization: Bearer <control token>`.")
        case .wrongToken:
            return .unauthorized("The control token is not valid.")
        case .simpleRequest:
            return .forbidden(
                "A control request that changes state must send a JSON body (Content-Type: application/json)"
                    + " or the header \(ControlAccess.header): 1.")
        }
    }
}

extension Router where Context == SandboxRequestContext {
    /// A group for control routes: every route added to it goes through ``ControlAccessMiddleware``.
    func controlGroup(_ configuration: SandboxConfiguration) -> RouterGroup<SandboxRequestContext> {
        group().add(
            middleware: ControlAccessMiddleware(
                access: ControlAccess(
                    controlToken: configuration.controlToken, publicBaseURL: configuration.publicBaseURL,
                    scheme: configuration.scheme)))
    }
}
#endif
