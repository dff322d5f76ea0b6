import Foundation
import Hummingbird
import Logging

/// Writes every failure as `application/problem+json`: ``SandboxProblem``s as they are, the
/// router's own errors (unknown route 404, wrong method 405, body too large 413) mapped to the
/// matching problem, and anything unexpected as a 500 `systemerror` that is also logged.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let problem as SandboxProblem {
            return problem.response()
        } catch let error as HTTPError {
            switch error.status.code {
            case 404:
                return SandboxProblem.notFound("No resource at \(request.uri.path).").response()
            case 405:
                return SandboxProblem.methodNotAllowed("\(request.method) is not allowed on \(request.uri.path).")
                    .response()
            case 413:
                return SandboxProblem(
                    type: SandboxProblem.errorDetail + "payloadtoolarge", title: "Payload Too Large", status: 413,
                    detail: "The request body is too large."
                ).response()
            case 400..<500:
                return SandboxProblem.inputError(error.body ?? "The request is invalid.").response()
            default:
                return SandboxProblem.systemError(error.body ?? "Internal error.").response()
            }
        } catch {
            context.logger.error("unexpected error: \(error)")
            return SandboxProblem.systemError("Internal error.").response()
        }
    }
}
