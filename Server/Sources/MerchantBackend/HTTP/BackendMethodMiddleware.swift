import Hummingbird

/// Answers a request whose path has routes but none for its method — standard or not (`QUERY`,
/// `FOO`) — with a 405 problem naming the allowed methods in `Allow` (RFC 9110 §15.5.6), where the
/// router alone would say 404. Paths with no route at all stay 404.
struct BackendMethodMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Every routed path with the methods it answers, sorted for the `Allow` header.
    private let allowed: [(path: RouterPath, methods: [String])]

    init(routes: [(path: RouterPath, method: HTTPRequest.Method)]) {
        var byPath: [String: (path: RouterPath, methods: Set<String>)] = [:]
        for route in routes {
            byPath[route.path.description, default: (route.path, [])].methods.insert(route.method.rawValue)
            // The router answers HEAD for every GET resource.
            if route.method == .get { byPath[route.path.description]?.methods.insert("HEAD") }
        }
        allowed = byPath.values.map { ($0.path, $0.methods.sorted()) }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let segments = request.uri.path.split(separator: "/", omittingEmptySubsequences: true)
        guard let route = allowed.first(where: { Self.matches($0.path, segments) }),
            !route.methods.contains(request.method.rawValue)
        else {
            return try await next(request, context)
        }
        let allow = route.methods.joined(separator: ", ")
        var response = BackendProblem.badRequest(
            "\(request.method) is not allowed on \(request.uri.path); allowed: \(allow).", status: 405
        ).response()
        response.headers[.allow] = allow
        return response
    }

    /// Whether `segments` is a path `path` routes: same length, each literal equal, each capture any.
    static func matches(_ path: RouterPath, _ segments: [Substring]) -> Bool {
        path.components.count == segments.count && zip(path.components, segments).allSatisfy { $0 ~= $1 }
    }
}
