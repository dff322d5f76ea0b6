#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import ServerSupport
import SwedbankPaySDK

/// A failure answered as an RFC 7807 problem (`application/problem+json`), with the type URIs of
/// the Swedbank Pay API. Throw it from a route; ``ProblemMiddleware`` writes it (the rendering is
/// in `SandboxProblem+Document.swift`, so this file stays free of the HTTP server and the fuzz
/// targets compile it as it is).
struct SandboxProblem: Error, Sendable {
    var type: String
    var title: String
    var status: Int
    var detail: String?
    /// `problems[]`: each names a bad field (`name`) and what is wrong (`description`).
    var problems: [(name: String, description: String)] = []
    /// Extra top-level members, such as `sessionId`.
    var extra: SwedbankPaySDK.JSONObject = [:]
}

extension SandboxProblem {
    /// The problem with a generic input error scoped to `resource` (`paymentorders/inputerror`, as
    /// the portal documents the payment order API's); any other problem as it is.
    func scoped(to resource: ProblemTypes.Scope) -> SandboxProblem {
        guard type == SwedbankPaySDK.SwedbankPayProblemType.inputError.rawValue else { return self }
        var scoped = self
        scoped.type = ProblemTypes.scoped(type, to: resource)
        return scoped
    }

    /// Runs `work`, scoping its input errors to `resource`.
    static func scoping<T>(to resource: ProblemTypes.Scope, _ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let problem as SandboxProblem {
            throw problem.scoped(to: resource)
        }
    }

    /// 400 `inputerror`, naming each bad field.
    static func inputError(_ detail: String, problems: [(name: String, description: String)] = []) -> SandboxProblem {
        SandboxProblem(
            type: SwedbankPaySDK.SwedbankPayProblemType.inputError.rawValue, title: "Error in input data",
            status: 400, detail: detail, problems: problems)
    }

    /// 401: the merchant's bearer token is missing or unknown.
    static func unauthorized(_ detail: String) -> SandboxProblem {
        SandboxProblem(
            type: ProblemTypes.errorDetail(ProblemTypes.unauthorized), title: "Unauthorized", status: 401,
            detail: detail)
    }

    /// 403 `forbidden`.
    static func forbidden(_ detail: String) -> SandboxProblem {
        SandboxProblem(
            type: SwedbankPaySDK.SwedbankPayProblemType.forbidden.rawValue, title: "Forbidden", status: 403,
            detail: detail)
    }

    /// 404 `notfound`.
    static func notFound(_ detail: String) -> SandboxProblem {
        SandboxProblem(
            type: SwedbankPaySDK.SwedbankPayProblemType.notFound.rawValue, title: "Not Found", status: 404,
            detail: detail)
    }

    /// 405: the path exists but not with this method.
    static func methodNotAllowed(_ detail: String) -> SandboxProblem {
        SandboxProblem(
            type: ProblemTypes.errorDetail(ProblemTypes.methodNotAllowed), title: "Method Not Allowed", status: 405,
            detail: detail)
    }

    /// 409: the operation is not allowed in the resource's current state.
    static func conflict(_ detail: String) -> SandboxProblem {
        SandboxProblem(
            type: ProblemTypes.errorDetail(ProblemTypes.conflict), title: "Conflict", status: 409, detail: detail)
    }

    /// 409 `paymentsessions/operationnotallowed`, as the payment session API answers.
    static func operationNotAllowed(_ detail: String) -> SandboxProblem {
        SandboxProblem(
            type: ProblemTypes.errorDetail(ProblemTypes.operationNotAllowed), title: "Operation not allowed",
            status: 409,
            detail: detail)
    }

    /// 413: the request body is larger than the configured limit (named when known).
    static func payloadTooLarge(limit: Int?) -> SandboxProblem {
        SandboxProblem(
            type: ProblemTypes.errorDetail(ProblemTypes.payloadTooLarge), title: "Payload Too Large", status: 413,
            detail: limit.map { "The request body is larger than \($0) bytes." } ?? "The request body is too large.")
    }

    /// 415: the body is not JSON.
    static func unsupportedMediaType(_ contentType: String?) -> SandboxProblem {
        SandboxProblem(
            type: ProblemTypes.errorDetail(ProblemTypes.unsupportedMediaType), title: "Unsupported Media Type",
            status: 415,
            detail: "Expected application/json, got \(contentType ?? "no content type").")
    }

    /// 500 `systemerror`.
    static func systemError(_ detail: String) -> SandboxProblem {
        SandboxProblem(
            type: SwedbankPaySDK.SwedbankPayProblemType.systemError.rawValue, title: "System error", status: 500,
            detail: detail)
    }
}
#endif
