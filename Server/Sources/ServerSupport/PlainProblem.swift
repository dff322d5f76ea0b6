#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import NIOHTTP1
import SwedbankPaySDK

/// The problems of a server that has no problem types of its own (the `/metrics` endpoint):
/// `about:blank`, titled with the status's reason phrase (RFC 7807 §4.2), never a cause.
public struct PlainProblem: RouterProblems {
    public let status: Int
    public let detail: String?

    public init(status: Int, detail: String?) {
        self.status = status
        self.detail = detail
    }

    public var type: String { "about:blank" }
    public var title: String { HTTPResponseStatus(statusCode: status).reasonPhrase }
    public var problems: [(name: String, description: String)] { [] }
    public var extra: SwedbankPaySDK.JSONObject { [:] }

    public static func routeNotFound(path: String) -> PlainProblem {
        PlainProblem(status: 404, detail: "No resource at \(path).")
    }

    public static func methodNotAllowed(method: String, path: String) -> PlainProblem {
        PlainProblem(status: 405, detail: "\(method) is not allowed on \(path).")
    }

    public static func bodyTooLarge(limit: Int?) -> PlainProblem {
        PlainProblem(status: 413, detail: "The request body is too large.")
    }

    public static func invalidRequest(_ detail: String?, status: Int) -> PlainProblem {
        PlainProblem(status: status, detail: detail)
    }

    public static func internalError(detail: String?) -> PlainProblem { PlainProblem(status: 500, detail: nil) }

    public static func newInstance() -> String? { nil }
}
#endif
