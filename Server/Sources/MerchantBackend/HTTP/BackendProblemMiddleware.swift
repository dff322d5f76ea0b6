import Foundation
import Hummingbird
import Logging

/// Writes every failure as `application/problem+json`: thrown ``BackendProblem``s as they are, the
/// router's own errors (unknown route 404, wrong method 405, body too large 413) as the matching
/// problem, and anything unexpected as a logged 500 that says nothing about the cause.
struct BackendProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    let bodyLimit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let problem as BackendProblem {
            return problem.response()
        } catch let error as HTTPError {
            switch error.status.code {
            case 404:
                return BackendProblem.notFound("No resource at \(request.uri.path).").response()
            case 405:
                return BackendProblem.badRequest(
                    "\(request.method) is not allowed on \(request.uri.path).", status: 405
                ).response()
            case 413:
                return BackendProblem.badRequest("The request body is larger than \(bodyLimit) bytes.", status: 413)
                    .response()
            case 400..<500:
                return BackendProblem.badRequest(
                    error.body ?? "The request is invalid.", status: Int(error.status.code)
                )
                .response()
            default:
                context.logger.error("HTTP error \(error.status.code) from a route")
                return BackendProblem.internalError().response()
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            context.logger.error("unexpected error: \(type(of: error))")
            return BackendProblem.internalError().response()
        }
    }
}

/// Refuses a body whose declared length is over the limit before any route runs.
struct BackendBodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw BackendProblem.badRequest("The request body is larger than \(limit) bytes.", status: 413)
        }
        return try await next(request, context)
    }
}
