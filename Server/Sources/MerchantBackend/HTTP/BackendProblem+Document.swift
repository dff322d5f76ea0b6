import ServerSupport

/// The backend's problems render like the sandbox's: RFC 7807 JSON from ``ProblemDocument``, and
/// the router's own failures through the shared ``ProblemMiddleware``.
extension BackendProblem: RouterProblems {
    static func routeNotFound(path: String) -> BackendProblem { .notFound("No resource at \(path).") }

    static func methodNotAllowed(method: String, path: String) -> BackendProblem {
        .badRequest("\(method) is not allowed on \(path).", status: 405)
    }

    static func bodyTooLarge(limit: Int?) -> BackendProblem {
        .badRequest(
            "The request body is larger than \(limit.map(String.init) ?? "the allowed number of") bytes.", status: 413)
    }

    static func invalidRequest(_ detail: String?, status: Int) -> BackendProblem {
        .badRequest(detail ?? "The request is invalid.", status: status)
    }

    /// Never a cause: the app learns only that the backend failed.
    static func internalError(detail: String?) -> BackendProblem { .internalError() }

    static func newInstance() -> String? { nil }
}
