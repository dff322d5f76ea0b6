#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import ServerSupport

/// The sandbox's problems render as RFC 7807 JSON through ``ProblemDocument``, and the router's own
/// failures through the shared ``ProblemMiddleware``; every answer names its occurrence.
extension SandboxProblem: RouterProblems {
    static func routeNotFound(path: String) -> SandboxProblem { .notFound("No resource at \(path).") }

    static func methodNotAllowed(method: String, path: String) -> SandboxProblem {
        .methodNotAllowed("\(method) is not allowed on \(path).")
    }

    static func bodyTooLarge(limit: Int?) -> SandboxProblem { .payloadTooLarge(limit: limit) }

    /// The API answers client errors as 400 `inputerror`.
    static func invalidRequest(_ detail: String?, status: Int) -> SandboxProblem {
        .inputError(detail ?? "The request is invalid.")
    }

    static func internalError(detail: String?) -> SandboxProblem { .systemError(detail ?? "Internal error.") }

    /// `https://api.payex.com/psp/probleminstance/00-<trace id>-<span id>-01`, the shape of the
    /// portal's examples (a W3C trace context), random for each problem.
    static func newInstance() -> String? {
        var generator = SystemRandomNumberGenerator()
        let hex = { (value: UInt64) in
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return "https://api.payex.com/psp/probleminstance/00-" + hex(generator.next()) + hex(generator.next()) + "-"
            + hex(generator.next()) + "-01"
    }
}
#endif
