#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird
import ServerSupport

/// Refuses a request whose declared `Content-Length` is over the limit with a 413 problem before
/// any route runs, so routes that never read their body are covered too. Bodies without a length
/// (chunked) are caught where they are read (`RequestJSON`, `collectBody(upTo:)`).
struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        if let length = request.headers.value(.contentLength).flatMap({ Int($0) }), length > limit {
            throw SandboxProblem.payloadTooLarge(limit: limit)
        }
        return try await next(request, context)
    }
}
#endif
