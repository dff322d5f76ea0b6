import Foundation
import Hummingbird
import ServerSupport

/// Refuses a body whose declared length is over the limit before any route runs.
struct BackendBodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let length = request.headers.value(.contentLength).flatMap({ Int($0) }), length > limit {
            throw BackendProblem.badRequest("The request body is larger than \(limit) bytes.", status: 413)
        }
        return try await next(request, context)
    }
}
