import Foundation
import Hummingbird
import Logging

/// Writes every failure as `application/problem+json`: ``SandboxProblem``s as they are, the
/// router's own errors (unknown route 404, wrong method 405, body too large 413) mapped to the
/// matching problem, and anything unexpected as a 500 `systemerror` that is also logged. Every
/// problem carries an `instance`, as the portal's do: a URI naming this occurrence.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let problem as SandboxProblem {
            return problem.response(instance: Self.instance())
        } catch {
            return Self.problem(for: error, request: request, context: context).response(instance: Self.instance())
        }
    }

    /// `https://api.payex.com/psp/probleminstance/00-<trace id>-<span id>-01`, the shape of the
    /// portal's examples (a W3C trace context), random for each problem.
    static func instance() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = { (value: UInt64) in
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return "https://api.payex.com/psp/probleminstance/00-" + hex(generator.next()) + hex(generator.next()) + "-"
            + hex(generator.next()) + "-01"
    }

    private static func problem(for error: any Error, request: Request, context: Context) -> SandboxProblem {
        do {
            throw error
        } catch let problem as SandboxProblem {
            return problem
        } catch let error as HTTPError {
            switch error.status.code {
            case 404:
                return SandboxProblem.notFound("No resource at \(request.uri.path).")
            case 405:
                return SandboxProblem.methodNotAllowed("\(request.method) is not allowed on \(request.uri.path).")
            case 413:
                return SandboxProblem(
                    type: SandboxProblem.errorDetail + "payloadtoolarge", title: "Payload Too Large", status: 413,
                    detail: "The request body is too large.")
            case 400..<500:
                return SandboxProblem.inputError(error.body ?? "The request is invalid.")
            default:
                return SandboxProblem.systemError(error.body ?? "Internal error.")
            }
        } catch {
            context.logger.error("unexpected error: \(error)")
            return SandboxProblem.systemError("Internal error.")
        }
    }
}
