#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import Logging

/// What a server's problem type says when the router itself fails a request, so one middleware
/// can answer for both servers with each one's type URIs.
public protocol RouterProblems: ProblemDocument {
    /// No route has this path.
    static func routeNotFound(path: String) -> Self
    /// A route has the path but not the method.
    static func methodNotAllowed(method: String, path: String) -> Self
    /// The body is over the server's limit (`limit` bytes when the server knows it).
    static func bodyTooLarge(limit: Int?) -> Self
    /// Another client error the router or a route raised as an `HTTPError`.
    static func invalidRequest(_ detail: String?, status: Int) -> Self
    /// A failure of the server's own; `detail` is the `HTTPError`'s body, nil for any other error
    /// (whose description must not reach the client).
    static func internalError(detail: String?) -> Self
    /// The `instance` member of an answer (a URI naming this occurrence), or nil for none.
    static func newInstance() -> String?
}

/// Writes every failure as `application/problem+json`: thrown problems as they are, the router's
/// own errors (unknown route 404, wrong method 405, body too large 413, other 4xx) and a body
/// broken on the wire (``RequestFramingError``, 400) as the matching problem, and anything unexpected as a logged 500 that says nothing about the cause. A
/// cancelled request stays cancelled. One middleware for both servers, over their problem types.
public struct ProblemMiddleware<Problem: RouterProblems, Context: RequestContext>: RouterMiddleware {
    let bodyLimit: Int?

    /// `bodyLimit` is named in a 413's detail when given.
    public init(_ problem: Problem.Type, bodyLimit: Int? = nil) {
        self.bodyLimit = bodyLimit
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let problem: Problem
        do {
            return try await next(request, context)
        } catch let thrown as Problem {
            problem = thrown
        } catch let framing as RequestFramingError {
            // A body broken on the wire (a chunk size that is not hex, a body cut short): the
            // client's fault, answered and not logged.
            problem = .invalidRequest(framing.detail, status: framing.status)
        } catch let error as HTTPError {
            switch error.status.code {
            case 404: problem = .routeNotFound(path: request.uri.path)
            case 405: problem = .methodNotAllowed(method: "\(request.method)", path: request.uri.path)
            case 413: problem = .bodyTooLarge(limit: bodyLimit)
            case 400..<500: problem = .invalidRequest(error.body, status: Int(error.status.code))
            default:
                context.logger.error("HTTP error \(error.status.code) from a route")
                problem = .internalError(detail: error.body)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            context.logger.error("unexpected error: \(type(of: error))")
            problem = .internalError(detail: nil)
        }
        return problem.response(instance: Problem.newInstance())
    }
}
#endif
